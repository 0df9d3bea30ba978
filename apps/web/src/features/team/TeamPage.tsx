import { TEAM_BULK_ACTIONS, type TeamBulkAction } from '@zview/contracts';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  IconButton,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../session/session';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useNotifications } from '../../ui/notifications';
import { teamAccess } from './access';
import { useBulkAction } from './api/bulkAction';
import { useTeamMembers } from './api/members';
import { BULK_ACTIONS, roleLabel, statusLabel } from './labels';

const STATUS_COLOR: Record<string, 'success' | 'warning' | 'default'> = { active: 'success' };

/** /team: the members of the active organisation; group admins manage them in bulk. */
export default function TeamPage() {
  const session = useSession();
  const { readOnly, canManage, canManageAlerts, canManageNotices } = teamAccess(session);
  const members = useTeamMembers();
  const bulk = useBulkAction();
  const { notify } = useNotifications();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState<TeamBulkAction | null>(null);

  const rows = useMemo(() => members.data ?? [], [members.data]);
  // The signed-in admin cannot act on themself (no locking yourself out).
  const selectable = rows.filter((member) => member.id !== session.user.id);
  const selectedIds = selectable.filter((member) => selected.has(member.id)).map((member) => member.id);
  const allSelected = selectable.length > 0 && selectedIds.length === selectable.length;

  function toggle(id: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function confirmAction() {
    if (!pending) return;
    const action = pending;
    const wording = BULK_ACTIONS[action];
    const userIds = selectedIds;
    setPending(null);
    bulk.mutate(
      { action, userIds },
      {
        onSuccess: () => {
          notify({ text: wording.done(userIds.length), variant: 'success' });
          setSelected(new Set());
        },
        onError: (error) => notify({ text: `${wording.failed} ${error.message}`, variant: 'error' }),
      },
    );
  }

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
          {session.activeOrganization && (
            <Typography color="text.secondary">{session.activeOrganization.name}</Typography>
          )}
        </Box>
        {canManage && (
          <Stack direction="row" spacing={1.5} sx={{ flexShrink: 0 }}>
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
        )}
      </Stack>

      {readOnly && (
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
                disabled={bulk.isPending}
                onClick={() => setPending(action)}
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
          <TableContainer>
            <Table aria-label="Team members">
              <TableHead>
                <TableRow>
                  {canManage && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={allSelected}
                        indeterminate={selectedIds.length > 0 && !allSelected}
                        onChange={() =>
                          setSelected(allSelected ? new Set() : new Set(selectable.map((member) => member.id)))
                        }
                        slotProps={{ input: { 'aria-label': 'Select all members' } }}
                      />
                    </TableCell>
                  )}
                  <TableCell>Name</TableCell>
                  <TableCell>Email</TableCell>
                  <TableCell>Role</TableCell>
                  <TableCell>Status</TableCell>
                  {canManage && <TableCell align="right">Edit</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {members.isPending &&
                  [0, 1, 2].map((index) => (
                    <TableRow key={index}>
                      <TableCell colSpan={canManage ? 6 : 4}>
                        <Skeleton />
                      </TableCell>
                    </TableRow>
                  ))}
                {members.isSuccess && rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={canManage ? 6 : 4} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                      No team members yet.
                    </TableCell>
                  </TableRow>
                )}
                {rows.map((member) => {
                  const name = `${member.firstName} ${member.lastName}`.trim() || member.email;
                  const isSelf = member.id === session.user.id;
                  return (
                    <TableRow key={member.id} hover selected={selected.has(member.id)}>
                      {canManage && (
                        <TableCell padding="checkbox">
                          <Checkbox
                            checked={selected.has(member.id)}
                            disabled={isSelf}
                            onChange={() => toggle(member.id)}
                            slotProps={{ input: { 'aria-label': `Select ${name}` } }}
                          />
                        </TableCell>
                      )}
                      <TableCell>
                        {name}
                        {isSelf && (
                          <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                            (you)
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell>{member.email}</TableCell>
                      <TableCell>{roleLabel(member.role)}</TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          label={statusLabel(member.status)}
                          color={STATUS_COLOR[member.status] ?? 'default'}
                          variant="outlined"
                        />
                      </TableCell>
                      {canManage && (
                        <TableCell align="right">
                          <Tooltip title={`Edit ${name}`}>
                            <IconButton
                              component={RouterLink}
                              to={`/team/edit-member/${encodeURIComponent(member.id)}`}
                              aria-label={`Edit ${name}`}
                              size="small"
                            >
                              <EditOutlined fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        </TableCell>
                      )}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>

      <ConfirmDialog
        open={pending !== null}
        title={pending ? BULK_ACTIONS[pending].title(selectedIds.length) : ''}
        message={pending ? BULK_ACTIONS[pending].message : undefined}
        confirmLabel={pending ? BULK_ACTIONS[pending].label : undefined}
        destructive={pending ? BULK_ACTIONS[pending].destructive : false}
        onConfirm={confirmAction}
        onCancel={() => setPending(null)}
      />
    </Box>
  );
}
