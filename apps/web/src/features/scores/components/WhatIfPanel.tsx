import type { ProductKey } from '@zview/contracts';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useWhatIf } from '../api/whatIf';
import { Section } from './ProductDetail';
import { RiskChip } from './ScoreBadge';

export const WHAT_IF_TITLE = 'What would lower this score';

/** '+0.3' / '−0.9' / '0.0', with a real minus sign as the factors' points are written. */
const points = (credit: number) => {
  const rounded = Math.round(credit * 10) / 10;
  return `${rounded > 0 ? '+' : rounded < 0 ? '−' : ''}${Math.abs(rounded).toFixed(1)}`;
};

/**
 * "What would lower this score" (issue 42): each mitigation the product's model credits, run
 * through the model on this property (server-side, the same model and version as the score),
 * with the score and level it gives alone, and all of them together.
 */
export function WhatIfPanel({ propertyId, product }: { propertyId: string; product: ProductKey }) {
  const { data, isPending, error } = useWhatIf(propertyId, product);
  const result = data?.products.find((p) => p.product === product);
  return (
    <Section
      title={WHAT_IF_TITLE}
      info="Each mitigation is run through this product's model on this property's features; the credit is the change in score the model gives."
      testId="what-if"
    >
      {isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : error || !result ? (
        <Alert severity="warning">The mitigation what-if could not be computed.</Alert>
      ) : result.options.length === 0 ? (
        <Typography color="text.secondary" data-testid="what-if-none">
          No mitigation the model credits would lower this score further.
        </Typography>
      ) : (
        <>
          <Table size="small" aria-label={WHAT_IF_TITLE}>
            <TableHead>
              <TableRow>
                <TableCell>Mitigation</TableCell>
                <TableCell>Change</TableCell>
                <TableCell align="right">Credit</TableCell>
                <TableCell align="right">Score</TableCell>
                <TableCell>Level</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.options.map((option) => (
                <TableRow key={option.key} data-testid={`what-if-${option.key}`}>
                  <TableCell sx={{ fontWeight: 600 }}>
                    {option.name}
                    {option.ca2644_9 && (
                      <Chip
                        size="small"
                        variant="outlined"
                        label="CA 2644.9"
                        sx={{ ml: 1, height: 20, fontSize: 11 }}
                        title="On California's Safer from Wildfires list (10 CCR 2644.9)"
                      />
                    )}
                  </TableCell>
                  <TableCell sx={{ color: 'text.secondary' }}>{option.change}</TableCell>
                  <TableCell align="right" sx={{ color: 'success.main', fontWeight: 700 }}>
                    {points(option.credit)}
                  </TableCell>
                  <TableCell align="right">{option.score.toFixed(1)}</TableCell>
                  <TableCell>
                    <RiskChip level={option.riskLevel} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {result.combined && (
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 1.5 }} data-testid="what-if-combined">
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                All {result.options.length} together: {result.score?.toFixed(1)} → {result.combined.score.toFixed(1)} (
                {points(result.combined.credit)})
              </Typography>
              <RiskChip level={result.combined.riskLevel} />
            </Stack>
          )}
        </>
      )}
    </Section>
  );
}
