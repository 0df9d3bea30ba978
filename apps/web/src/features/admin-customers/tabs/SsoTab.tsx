import type { SamlIdpResponse } from '@zview/contracts';
import { Alert, Button, Chip, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotifications } from '../../../ui/notifications';
import { useIdentityProviders, useSetInternalAdminGroup } from '../api/identityProviders';

/**
 * The customer's enterprise SSO (SAML) identity providers, and for each the one IdP group whose
 * members become internal admins when they sign in through it (issue 12). This page and its
 * calls are for internal admins only.
 */
export function SsoTab({ customerId }: { customerId: number }) {
  const idps = useIdentityProviders(customerId);
  if (idps.isError) return <Alert severity="error">{idps.error.message}</Alert>;
  if (!idps.data) return <Skeleton variant="rounded" height={160} />;
  if (!idps.data.identityProviders.length)
    return (
      <Typography color="text.secondary">
        No enterprise identity provider (SSO) is configured for this customer.
      </Typography>
    );
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        Members of an identity provider's internal-admin group become Z-VIEW internal admins when they sign in through
        it. Without a group, nobody signing in through it is made an internal admin.
      </Typography>
      {idps.data.identityProviders.map((idp) => (
        <IdpCard key={`${idp.id}:${idp.internalAdminGroup ?? ''}`} customerId={customerId} idp={idp} />
      ))}
    </Stack>
  );
}

function IdpCard({ customerId, idp }: { customerId: number; idp: SamlIdpResponse }) {
  const [group, setGroup] = useState(idp.internalAdminGroup ?? '');
  const save = useSetInternalAdminGroup(customerId);
  const { notify } = useNotifications();
  const trimmed = group.trim();
  const unchanged = trimmed === (idp.internalAdminGroup ?? '');
  const submit = (internalAdminGroup: string | null) =>
    save.mutate(
      { id: idp.id, internalAdminGroup },
      {
        onSuccess: (saved) =>
          notify({
            text: saved.internalAdminGroup
              ? `${idp.name}: members of ${saved.internalAdminGroup} are internal admins.`
              : `${idp.name}: no internal-admin group.`,
            variant: 'success',
          }),
        onError: (error) => notify({ text: error.message, variant: 'error' }),
      },
    );
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`idp-${idp.id}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700 }}>{idp.name}</Typography>
        {idp.emailDomains.map((d) => (
          <Chip key={d} size="small" variant="outlined" label={d} />
        ))}
        <Typography variant="caption" color="text.secondary">
          {idp.entityId}
        </Typography>
      </Stack>
      <Stack
        direction="row"
        spacing={1.5}
        component="form"
        onSubmit={(e) => (e.preventDefault(), trimmed && !unchanged && submit(trimmed))}
        sx={{ alignItems: 'flex-start' }}
      >
        <TextField
          size="small"
          label="Internal-admin group"
          placeholder="None"
          value={group}
          onChange={(e) => setGroup(e.target.value)}
          slotProps={{
            htmlInput: { maxLength: 200, 'aria-label': `${idp.name} internal-admin group` },
            inputLabel: { shrink: true },
          }}
          helperText="The IdP group (as its assertions name it) whose members are internal admins."
          sx={{ width: 360 }}
        />
        <Button type="submit" variant="contained" disabled={!trimmed || unchanged || save.isPending}>
          Save
        </Button>
        <Button
          variant="outlined"
          disabled={idp.internalAdminGroup === null || save.isPending}
          onClick={() => submit(null)}
        >
          Remove group
        </Button>
      </Stack>
    </Paper>
  );
}
