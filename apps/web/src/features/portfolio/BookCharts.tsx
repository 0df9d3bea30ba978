import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { RISK_LEVELS, type Dashboard } from '@zview/contracts';
import { RISK_LEVEL_COLORS, RISK_LEVEL_LABELS } from '../../ui/RiskChip';
import { compactUsd, count, usd } from './analysisFormat';
import { productName } from './model';

type ScoredProduct = Dashboard['products'][number];

/** In place of a chart with nothing in it (an axis of zeros reads as data). */
function NothingToChart({ children }: { children: React.ReactNode }) {
  return (
    <Box
      sx={{ height: 240, display: 'flex', alignItems: 'center', justifyContent: 'center', px: 2 }}
      data-testid="nothing-to-chart"
    >
      <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The dashboard's two charts: score distribution per scored product, value (or rows) by risk level. */
export function BookCharts({ dashboard, product }: { dashboard: Dashboard; product: string }) {
  const scored = dashboard.products.filter((p) => p.runId !== null);
  const current = scored.find((p) => p.product === product) ?? scored[0];
  return (
    <Stack direction="row" spacing={2}>
      <ScoreDistribution scored={scored} />
      <ValueByLevel current={current} byValue={dashboard.hasValue} />
    </Stack>
  );
}

function ScoreDistribution({ scored }: { scored: ScoredProduct[] }) {
  const scoredRows = scored.reduce((sum, p) => sum + p.scoreBands.reduce((n, b) => n + b.count, 0), 0);
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1 }} data-testid="score-distribution">
      <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
        Score distribution
      </Typography>
      {scoredRows === 0 ? (
        <NothingToChart>No row of this book has a score, so there is no distribution to chart.</NothingToChart>
      ) : (
        <BarChart
          height={240}
          xAxis={[
            {
              scaleType: 'band',
              data: (scored[0]?.scoreBands ?? []).map((b) => `${b.from}–${b.to}`),
              label: 'Score',
            },
          ]}
          // Rows are whole: no "0.25" ticks on a small book.
          yAxis={[{ tickMinStep: 1, valueFormatter: (v: number) => count(v), width: 56 }]}
          series={scored.map((p) => ({ data: p.scoreBands.map((b) => b.count), label: productName(p.product) }))}
        />
      )}
    </Paper>
  );
}

function ValueByLevel({ current, byValue }: { current: ScoredProduct | undefined; byValue: boolean }) {
  const figureOf = (level: (typeof RISK_LEVELS)[number]) =>
    current ? (byValue ? current.levels[level].value : current.levels[level].count) : 0;
  const levelTotal = RISK_LEVELS.reduce((sum, level) => sum + figureOf(level), 0);
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1 }} data-testid="value-by-level">
      <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
        {byValue ? 'Insured value' : 'Rows'} by risk level ({current ? productName(current.product) : '—'})
      </Typography>
      {levelTotal === 0 ? (
        <NothingToChart>
          {byValue ? 'No located row has an insured value' : 'No row is located'}, so there is nothing to chart.
        </NothingToChart>
      ) : (
        <BarChart
          height={240}
          xAxis={[
            {
              scaleType: 'band',
              data: RISK_LEVELS.map((level) => RISK_LEVEL_LABELS[level]),
              // Each bar in its level's colour (a series' colours would paint every bar the first).
              colorMap: {
                type: 'ordinal',
                values: RISK_LEVELS.map((level) => RISK_LEVEL_LABELS[level]),
                colors: RISK_LEVELS.map((level) => RISK_LEVEL_COLORS[level].fg),
              },
            },
          ]}
          yAxis={[{ valueFormatter: (v: number) => (byValue ? compactUsd.format(v) : count(v)), width: 64 }]}
          series={[
            {
              data: RISK_LEVELS.map(figureOf),
              label: byValue ? 'Insured value' : 'Rows',
              valueFormatter: (v) => (v === null ? '' : byValue ? usd.format(v) : count(v)),
            },
          ]}
          hideLegend
        />
      )}
    </Paper>
  );
}
