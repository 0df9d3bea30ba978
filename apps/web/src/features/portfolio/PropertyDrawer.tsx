import { formatLongDate } from '@zview/contracts';
import Close from '@mui/icons-material/Close';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { RiskChip } from '../../ui/RiskChip';
import { portfolioKeys } from './api/keys';
import { fetchPortfolioProperty } from './api/property';
import { LoadError } from '../../ui/TableStates';
import { productName, propertyViewHref } from './model';

function factorsText(factors: unknown): string | null {
  if (!Array.isArray(factors) || !factors.length) return null;
  return factors
    .map((f) =>
      typeof f === 'string'
        ? f
        : typeof f === 'object' && f !== null
          ? String(
              (f as { label?: string; name?: string; feature?: string }).label ??
                (f as { name?: string }).name ??
                (f as { feature?: string }).feature ??
                '',
            )
          : '',
    )
    .filter(Boolean)
    .join(', ');
}

/** The drawer's property (asked for while a row is open), its Property View link and top factors. */
function usePropertyDetail(org: number | null, portfolioId: number, product: string, rowNumber: number | null) {
  const detail = useQuery({
    queryKey: portfolioKeys.property(org, portfolioId, rowNumber ?? 0, product),
    queryFn: ({ signal }) => fetchPortfolioProperty(portfolioId, rowNumber!, product, signal),
    enabled: rowNumber !== null,
    retry: false,
  });
  const data = detail.data;
  const href = data
    ? propertyViewHref({
        address: data.address ?? '',
        latitude: data.geocode.latitude,
        longitude: data.geocode.longitude,
      })
    : null;
  return { detail, data, href, factors: factorsText(data?.result?.topFactors) };
}

/** One property of a portfolio for one product: its score now and in earlier runs, and its uploaded values. */
export function PropertyDrawer({
  org,
  portfolioId,
  product,
  rowNumber,
  onClose,
}: {
  org: number | null;
  portfolioId: number;
  product: string;
  rowNumber: number | null;
  onClose: () => void;
}) {
  const { detail, data, href, factors } = usePropertyDetail(org, portfolioId, product, rowNumber);

  return (
    <Drawer
      anchor="right"
      open={rowNumber !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 460 }, 'data-testid': 'property-drawer' } as object }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 3, py: 2 }}>
        <Typography variant="overline" sx={{ flex: 1, color: 'text.secondary' }}>
          Row {rowNumber} · {productName(product)}
        </Typography>
        <IconButton aria-label="Close" onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>
      <Divider />
      <Box sx={{ p: 3, overflow: 'auto' }}>
        {detail.isPending ? (
          <Stack spacing={1}>
            <Skeleton variant="text" width="80%" height={32} />
            <Skeleton variant="rounded" height={80} />
            <Skeleton variant="rounded" height={160} />
          </Stack>
        ) : detail.isError ? (
          <LoadError what="This property" error={detail.error} onRetry={() => void detail.refetch()} />
        ) : data ? (
          <Stack spacing={3}>
            <Box>
              <Typography variant="h6" sx={{ fontWeight: 700 }} data-testid="drawer-address">
                {data.address || 'No address'}
              </Typography>
              {data.ref && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  Reference {data.ref}
                </Typography>
              )}
            </Box>
            {data.result && data.result.problem === null ? (
              <Stack direction="row" spacing={3} sx={{ alignItems: 'center' }}>
                <Box>
                  <Typography variant="h3" sx={{ fontWeight: 700, lineHeight: 1 }}>
                    {data.result.score?.toFixed(1) ?? '—'}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {productName(product)} score
                  </Typography>
                </Box>
                <Stack spacing={0.5}>
                  {data.result.riskLevel && <RiskChip level={data.result.riskLevel} />}
                  {data.result.confidence !== null && (
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      Confidence {Math.round(data.result.confidence * (data.result.confidence <= 1 ? 100 : 1))}%
                    </Typography>
                  )}
                </Stack>
              </Stack>
            ) : (
              <Typography variant="body2" sx={{ color: 'error.main' }}>
                {data.result?.problem ??
                  data.problem ??
                  data.geocode.problem ??
                  'This property has not been scored yet.'}
              </Typography>
            )}
            {factors && (
              <Box>
                <Typography variant="subtitle2">Main factors</Typography>
                <Typography variant="body2">{factors}</Typography>
              </Box>
            )}
            {href && (
              <Button
                variant="outlined"
                component={RouterLink}
                to={href}
                target="_blank"
                rel="noopener"
                endIcon={<OpenInNew />}
                sx={{ alignSelf: 'flex-start' }}
              >
                Open full property view
              </Button>
            )}
            {data.history.length > 1 && (
              <Box>
                <Typography variant="subtitle2" sx={{ mb: 1 }}>
                  Score history
                </Typography>
                <Table size="small">
                  <TableBody>
                    {data.history.map((run) => (
                      <TableRow key={run.runId}>
                        <TableCell>{formatLongDate(run.scoredAt)}</TableCell>
                        <TableCell>{run.score?.toFixed(1) ?? '—'}</TableCell>
                        <TableCell>
                          {run.riskLevel ? <RiskChip level={run.riskLevel} /> : (run.problem ?? '—')}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            )}
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                Uploaded values
              </Typography>
              <Table size="small" aria-label="Uploaded values">
                <TableBody>
                  {Object.entries(data.values).map(([column, value]) => (
                    <TableRow key={column}>
                      <TableCell sx={{ color: 'text.secondary', width: '40%' }}>{column}</TableCell>
                      <TableCell>{value || '—'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </Stack>
        ) : null}
      </Box>
    </Drawer>
  );
}
