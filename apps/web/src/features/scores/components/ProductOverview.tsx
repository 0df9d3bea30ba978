import { PRODUCT_DISPLAY_NAMES, type ProductKey } from '@zview/contracts';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useSpecifications } from '../api/specifications';
import { formatContribution } from '../model';

/**
 * A product page with no property selected (/zfire, /zhail…): what the product measures, its
 * model version and score scale, and every factor with the points it can add or remove.
 */
export function ProductOverview({ product }: { product: ProductKey }) {
  const specifications = useSpecifications();
  const spec = specifications.data?.specifications.find((s) => s.product === product);
  const name = PRODUCT_DISPLAY_NAMES[product as keyof typeof PRODUCT_DISPLAY_NAMES] ?? product.toUpperCase();
  return (
    <Paper variant="outlined" data-testid="product-overview" sx={{ p: 4 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {name}
      </Typography>
      {specifications.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : !spec ? (
        <Alert severity="warning">The description of {name} could not be loaded right now.</Alert>
      ) : (
        <Stack spacing={2}>
          <Typography color="text.secondary">{spec.description}</Typography>
          <Typography variant="body2" data-testid="product-model">
            Model version <b>{spec.modelVersion}</b> · scores from {spec.scoreRange.min} to {spec.scoreRange.max}, starting at {spec.baseScore.toFixed(1)} · medium risk from {spec.riskLevels.medium}, high from {spec.riskLevels.high}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Search an address or coordinates above to see this product for a property.
          </Typography>
          <Table size="small" aria-label={`${name} factors`}>
            <TableHead>
              <TableRow>
                <TableCell>Factor</TableCell>
                <TableCell>What it measures</TableCell>
                <TableCell align="right">Points it can add or remove</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {spec.factors.map((factor) => (
                <TableRow key={factor.key} data-testid="product-factor">
                  <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{factor.name}</TableCell>
                  <TableCell sx={{ color: 'text.secondary' }}>{factor.description}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {formatContribution(factor.contributionRange.min)} to {formatContribution(factor.contributionRange.max)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Stack>
      )}
    </Paper>
  );
}
