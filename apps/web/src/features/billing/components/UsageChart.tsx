import { BILLING_TEXT, type UsageTrend } from '@zview/contracts';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { count, date, productLabel } from '../format';

const DAY = 86_400_000;
const utc = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

/** What the chart says under its title: passed, projected to pass, or within the agreement. */
export function overageNote(trend: UsageTrend): string {
  if (trend.usage > trend.agreement)
    return `Agreement exceeded on ${date(trend.projected_overage_date ?? trend.contract_year_end)}`;
  if (trend.projected_overage_date) return `Projected to exceed the agreement on ${date(trend.projected_overage_date)}`;
  return 'On pace to stay within the agreement';
}

/**
 * Cumulative usage over the current contract year against the committed volume, and where the
 * pace so far leads by the year's end (dashed).
 */
export function UsageChart({ trend }: { trend: UsageTrend }) {
  const start = utc(trend.contract_year_start);
  const end = utc(trend.contract_year_end);
  const last = trend.points.at(-1);
  const lastAt = last ? utc(last.date) : start;
  const pace = last ? last.usage / Math.max(1, (lastAt - start) / DAY + 1) : 0;
  const projectedEnd = Math.round(pace * ((end - start) / DAY + 1));
  const x = [start, ...trend.points.map((p) => utc(p.date)), end].map((t) => new Date(t));
  const actual = [0, ...trend.points.map((p) => p.usage), null];
  const projection = x.map((_, i) =>
    i === x.length - 2 ? (last?.usage ?? 0) : i === x.length - 1 ? projectedEnd : null,
  );
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, flex: '1 1 260px', minWidth: 240, boxSizing: 'border-box', breakInside: 'avoid' }}
      data-testid={`usage-chart-${trend.product}`}
    >
      <Stack direction="row" justifyContent="space-between" alignItems="baseline">
        <Typography sx={{ fontWeight: 700 }}>{productLabel(trend.product)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {count(trend.usage)} of {count(trend.agreement)}
        </Typography>
      </Stack>
      <Typography variant="body2" color={trend.projected_overage_date ? 'warning.dark' : 'success.dark'}>
        {overageNote(trend)}
      </Typography>
      <Box sx={{ height: 220 }}>
        <LineChart
          height={220}
          skipAnimation
          margin={{ left: 10, right: 16, top: 16, bottom: 0 }}
          xAxis={[
            {
              data: x,
              scaleType: 'time',
              min: new Date(start),
              max: new Date(end),
              valueFormatter: (d: Date) => date(d.toISOString().slice(0, 10)),
            },
          ]}
          yAxis={[
            {
              min: 0,
              max: Math.max(trend.agreement, projectedEnd, trend.usage) * 1.05,
              valueFormatter: (v: number) => Intl.NumberFormat('en-US', { notation: 'compact' }).format(v),
            },
          ]}
          series={[
            {
              id: 'usage',
              label: 'Usage',
              data: actual,
              showMark: false,
              color: '#1565c0',
              valueFormatter: (v) => (v === null ? '' : count(v)),
            },
            {
              id: 'projection',
              label: 'Projected',
              data: projection,
              showMark: false,
              color: '#ef6c00',
              connectNulls: false,
              valueFormatter: (v) => (v === null ? '' : count(v)),
            },
          ]}
          sx={{ '& .MuiLineElement-series-projection': { strokeDasharray: '6 4' } }}
          hideLegend
        >
          <ChartsReferenceLine
            y={trend.agreement}
            label={`Agreement ${count(trend.agreement)}`}
            lineStyle={{ stroke: '#2e7d32', strokeDasharray: '2 2' }}
            labelAlign="start"
          />
        </LineChart>
      </Box>
    </Paper>
  );
}

export const CHART_TITLE = BILLING_TEXT.chartTitle;
