import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import TravelExploreOutlined from '@mui/icons-material/TravelExploreOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../../api/errors';

/** Skeletons in the shape of the result: header, cards on the left, imagery on the right. */
export function ResultSkeleton({ cards }: { cards: number }) {
  return (
    <Stack spacing={2.5} data-testid="result-skeleton" aria-busy="true" aria-label="Loading scores">
      <Stack spacing={1}>
        <Skeleton variant="text" width={420} height={36} />
        <Skeleton variant="text" width={520} />
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 7fr) minmax(0, 5fr)', gap: 2.5 }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
          {Array.from({ length: Math.max(1, cards) }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={250} />
          ))}
        </Box>
        <Skeleton variant="rounded" height={430} />
      </Box>
    </Stack>
  );
}

/** What went wrong, in words an underwriter can act on; the API's message for 404 and 400. */
export function errorMessage(error: unknown): { title: string; message: string } {
  if (isApiError(error)) {
    if (error.status === 404) return { title: 'Property not found', message: error.message };
    if (error.status === 400) return { title: 'Please check your search', message: error.message };
    if (error.status === 403)
      return {
        title: 'Not available',
        message: error.message || 'Your organisation does not have access to this product.',
      };
  }
  return {
    title: 'Something went wrong',
    message:
      'We could not load the scores right now. Please try again in a moment, or contact support if it keeps happening.',
  };
}

/** A failed lookup: what went wrong, and (unless the place is unknown or the input bad) Try again. */
export function ResultError({
  error,
  onRetry,
  retrying = false,
}: {
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const retryable = !(isApiError(error) && (error.status === 400 || error.status === 403 || error.status === 404));
  const { title, message } = errorMessage(error);
  return (
    <Paper
      variant="outlined"
      role="alert"
      data-testid="result-error"
      sx={{ p: 4, display: 'flex', gap: 2.5, alignItems: 'flex-start', maxWidth: 760 }}
    >
      <SearchOffOutlined color="warning" sx={{ fontSize: 40 }} />
      <Stack spacing={0.75}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Typography>{message}</Typography>
        {isApiError(error) && error.status === 404 && (
          <Typography variant="body2" color="text.secondary">
            Tip: include the city and state or the ZIP code, or search by coordinates instead.
          </Typography>
        )}
        {onRetry && retryable && (
          <Box>
            <Button variant="outlined" size="small" onClick={onRetry} loading={retrying} sx={{ mt: 1 }}>
              Try again
            </Button>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}

export function EmptySearch({ productNames }: { productNames: string[] }) {
  return (
    <Paper
      variant="outlined"
      data-testid="empty-search"
      sx={{ p: 6, display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1.5 }}
    >
      <Box
        sx={{
          width: 64,
          height: 64,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(29,79,145,0.08)',
          color: 'primary.main',
        }}
      >
        <TravelExploreOutlined sx={{ fontSize: 34 }} />
      </Box>
      <Typography variant="h5" component="h1">
        Look up a property
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 560 }}>
        Search by address, or switch to coordinates and enter latitude and longitude, to see risk scores, the factors
        behind them and the latest imagery.
      </Typography>
      {productNames.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          Your organisation has: <b>{productNames.join(', ')}</b>
        </Typography>
      )}
      <Link component={RouterLink} to="/dashboard/recent" variant="body2" sx={{ fontWeight: 600 }}>
        Recent lookups
      </Link>
    </Paper>
  );
}
