import { Button, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** What a team manager reaches from the team page: API keys, notice wording, alerts, adding members. */
export function TeamAdminLinks({
  canManageNotices,
  canManageAlerts,
}: {
  canManageNotices: boolean;
  canManageAlerts: boolean;
}) {
  return (
    // Wraps rather than running past the page's edge at the minimum width (768 px, five links for an admin).
    <Stack direction="row" useFlexGap sx={{ columnGap: 1.5, rowGap: 1, flexWrap: 'wrap', minWidth: 0 }}>
      <Button variant="text" component={RouterLink} to="/team/api-keys">
        API keys
      </Button>
      {canManageNotices && (
        <Button variant="text" component={RouterLink} to="/settings/notices">
          Notice wording
        </Button>
      )}
      {canManageAlerts && (
        <Button variant="text" component={RouterLink} to="/zportfolio/alerts">
          Alerts & webhooks
        </Button>
      )}
      <Button variant="outlined" component={RouterLink} to="/team/add-multiple-members">
        Add multiple members
      </Button>
      <Button variant="contained" component={RouterLink} to="/team/add-new-member">
        Add new member
      </Button>
    </Stack>
  );
}
