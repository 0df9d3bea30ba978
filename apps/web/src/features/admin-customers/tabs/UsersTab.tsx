import type { ORGANIZATION_ROLES } from '@zview/contracts';
import { Alert, Button, MenuItem, Paper, Stack, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useConfirm } from '../../../ui/ConfirmDialog';
import { useNotifications } from '../../../ui/notifications';
import { useAddAccess, useCustomerUsers, useRevokeAccess } from '../api/users';
import { QueryTable } from '../../../ui/QueryTable';

/** The customer's users: add access (an existing user by email, or a new one invited) and revoke it. */
export function UsersTab({ customerId }: { customerId: number }) {
  const users = useCustomerUsers(customerId);
  const add = useAddAccess(customerId);
  const revoke = useRevokeAccess(customerId);
  const confirm = useConfirm();
  const { notify } = useNotifications();
  const [form, setForm] = useState({
    email: '',
    firstName: '',
    lastName: '',
    role: 'member' as (typeof ORGANIZATION_ROLES)[number],
  });

  function submit() {
    add.mutate(
      {
        user: {
          email: form.email.trim(),
          firstName: form.firstName.trim() || undefined,
          lastName: form.lastName.trim() || undefined,
          role: form.role,
        },
      },
      {
        onSuccess: (result) => {
          notify({
            text: result.invited ? `${result.user.email} was invited.` : `${result.user.email} now has access.`,
            variant: 'success',
          });
          setForm({ email: '', firstName: '', lastName: '', role: 'member' });
        },
      },
    );
  }

  async function revokeUser(user: { id: string; email: string }) {
    const ok = await confirm({
      title: 'Revoke access',
      message: `${user.email} will no longer be able to act for this customer.`,
      confirmLabel: 'Revoke',
      destructive: true,
    });
    if (ok)
      revoke.mutate(user.id, {
        onSuccess: () => notify({ text: `Access of ${user.email} revoked.`, variant: 'success' }),
        onError: (e) => notify({ text: e.message, variant: 'error' }),
      });
  }

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1.5 }}>
          Add a user
        </Typography>
        {add.isError && (
          <Alert severity="error" sx={{ mb: 1.5 }}>
            {add.error.message}
          </Alert>
        )}
        <Stack direction="row" spacing={1.5}>
          <TextField
            size="small"
            label="Email"
            required
            value={form.email}
            onChange={(e) => setForm({ ...form, email: e.target.value })}
            sx={{ flex: 2 }}
          />
          <TextField
            size="small"
            label="First name"
            value={form.firstName}
            onChange={(e) => setForm({ ...form, firstName: e.target.value })}
            sx={{ flex: 1 }}
          />
          <TextField
            size="small"
            label="Last name"
            value={form.lastName}
            onChange={(e) => setForm({ ...form, lastName: e.target.value })}
            sx={{ flex: 1 }}
          />
          <TextField
            size="small"
            select
            label="Role"
            value={form.role}
            onChange={(e) => setForm({ ...form, role: e.target.value as typeof form.role })}
            sx={{ width: 130 }}
          >
            <MenuItem value="member">Member</MenuItem>
            <MenuItem value="admin">Admin</MenuItem>
          </TextField>
          <Button variant="contained" onClick={submit} disabled={!form.email.trim() || add.isPending}>
            Add access
          </Button>
        </Stack>
        <Typography variant="caption" color="text.secondary">
          An existing user gains access; an unknown email gets an invitation (first and last name needed).
        </Typography>
      </Paper>
      <QueryTable
        query={users}
        what="The users"
        label="Customer users"
        columns={['Name', 'Email', 'Role', 'Status', '']}
        empty="No users yet."
        rows={(list) => list}
      >
        {(user) => (
          <TableRow key={user.id}>
            <TableCell>
              {user.firstName} {user.lastName}
            </TableCell>
            <TableCell>{user.email}</TableCell>
            <TableCell>{user.role === 'admin' ? 'Admin' : 'Member'}</TableCell>
            <TableCell>{user.status === 'active' ? 'Active' : 'Deactivated'}</TableCell>
            <TableCell align="right">
              <Button
                size="small"
                color="error"
                onClick={() => void revokeUser(user)}
                aria-label={`Revoke access of ${user.email}`}
              >
                Revoke access
              </Button>
            </TableCell>
          </TableRow>
        )}
      </QueryTable>
    </Stack>
  );
}
