import { formatLongDate, type AssessmentResponse, type ProductKey } from '@zview/contracts';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatScore, productName } from '../model';
import { Section } from './ProductDetail';
import { RiskChip } from './ScoreBadge';
import { errorMessage } from './errorMessage';

export interface LookBackPanelProps {
  products: ProductKey[];
  today: AssessmentResponse;
  then: AssessmentResponse | undefined;
  thenDate: string;
  isPending: boolean;
  error: unknown;
}

function change(now: number | null, before: number | null | undefined): string {
  if (now === null || before === null || before === undefined) return '—';
  const delta = Math.round((now - before) * 10) / 10;
  if (delta === 0) return 'No change';
  return `${delta > 0 ? '+' : '−'}${Math.abs(delta).toFixed(1)}`;
}

/** Historical look-back: the scores as of an earlier capture beside today's. */
export function LookBackPanel({ products, today, then, thenDate, isPending, error }: LookBackPanelProps) {
  return (
    <Section
      title="Historical look-back"
      info="Scores recomputed from the imagery captured on the chosen date, beside today's."
      testId="look-back"
    >
      {isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : error ? (
        <Alert severity="warning">{errorMessage(error).message}</Alert>
      ) : (
        <Table size="small" aria-label="Scores then and now">
          <TableHead>
            <TableRow>
              <TableCell>Product</TableCell>
              <TableCell>As of {formatLongDate(then?.asOf ?? thenDate)}</TableCell>
              <TableCell>Today ({formatLongDate(today.asOf)})</TableCell>
              <TableCell align="right">Change</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {products.map((product) => {
              const now = today.products[product];
              const before = then?.products[product];
              return (
                <TableRow key={product} data-testid="look-back-row">
                  <TableCell sx={{ fontWeight: 700 }}>{productName(product)}</TableCell>
                  <TableCell>
                    {before ? (
                      <>
                        <b>{formatScore(before.score)}</b> <RiskChip level={before.riskLevel} />
                      </>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell>
                    {now ? (
                      <>
                        <b>{formatScore(now.score)}</b> <RiskChip level={now.riskLevel} />
                      </>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700 }}>
                    {change(now?.score ?? null, before?.score)}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}
