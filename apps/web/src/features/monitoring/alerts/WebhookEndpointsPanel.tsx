import { formatLongDateTime, type WebhookEndpointDto } from '@zview/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useNotifications } from '../../../ui/notifications';
import {
  useChangeEndpoint,
  useCreateEndpoint,
  useEndpoints,
  useRemoveEndpoint,
  useRotateSecret,
  type EndpointFields,
  type EventType,
} from '../api/webhooks';
import { DeliveryLogDialog } from './DeliveryLogDialog';
import { EVENT_LABELS, EndpointDialog } from './EndpointDialog';
import { SecretDialog, type ShownSecret } from './SecretDialog';

const eventsOf = (e: WebhookEndpointDto) =>
  e.eventTypes.length === 0 ? 'Every event' : e.eventTypes.map((t) => EVENT_LABELS[t as EventType] ?? t).join(', ');

/** The organisation's webhook endpoints: add, edit, switch on/off, rotate the secret, read the log, remove. */
export function WebhookEndpointsPanel() {
  const endpoints = useEndpoints(true);
  const create = useCreateEndpoint();
  const change = useChangeEndpoint();
  const rotate = useRotateSecret();
  const remove = useRemoveEndpoint();
  const { notify } = useNotifications();
  const [dialog, setDialog] = useState<{ editing: WebhookEndpointDto | null } | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpointDto | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpointDto | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpointDto | null>(null);

  const openDialog = (editing: WebhookEndpointDto | null) => {
    setSaveError(null);
    setDialog({ editing });
  };
  const save = (fields: EndpointFields) => {
    const editing = dialog?.editing ?? null;
    const onError = (e: Error) => setSaveError(e.message);
    if (editing)
      change.mutate(
        { id: editing.id, ...fields },
        { onSuccess: () => (setDialog(null), notify({ text: 'Endpoint saved.', variant: 'success' })), onError },
      );
    else
      create.mutate(fields, {
        onSuccess: (made) => {
          setDialog(null);
          setShown({ url: made.url, secret: made.secret, rotated: false });
        },
        onError,
      });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-labelledby="webhooks-heading">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Box>
          <Typography variant="h6" component="h2" id="webhooks-heading">
            Webhook endpoints
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Your systems receive signed events (Standard Webhooks), retried with backoff for about 28 hours; an endpoint
            that keeps failing is switched off and the group admins are told.
          </Typography>
        </Box>
        <Button variant="contained" onClick={() => openDialog(null)} sx={{ flexShrink: 0, ml: 2 }}>
          Add endpoint
        </Button>
      </Stack>
      {endpoints.isError && <Alert severity="error">Could not load the endpoints. {endpoints.error.message}</Alert>}
      <Table size="small" aria-label="Webhook endpoints">
        <TableHead>
          <TableRow>
            <TableCell>URL</TableCell>
            <TableCell>Events</TableCell>
            <TableCell>Secret</TableCell>
            <TableCell>Enabled</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {endpoints.isPending && (
            <TableRow>
              <TableCell colSpan={5}>
                <Skeleton />
              </TableCell>
            </TableRow>
          )}
          {endpoints.data?.length === 0 && (
            <TableRow>
              <TableCell colSpan={5}>No webhook endpoints yet.</TableCell>
            </TableRow>
          )}
          {endpoints.data?.map((e) => (
            <TableRow key={e.id}>
              <TableCell sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}>
                <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                  {e.url}
                </Typography>
                {e.description && (
                  <Typography variant="caption" color="text.secondary">
                    {e.description}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{eventsOf(e)}</TableCell>
              <TableCell>
                {e.secrets.map((s) => (
                  <Typography key={s.createdAt} variant="body2" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                    {s.hint}
                    {s.expiresAt && (
                      <Typography component="span" variant="caption" color="text.secondary">
                        {' '}
                        signs until {formatLongDateTime(s.expiresAt)}
                      </Typography>
                    )}
                  </Typography>
                ))}
              </TableCell>
              <TableCell>
                <Switch
                  checked={e.enabled}
                  slotProps={{ input: { 'aria-label': `Enabled ${e.url}` } }}
                  onChange={(ev) =>
                    change.mutate(
                      { id: e.id, enabled: ev.target.checked },
                      { onError: (err) => notify({ text: `Not changed. ${err.message}`, variant: 'error' }) },
                    )
                  }
                />
                {!e.enabled && e.disabledReason && (
                  <Chip size="small" color="warning" label={e.disabledReason} sx={{ maxWidth: 260 }} />
                )}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Button size="small" onClick={() => setLogOf(e)} aria-label={`Delivery log of ${e.url}`}>
                  Delivery log
                </Button>
                <Button size="small" onClick={() => openDialog(e)} aria-label={`Edit ${e.url}`}>
                  Edit
                </Button>
                <Button size="small" onClick={() => setRotating(e)} aria-label={`Rotate secret of ${e.url}`}>
                  Rotate secret
                </Button>
                <Button size="small" color="error" onClick={() => setRemoving(e)} aria-label={`Delete ${e.url}`}>
                  Delete
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      {dialog && (
        <EndpointDialog
          editing={dialog.editing}
          error={saveError}
          pending={create.isPending || change.isPending}
          onSave={save}
          onClose={() => setDialog(null)}
        />
      )}
      <SecretDialog shown={shown} onClose={() => setShown(null)} />
      {logOf && <DeliveryLogDialog endpoint={logOf} onClose={() => setLogOf(null)} />}
      <ConfirmDialog
        open={rotating !== null}
        title="Rotate signing secret"
        message={`A new secret signs messages to ${rotating?.url ?? ''} from now on; the current one keeps signing for 24 hours so your receiver can switch over.`}
        confirmLabel="Rotate"
        onConfirm={() => {
          const endpoint = rotating!;
          setRotating(null);
          rotate.mutate(endpoint.id, {
            onSuccess: (made) => setShown({ url: made.url, secret: made.secret, rotated: true }),
            onError: (err) => notify({ text: `Not rotated. ${err.message}`, variant: 'error' }),
          });
        }}
        onCancel={() => setRotating(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title="Delete webhook endpoint"
        message={`${removing?.url ?? ''} will receive no more events, and its pending messages are dropped. This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => {
          const endpoint = removing!;
          setRemoving(null);
          remove.mutate(endpoint.id, {
            onSuccess: () => notify({ text: 'Endpoint deleted.', variant: 'success' }),
            onError: (err) => notify({ text: `Not deleted. ${err.message}`, variant: 'error' }),
          });
        }}
        onCancel={() => setRemoving(null)}
      />
    </Paper>
  );
}
