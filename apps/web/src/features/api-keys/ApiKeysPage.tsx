import { formatLongDate, type ApiKey, type ApiKeyCreated } from '@zview/contracts';
import {
  Alert,
  Box,
  Button,
  Chip,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useSession } from '../../session/session';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useNotifications } from '../../ui/notifications';
import { useApiKeys } from './api/apiKeys';
import { useCreateApiKey } from './api/createApiKey';
import { useRevokeApiKey } from './api/revokeApiKey';
import { CreatedKeyDialog } from './CreatedKeyDialog';
import { DateField, outsideDateRange } from '../../ui/DateField';
import { apiPath } from '../../api/paths';

const STATUS: Record<ApiKey['status'], { label: string; color: 'success' | 'default' | 'warning' }> = {
  active: { label: 'Active', color: 'success' },
  revoked: { label: 'Revoked', color: 'default' },
  expired: { label: 'Expired', color: 'warning' },
};

const day = (iso: string | null) => (iso ? formatLongDate(iso) : '—');

/** /team/api-keys: the organisation's keys for the public API (/v1); a new key is shown once. */
export default function ApiKeysPage() {
  const session = useSession();
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const { notify } = useNotifications();
  const [name, setName] = useState('');
  const [expires, setExpires] = useState('');
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  // A key expires at the end of the chosen day (UTC): today is the earliest day that is not past.
  const firstExpiryDay = new Date().toISOString().slice(0, 10);
  const expiryInvalid = outsideDateRange(expires, firstExpiryDay);

  function submit(event: FormEvent) {
    event.preventDefault();
    const expiresAt = expires ? new Date(`${expires}T23:59:59Z`).toISOString() : undefined;
    create.mutate(
      { name: name.trim(), ...(expiresAt ? { expiresAt } : {}) },
      {
        onSuccess: (key) => {
          setCreated(key);
          setName('');
          setExpires('');
        },
        onError: (error) => notify({ text: `The key was not created. ${error.message}`, variant: 'error' }),
      },
    );
  }

  function confirmRevoke() {
    if (!revoking) return;
    const key = revoking;
    setRevoking(null);
    revoke.mutate(key.id, {
      onSuccess: () => notify({ text: `${key.name} is revoked.`, variant: 'success' }),
      onError: (error) => notify({ text: `The key was not revoked. ${error.message}`, variant: 'error' }),
    });
  }

  return (
    <Box sx={{ p: 4, maxWidth: 1200, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        API keys
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {session.activeOrganization?.name} · Keys let your own systems call the Z-VIEW API (
        <a href={apiPath('/docs')}>reference</a>). Each key is limited to 20 requests per second by default.
      </Typography>

      <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: 2, mb: 3 }} aria-label="Create an API key">
        <Stack direction="row" spacing={2} alignItems="flex-start" flexWrap="wrap" useFlexGap>
          <TextField
            label="Key name"
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
            size="small"
            sx={{ minWidth: 280 }}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <DateField
            label="Expires on (optional)"
            value={expires}
            onChange={(e) => setExpires(e.target.value)}
            min={firstExpiryDay}
            size="small"
          />
          <Button type="submit" variant="contained" disabled={!name.trim() || expiryInvalid || create.isPending}>
            Create key
          </Button>
        </Stack>
      </Paper>

      <Paper variant="outlined">
        {keys.isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            Could not load the API keys. {keys.error.message}
          </Alert>
        ) : (
          <TableContainer>
            <Table aria-label="API keys">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Key</TableCell>
                  <TableCell>Created</TableCell>
                  <TableCell>Last used</TableCell>
                  <TableCell>Expires</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {keys.isPending &&
                  [0, 1].map((i) => (
                    <TableRow key={i}>
                      <TableCell colSpan={7}>
                        <Skeleton />
                      </TableCell>
                    </TableRow>
                  ))}
                {keys.data?.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={7}>No API keys yet.</TableCell>
                  </TableRow>
                )}
                {keys.data?.map((key) => (
                  <TableRow key={key.id}>
                    <TableCell>{key.name}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{key.prefix}…</TableCell>
                    <TableCell>{day(key.createdAt)}</TableCell>
                    <TableCell>{day(key.lastUsedAt)}</TableCell>
                    <TableCell>{key.expiresAt ? day(key.expiresAt) : 'Never'}</TableCell>
                    <TableCell>
                      <Chip size="small" label={STATUS[key.status].label} color={STATUS[key.status].color} />
                    </TableCell>
                    <TableCell align="right">
                      {key.status === 'active' && (
                        <Button
                          size="small"
                          color="error"
                          variant="outlined"
                          onClick={() => setRevoking(key)}
                          aria-label={`Revoke ${key.name}`}
                        >
                          Revoke
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>

      <CreatedKeyDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke API key"
        message={`Systems using ${revoking?.name ?? 'this key'} (${revoking?.prefix ?? ''}…) will be refused from their next request. This cannot be undone.`}
        confirmLabel="Revoke"
        destructive
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </Box>
  );
}
