import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { RISK_LEVELS, type BookOverTime } from '@zview/contracts';
import { RISK_LEVEL_COLORS, RISK_LEVEL_LABELS } from '../../ui/RiskChip';
import { compactUsd, count, usd } from './analysisFormat';
import { productName } from './model';

type Point = BookOverTime['points'][number];

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A point's label: its run and the day it finished (two runs of a day stay apart), or "Now". */
export const pointLabel = (point: Point) =>
  point.runId === null ? 'Now' : `Run ${point.runId} · ${day.format(new Date(point.at))}`;

/**
 * A monitored product over time (issue 43): its located rows, and insured value where the file has
 * a value column, by risk level at each finished run and now (with the score changes since). A
 * product the book does not monitor gets a one-line note instead.
 */
export function BookOverTimeChart({ overTime }: { overTime: BookOverTime }) {
  const name = productName(overTime.product);
  if (!overTime.monitored)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="over-time-not-monitored">
        This book does not monitor {name}, so there is no history of its risk levels over time.
      </Typography>
    );
  return (
    <Stack direction="row" spacing={2} data-testid="book-over-time">
      <LevelsOverTime title={`Rows by risk level over time (${name})`} points={overTime.points} figure="count" />
      {overTime.hasValue && (
        <LevelsOverTime
          title={`Insured value by risk level over time (${name})`}
          points={overTime.points}
          figure="value"
        />
      )}
    </Stack>
  );
}

function LevelsOverTime({ title, points, figure }: { title: string; points: Point[]; figure: 'count' | 'value' }) {
  const format = (v: number) => (figure === 'value' ? usd.format(v) : count(v));
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1 }} data-testid={`over-time-${figure}`}>
      <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <BarChart
        height={240}
        xAxis={[{ scaleType: 'band', data: points.map(pointLabel) }]}
        yAxis={[
          {
            valueFormatter: (v: number) => (figure === 'value' ? compactUsd.format(v) : count(v)),
            width: 64,
            ...(figure === 'count' ? { tickMinStep: 1 } : {}),
          },
        ]}
        series={RISK_LEVELS.map((level) => ({
          data: points.map((point) => point.levels[level][figure]),
          label: RISK_LEVEL_LABELS[level],
          color: RISK_LEVEL_COLORS[level].fg,
          stack: 'levels',
          valueFormatter: (v: number | null) => (v === null ? '' : format(v)),
        }))}
      />
    </Paper>
  );
}
