import { MESSAGES } from '@zview/contracts';
import SearchOff from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/** Any unknown path, and any route the user may not open (SPEC §2). */
export function NotFoundPage() {
  return (
    <Box
      sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 6 }}
      data-testid="not-found-page"
    >
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 480 }}>
        <SearchOff sx={{ fontSize: 56, color: 'text.secondary' }} />
        <Typography variant="h4" component="h1">
          Page not found
        </Typography>
        <Typography color="text.secondary">{MESSAGES.pageNotFound}</Typography>
        <Button component={RouterLink} to="/" variant="contained">
          Go to home
        </Button>
      </Stack>
    </Box>
  );
}
