import { PRODUCT_DISPLAY_NAMES, isProductKey } from '@zview/contracts';
import { Alert, Box, Chip, Link, List, ListItem, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useMockAddresses } from './api/addresses';

/** /mock-mode-addresses (every signed-in user): locations that answer mock responses, each a link that runs the lookup. */
export default function MockModeAddressesPage() {
  const addresses = useMockAddresses();
  return (
    <Box sx={{ px: 4, py: 3, maxWidth: 960, mx: 'auto', width: '100%' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 0.5 }}>
        Mock mode addresses
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Looking up one of these locations for the products shown answers a mock response (for testing), not the models.
      </Typography>
      <Paper variant="outlined">
        {addresses.isError ? (
          <Alert severity="error">{addresses.error.message}</Alert>
        ) : !addresses.data ? (
          <Skeleton variant="rounded" height={160} />
        ) : addresses.data.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3 }}>
            No mock locations are set up.
          </Typography>
        ) : (
          <List aria-label="Mock locations">
            {addresses.data.map((address) => {
              const query = new URLSearchParams({
                location: address.lookupLocation,
                location_type: address.location_type,
              });
              return (
                <ListItem key={`${address.location_type}|${address.apiVersion}|${address.location}`} divider>
                  <Stack spacing={0.75}>
                    <Link component={RouterLink} to={`/scores?${query.toString()}`} sx={{ fontWeight: 600 }}>
                      {address.lookupLocation}
                    </Link>
                    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
                      <Typography variant="caption" color="text.secondary" sx={{ mr: 0.5 }}>
                        {address.location_type === 'coordinates' ? 'Coordinates (lat,lng)' : 'Address'} · API{' '}
                        {address.apiVersion}
                      </Typography>
                      {address.products.map((p) => (
                        <Chip
                          key={p}
                          size="small"
                          variant="outlined"
                          label={isProductKey(p) ? PRODUCT_DISPLAY_NAMES[p] : p}
                        />
                      ))}
                    </Stack>
                  </Stack>
                </ListItem>
              );
            })}
          </List>
        )}
      </Paper>
    </Box>
  );
}
