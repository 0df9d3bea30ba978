import type { ScoreResult } from '@zview/contracts';
import { RiskChip } from '../../../ui/RiskChip';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { InfoIcon } from '../../../ui/InfoIcon';
import { track } from '../../../api/analytics';
import { RISK_LEVEL_COLORS, capitalize, formatScore, percent } from '../model';

export { RiskChip };

/** The big number: score on the 1–10 scale with its band colour. */
export function ScoreNumber({ result, size = 'large' }: { result: ScoreResult; size?: 'large' | 'small' }) {
  const colors = RISK_LEVEL_COLORS[result.riskLevel];
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.5 }}>
      <Typography
        component="span"
        data-testid="score"
        sx={{
          fontSize: size === 'large' ? 40 : 26,
          fontWeight: 700,
          lineHeight: 1,
          color: colors.fg,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {formatScore(result.score)}
      </Typography>
      {result.score !== null && (
        <Typography component="span" variant="body2" color="text.secondary">
          / 10
        </Typography>
      )}
    </Box>
  );
}

export function ConfidenceLine({ result }: { result: ScoreResult }) {
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center' }}
      onMouseEnter={() => track('confidence_icon', { product: result.product })}
    >
      <Typography variant="body2" color="text.secondary">
        Confidence: <b>{capitalize(result.confidence.label)}</b> ({percent(result.confidence.value)})
      </Typography>
      <InfoIcon
        text="How sure the model is of this score, from the quality and age of the imagery and how many of its inputs were observed rather than prefilled from regional defaults."
        fontSize="inherit"
      />
    </Stack>
  );
}
