import {
  PRODUCT_DISPLAY_NAMES,
  formatLongDate,
  formatNumber,
  type ProductKey,
  type ProductOverview as Overview,
} from '@zview/contracts';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
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
import { useProductOverview } from '../api/productOverview';
import { useSpecifications } from '../api/specifications';
import { formatContribution, formatScore } from '../model';
import { RiskChip } from './ScoreBadge';

const Heading = ({ children }: { children: string }) => (
  <Typography
    variant="subtitle2"
    component="h2"
    sx={{ textTransform: 'uppercase', letterSpacing: 0.6, color: 'text.secondary', mb: 1 }}
  >
    {children}
  </Typography>
);

/** Data dates and coverage of the product, then the organisation's recent lookups of it. */
function DataAndLookups({ product, name, overview }: { product: ProductKey; name: string; overview: Overview }) {
  const { dataDates, coverage, recentLookups } = overview;
  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 3 }}>
        <Box data-testid="product-data-dates">
          <Heading>Data dates</Heading>
          <Typography variant="body2">
            {dataDates.imageryFrom && dataDates.imageryTo ? (
              <>
                Imagery captured from <b>{formatLongDate(dataDates.imageryFrom)}</b> to{' '}
                <b>{formatLongDate(dataDates.imageryTo)}</b> ({formatNumber(dataDates.captures)} captures)
              </>
            ) : (
              'No imagery on record yet.'
            )}
          </Typography>
          {dataDates.latestEventOn && (
            <Typography variant="body2" color="text.secondary">
              Weather events on record up to {formatLongDate(dataDates.latestEventOn)}
            </Typography>
          )}
        </Box>
        <Box data-testid="product-coverage">
          <Heading>Coverage</Heading>
          <Typography variant="body2">
            <b>{formatNumber(coverage.properties)}</b> properties in {coverage.states.length}{' '}
            {coverage.states.length === 1 ? 'state' : 'states'}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {coverage.states.map((s) => `${s.state} (${formatNumber(s.properties)})`).join(' · ')}
          </Typography>
        </Box>
      </Box>
      <Box data-testid="product-recent-lookups">
        <Heading>{`Your organisation's recent ${name} lookups`}</Heading>
        {recentLookups.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No {name} lookups yet: search an address or coordinates above.
          </Typography>
        ) : (
          <Table size="small" aria-label={`Recent ${name} lookups`}>
            <TableHead>
              <TableRow>
                <TableCell>Property</TableCell>
                <TableCell>Score</TableCell>
                <TableCell align="right">Looked up</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {recentLookups.map((l) => (
                <TableRow key={`${l.propertyId ?? l.location}-${l.at}`} data-testid="product-recent-lookup">
                  <TableCell>
                    <Link
                      component={RouterLink}
                      to={`/scores/${product}?${new URLSearchParams({ location: l.location, location_type: l.locationType })}`}
                    >
                      {l.address}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <b>{formatScore(l.score)}</b> <RiskChip level={l.riskLevel} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
                    {formatLongDate(l.at)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Box>
    </Stack>
  );
}

/**
 * A product page with no property selected (/zfire, /zhail…): what the product measures, its
 * model version and score scale, and every factor with the points it can add or remove.
 */
export function ProductOverview({ product }: { product: ProductKey }) {
  const specifications = useSpecifications();
  const overview = useProductOverview(product);
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
            Model version <b>{spec.modelVersion}</b> · scores from {spec.scoreRange.min} to {spec.scoreRange.max},
            starting at {spec.baseScore.toFixed(1)} · medium risk from {spec.riskLevels.medium}, high from{' '}
            {spec.riskLevels.high}
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
                    {formatContribution(factor.contributionRange.min)} to{' '}
                    {formatContribution(factor.contributionRange.max)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Stack>
      )}
      <Box sx={{ mt: 4 }}>
        {overview.isPending ? (
          <Skeleton variant="rounded" height={120} />
        ) : overview.isError ? (
          <Alert severity="warning">
            The data dates, coverage and recent lookups of {name} could not be loaded right now.
          </Alert>
        ) : (
          <DataAndLookups product={product} name={name} overview={overview.data} />
        )}
      </Box>
    </Paper>
  );
}
