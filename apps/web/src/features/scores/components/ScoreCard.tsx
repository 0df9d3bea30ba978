import type { ScoreResult } from '@zview/contracts';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { productName, topFactors } from '../model';
import { TopFactorList } from './FactorList';
import { ConfidenceLine, RiskChip, ScoreNumber } from './ScoreBadge';

export interface ScoreCardProps {
  result: ScoreResult;
  /** Where "Details" leads (the product view), with the current search kept. */
  detailsTo: string;
  /** The look-back score to show beside today's, when one is chosen. */
  previous?: ScoreResult;
  previousLabel?: string;
  /** Extra controls beside "Details" (the Appeal button of features/appeals). */
  actions?: ReactNode;
  /** Data discovery: the filing finder filtered to this state and product (zorro users only). */
  filingsTo?: { to: string; state: string };
}

/** One product in the summary: name, score, risk level, confidence and its top factors. */
export function ScoreCard({ result, detailsTo, previous, previousLabel, actions, filingsTo }: ScoreCardProps) {
  const name = productName(result.product);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={name}
      data-testid="score-card"
      sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1.5, breakInside: 'avoid' }}
    >
      {/* In a half-width card at the narrowest page the chip wraps below the name; 'Z-STORM' never breaks at its hyphen. */}
      <Stack
        direction="row"
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}
      >
        <Typography
          variant="overline"
          component="h2"
          sx={{ fontSize: 13, fontWeight: 800, letterSpacing: 1.2, lineHeight: 1.4, whiteSpace: 'nowrap' }}
          data-testid="product-name"
        >
          {name}
        </Typography>
        <RiskChip level={result.riskLevel} />
      </Stack>
      {result.riskLevel === 'none' ? (
        <Typography variant="body2" color="text.secondary">
          {result.unavailableReason ?? 'This product could not be scored for this property.'}
        </Typography>
      ) : (
        <>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-end', justifyContent: 'space-between' }}>
            <ScoreNumber result={result} />
            {previous && (
              <Box sx={{ textAlign: 'right' }} data-testid="previous-score">
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {previousLabel}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 700 }}>
                  {previous.score === null ? '—' : previous.score.toFixed(1)}
                </Typography>
              </Box>
            )}
          </Stack>
          <ConfidenceLine result={result} />
          {result.roofAge && (
            <Typography variant="body2" data-testid="card-roof-age">
              Roof installed <b>{result.roofAge.installYear}</b> · {result.roofAge.ageYears}{' '}
              {result.roofAge.ageYears === 1 ? 'year' : 'years'} old
            </Typography>
          )}
          <Divider />
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ fontWeight: 600, textTransform: 'uppercase', letterSpacing: 0.6 }}
          >
            Top factors
          </Typography>
          <TopFactorList factors={topFactors(result.factors)} />
        </>
      )}
      <Box sx={{ flex: 1 }} />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Button
          component={RouterLink}
          to={detailsTo}
          size="small"
          endIcon={<ArrowForward fontSize="small" />}
          sx={{ alignSelf: 'flex-start', ml: -0.75, whiteSpace: 'nowrap', '@media print': { display: 'none' } }}
        >
          {name} details
        </Button>
        {actions}
      </Stack>
      {filingsTo && (
        <Button
          component={RouterLink}
          to={filingsTo.to}
          size="small"
          sx={{ alignSelf: 'flex-start', ml: -0.75, mt: -1, '@media print': { display: 'none' } }}
          data-testid="filings-link"
        >
          Filings in {filingsTo.state} that cite {name}
        </Button>
      )}
    </Paper>
  );
}
