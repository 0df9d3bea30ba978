import { SCORE_MAX, SCORE_MIN, type ScoreResult } from '@zview/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { RISK_LEVEL_COLORS, factorsByImpact, formatContribution, formatScore } from '../model';

interface Step {
  key: string;
  label: string;
  from: number;
  to: number;
  kind: 'base' | 'up' | 'down' | 'zero' | 'total';
  text: string;
}

/** The steps from the base score through each factor (largest first) to the score. */
export function waterfallSteps(result: ScoreResult): Step[] {
  const steps: Step[] = [
    {
      key: 'base',
      label: 'Base score',
      from: SCORE_MIN,
      to: result.baseScore,
      kind: 'base',
      text: result.baseScore.toFixed(1),
    },
  ];
  let running = result.baseScore;
  for (const factor of factorsByImpact(result.factors)) {
    const next = running + factor.contribution;
    steps.push({
      key: factor.key,
      label: factor.name,
      from: running,
      to: next,
      kind: factor.contribution > 0 ? 'up' : factor.contribution < 0 ? 'down' : 'zero',
      text: formatContribution(factor.contribution),
    });
    running = next;
  }
  steps.push({
    key: 'score',
    label: 'Score',
    from: SCORE_MIN,
    to: result.score ?? running,
    kind: 'total',
    text: formatScore(result.score),
  });
  return steps;
}

const position = (value: number) =>
  `${((Math.min(SCORE_MAX, Math.max(SCORE_MIN, value)) - SCORE_MIN) / (SCORE_MAX - SCORE_MIN)) * 100}%`;

/**
 * A horizontal waterfall on the 1–10 scale: each factor moves the running score from the base
 * to the final score (contributions sum exactly to score − base, so the last bar lands on it).
 */
export function WaterfallChart({ result }: { result: ScoreResult }) {
  const steps = waterfallSteps(result);
  const colors: Record<Step['kind'], string> = {
    base: '#8b97a8',
    up: '#c0392b',
    down: '#1e8449',
    zero: '#8b97a8',
    total: RISK_LEVEL_COLORS[result.riskLevel].fg,
  };
  return (
    <Box
      role="img"
      aria-label={`Score waterfall from base ${result.baseScore.toFixed(1)} to ${formatScore(result.score)}`}
      data-testid="waterfall"
    >
      {steps.map((step) => {
        const left = Math.min(step.from, step.to);
        const right = Math.max(step.from, step.to);
        return (
          <Box
            key={step.key}
            sx={{ display: 'grid', gridTemplateColumns: '180px 1fr 56px', alignItems: 'center', gap: 1.5, py: 0.5 }}
          >
            <Typography
              variant="body2"
              noWrap
              title={step.label}
              sx={{ fontWeight: step.kind === 'total' || step.kind === 'base' ? 700 : 400 }}
            >
              {step.label}
            </Typography>
            <Box sx={{ position: 'relative', height: 16, bgcolor: '#f1f4f8', borderRadius: 0.5 }}>
              <Box
                sx={{
                  position: 'absolute',
                  top: 2,
                  bottom: 2,
                  left: position(left),
                  width: `max(2px, calc(${position(right)} - ${position(left)}))`,
                  bgcolor: colors[step.kind],
                  borderRadius: 0.5,
                  printColorAdjust: 'exact',
                  WebkitPrintColorAdjust: 'exact',
                }}
              />
            </Box>
            <Typography
              variant="body2"
              sx={{ textAlign: 'right', fontWeight: 700, fontVariantNumeric: 'tabular-nums', color: colors[step.kind] }}
            >
              {step.text}
            </Typography>
          </Box>
        );
      })}
      <Box sx={{ display: 'grid', gridTemplateColumns: '180px 1fr 56px', gap: 1.5 }}>
        <span />
        <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
          {[1, 4, 7, 10].map((tick) => (
            <Typography key={tick} variant="caption" color="text.secondary">
              {tick}
            </Typography>
          ))}
        </Box>
        <span />
      </Box>
    </Box>
  );
}
