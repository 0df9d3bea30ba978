import { formatLongDateTime, type WebhookEndpointDto } from '@zview/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotifications } from '../../../ui/notifications';
import { LOG_PAGE_SIZE, useDeliveryLog, useRedeliver } from '../api/webhooks';

const STATUS_COLOR = { pending: 'warning', succeeded: 'success', failed: 'error' } as const;
const STATUS_LABEL = { pending: 'Pending', succeeded: 'Delivered', failed: 'Failed' } as const;

/** A response code as the receiver gave it, or why there was none (a timeout, a refused connection). */
const outcome = (code: number | null, error: string | null) => (code !== null ? String(code) : (error ?? '—'));

/** The delivery log of an endpoint: each message's state (with Redeliver) and every attempt's response code. */
export function DeliveryLogDialog({ endpoint, onClose }: { endpoint: WebhookEndpointDto; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const log = useDeliveryLog(endpoint.id, page);
  const redeliver = useRedeliver();
  const { notify } = useNotifications();
  const full =
    (log.data?.deliveries.length ?? 0) === LOG_PAGE_SIZE || (log.data?.attempts.length ?? 0) === LOG_PAGE_SIZE;
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="delivery-log-title">
      <DialogTitle id="delivery-log-title">Delivery log · {endpoint.url}</DialogTitle>
      <DialogContent>
        {log.isError && <Alert severity="error">Could not load the delivery log. {log.error.message}</Alert>}
        <Typography variant="subtitle1" sx={{ mt: 1 }}>
          Messages
        </Typography>
        <Table size="small" aria-label="Messages">
          <TableHead>
            <TableRow>
              <TableCell>Message</TableCell>
              <TableCell>Event</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Attempts</TableCell>
              <TableCell>Last response</TableCell>
              <TableCell>Delivered / next attempt</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {log.data?.deliveries.length === 0 && (
              <TableRow>
                <TableCell colSpan={7}>No messages yet.</TableCell>
              </TableRow>
            )}
            {log.data?.deliveries.map((d) => (
              <TableRow key={d.messageId}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{d.messageId}</TableCell>
                <TableCell>{d.eventType}</TableCell>
                <TableCell>
                  <Chip size="small" color={STATUS_COLOR[d.status]} label={STATUS_LABEL[d.status]} />
                </TableCell>
                <TableCell>{d.attempts}</TableCell>
                <TableCell>{outcome(d.lastStatusCode, d.lastError)}</TableCell>
                <TableCell>
                  {d.deliveredAt
                    ? formatLongDateTime(d.deliveredAt)
                    : d.status === 'pending'
                      ? `Next ${formatLongDateTime(d.nextAttemptAt)}`
                      : '—'}
                </TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    aria-label={`Redeliver ${d.messageId}`}
                    disabled={redeliver.isPending}
                    onClick={() =>
                      redeliver.mutate(
                        { id: endpoint.id, messageId: d.messageId },
                        {
                          onSuccess: () => notify({ text: `${d.messageId} will be sent again.`, variant: 'success' }),
                          onError: (e) => notify({ text: `Not redelivered. ${e.message}`, variant: 'error' }),
                        },
                      )
                    }
                  >
                    Redeliver
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="subtitle1" sx={{ mt: 3 }}>
          Attempts
        </Typography>
        <Table size="small" aria-label="Attempts">
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>Message</TableCell>
              <TableCell>Response code</TableCell>
              <TableCell>Took</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {log.data?.attempts.length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>No attempts yet.</TableCell>
              </TableRow>
            )}
            {log.data?.attempts.map((a) => (
              <TableRow key={a.id}>
                <TableCell>{formatLongDateTime(a.attemptedAt)}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{a.messageId}</TableCell>
                <TableCell>{outcome(a.statusCode, a.error)}</TableCell>
                <TableCell>{a.durationMs.toLocaleString('en-US')} ms</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Stack direction="row" spacing={1} sx={{ flex: 1, alignItems: 'center' }}>
          <Button disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
            Newer
          </Button>
          <Typography variant="body2">Page {page}</Typography>
          <Button disabled={!full} onClick={() => setPage((p) => p + 1)}>
            Older
          </Button>
        </Stack>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
