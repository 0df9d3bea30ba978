import type { ScoreResult } from '@zview/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RiskChip } from '../../../ui/RiskChip';
import { factorChanges, formatScore } from '../model';

function ScoreColumn({ title, result, testId }: { title: string; result: ScoreResult; testId: string }) {
  return (
    <Box data-testid={testId}>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ fontWeight: 700, textTransform: 'uppercase', letterSpacing: 0.6 }}
      >
        {title}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 0.5 }}>
        <Typography sx={{ fontSize: 34, fontWeight: 800, lineHeight: 1 }} data-testid={`${testId}-score`}>
          {formatScore(result.score)}
        </Typography>
        <RiskChip level={result.riskLevel} />
      </Stack>
      <Typography variant="caption" color="text.secondary">
        Model {result.modelVersion}
      </Typography>
    </Box>
  );
}

/** A factor's contribution as a bar from the middle (positive to the right, red; negative to the left, green). */
function Bar({ value, max }: { value: number; max: number }) {
  const width = max ? (Math.abs(value) / max) * 50 : 0;
  return (
    <Box sx={{ position: 'relative', height: 12, bgcolor: 'action.hover', borderRadius: 0.5 }}>
      <Box sx={{ position: 'absolute', left: '50%', top: 0, bottom: 0, width: '1px', bgcolor: 'divider' }} />
      <Box
        sx={{
          position: 'absolute',
          top: 1,
          bottom: 1,
          borderRadius: 0.5,
          bgcolor: value > 0 ? '#c0392b' : '#1e8449',
          left: value >= 0 ? '50%' : `${50 - width}%`,
          width: `${width}%`,
        }}
      />
    </Box>
  );
}

/** Old and new score, level and factor waterfall side by side (what a recalculation shows). */
export function ScoreComparison({ current, recalculated }: { current: ScoreResult; recalculated: ScoreResult }) {
  const rows = factorChanges(current, recalculated);
  const max = Math.max(0.01, ...rows.flatMap((r) => [Math.abs(r.before), Math.abs(r.after)]));
  const delta =
    current.score !== null && recalculated.score !== null
      ? Math.round((recalculated.score - current.score) * 10) / 10
      : null;
  return (
    <Box data-testid="score-comparison">
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, mb: 1.5 }}>
        <ScoreColumn title="Current" result={current} testId="score-current" />
        <ScoreColumn title="With the changes" result={recalculated} testId="score-recalculated" />
      </Box>
      {delta !== null && (
        <Typography
          variant="body2"
          sx={{ mb: 1.5, fontWeight: 600, color: delta > 0 ? '#c0392b' : delta < 0 ? '#1e8449' : 'text.secondary' }}
          data-testid="score-delta"
        >
          {delta === 0
            ? 'The score does not change.'
            : `The score ${delta > 0 ? 'rises' : 'falls'} by ${Math.abs(delta).toFixed(1)} points.`}
        </Typography>
      )}
      <Box
        role="table"
        aria-label="Factor contributions before and after"
        sx={{
          display: 'grid',
          gridTemplateColumns: '150px 1fr 44px 1fr 44px',
          columnGap: 1,
          rowGap: 0.5,
          alignItems: 'center',
        }}
      >
        <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 700 }}>
          Factor
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 700, gridColumn: 'span 2' }}>
          Current (from base {current.baseScore.toFixed(1)})
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 700, gridColumn: 'span 2' }}>
          With the changes
        </Typography>
        {rows.map((row) => (
          <Box
            key={row.key}
            role="row"
            sx={{ display: 'contents', '& > *': { fontWeight: row.before !== row.after ? 700 : 400 } }}
            data-changed={row.before !== row.after}
          >
            <Typography variant="body2" noWrap title={row.name}>
              {row.name}
            </Typography>
            <Bar value={row.before} max={max} />
            <Typography variant="caption" sx={{ textAlign: 'right' }}>
              {row.before > 0 ? '+' : ''}
              {row.before.toFixed(2)}
            </Typography>
            <Bar value={row.after} max={max} />
            <Typography variant="caption" sx={{ textAlign: 'right' }}>
              {row.after > 0 ? '+' : ''}
              {row.after.toFixed(2)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
