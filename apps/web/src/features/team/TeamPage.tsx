import { TEAM_BULK_ACTIONS } from '@zview/contracts';
import { Alert, Box, Button, Paper, Stack, Toolbar, Typography } from '@mui/material';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { TeamAdminLinks } from './components/TeamAdminLinks';
import { TeamMembersTable } from './components/TeamMembersTable';
import { BULK_ACTIONS } from './labels';
import { useTeamPage } from './useTeamPage';

/** /team: the members of the active organisation; group admins manage them in bulk. */
export default function TeamPage() {
  const page = useTeamPage();
  const { canManage, members, pending } = page;
  const { selectedIds } = page.selection;

  return (
    <Box sx={{ p: 4, maxWidth: 1200, mx: 'auto' }}>
      <Stack
        direction="row"
        alignItems="flex-end"
        justifyContent="space-between"
        sx={{ mb: 3, columnGap: 3, rowGap: 2, flexWrap: 'wrap' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            Team Management
          </Typography>
          {page.organizationName && <Typography color="text.secondary">{page.organizationName}</Typography>}
        </Box>
        {canManage && (
          <TeamAdminLinks canManageNotices={page.canManageNotices} canManageAlerts={page.canManageAlerts} />
        )}
      </Stack>

      {page.readOnly && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Your organisation manages its members through single sign-on, so the team is read-only here.
        </Alert>
      )}

      <Paper variant="outlined">
        {canManage && selectedIds.length > 0 && (
          <Toolbar sx={{ gap: 1, bgcolor: 'action.selected' }} aria-label="Bulk actions">
            <Typography sx={{ flex: 1 }} fontWeight={600}>
              {selectedIds.length} selected
            </Typography>
            {TEAM_BULK_ACTIONS.map((action) => (
              <Button
                key={action}
                size="small"
                variant={BULK_ACTIONS[action].destructive ? 'outlined' : 'text'}
                color={BULK_ACTIONS[action].destructive ? 'error' : 'primary'}
                disabled={page.bulkBusy}
                onClick={() => page.ask(action)}
              >
                {BULK_ACTIONS[action].label}
              </Button>
            ))}
          </Toolbar>
        )}
        {members.isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            Could not load the team. {members.error.message}
          </Alert>
        ) : (
          <TeamMembersTable page={page} />
        )}
      </Paper>

      <ConfirmDialog
        open={pending !== null}
        title={pending ? BULK_ACTIONS[pending].title(selectedIds.length) : ''}
        message={pending ? BULK_ACTIONS[pending].message : undefined}
        confirmLabel={pending ? BULK_ACTIONS[pending].label : undefined}
        destructive={pending ? BULK_ACTIONS[pending].destructive : false}
        onConfirm={page.confirmAction}
        onCancel={page.cancel}
      />
    </Box>
  );
}
