import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';

export interface PendingPageProps {
  title: string;
  description: string;
}

/** The panel a route shows while the screen behind it is still being built. */
export function PendingPage({ title, description }: PendingPageProps) {
  const { pathname } = useLocation();
  return (
    <Box sx={{ flex: 1, display: 'flex', alignItems: 'flex-start', justifyContent: 'center', px: 4, py: 8 }}>
      <Paper variant="outlined" sx={{ maxWidth: 640, width: '100%', p: 5, borderRadius: 2 }} data-testid="pending-page">
        <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
          <Box
            sx={{ width: 56, height: 56, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: 'rgba(26,163,154,0.12)', color: 'secondary.main' }}
          >
            <ConstructionOutlined fontSize="large" />
          </Box>
          <Chip label="Coming soon" size="small" variant="outlined" color="secondary" sx={{ fontWeight: 600 }} />
          <Typography variant="h4" component="h1">
            {title}
          </Typography>
          <Typography color="text.secondary">{description}</Typography>
          <Typography color="text.primary" sx={{ fontWeight: 500 }}>
            This part of Z-VIEW is not available yet.
          </Typography>
          {pathname !== '/' && (
            <Button component={RouterLink} to="/" variant="outlined">
              Back to home
            </Button>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}

/** A page component bound to its texts, for the route table. */
export function pendingPage(props: PendingPageProps): ComponentType {
  return function Pending() {
    return <PendingPage {...props} />;
  };
}
