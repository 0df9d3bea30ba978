import type { TeamMember } from '@zview/contracts';
import {
  Checkbox,
  Chip,
  IconButton,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Link as RouterLink } from 'react-router';
import { roleLabel, statusLabel } from '../labels';
import type { TeamPageState } from '../useTeamPage';

const STATUS_COLOR: Record<string, 'success' | 'warning' | 'default'> = { active: 'success' };

/** The members with role and status; managers select them for bulk actions and edit each one. */
export function TeamMembersTable({ page }: { page: TeamPageState }) {
  const { canManage, members, rows, selection } = page;
  const columns = canManage ? 6 : 4;
  return (
    <TableContainer>
      <Table aria-label="Team members">
        <TableHead>
          <TableRow>
            {canManage && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={selection.allSelected}
                  indeterminate={selection.selectedIds.length > 0 && !selection.allSelected}
                  onChange={selection.toggleAll}
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
                <TableCell colSpan={columns}>
                  <Skeleton />
                </TableCell>
              </TableRow>
            ))}
          {members.isSuccess && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                No team members yet.
              </TableCell>
            </TableRow>
          )}
          {rows.map((member) => (
            <MemberRow key={member.id} member={member} page={page} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function MemberRow({ member, page }: { member: TeamMember; page: TeamPageState }) {
  const { canManage, selection } = page;
  const name = `${member.firstName} ${member.lastName}`.trim() || member.email;
  const isSelf = member.id === page.selfId;
  return (
    <TableRow hover selected={selection.selected.has(member.id)}>
      {canManage && (
        <TableCell padding="checkbox">
          <Checkbox
            checked={selection.selected.has(member.id)}
            disabled={isSelf}
            onChange={() => selection.toggle(member.id)}
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
}
