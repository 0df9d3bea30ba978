import { WEBHOOK_EVENT_TYPES, type WebhookEndpointDto } from '@zview/contracts';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import type { EndpointFields, EventType } from '../api/webhooks';

export const EVENT_LABELS: Record<EventType, string> = {
  'score.changed': 'Score changed (alert rules with the webhook channel)',
  'portfolio.ready': 'Portfolio ready',
  'portfolio.failed': 'Portfolio failed',
  'appeal.status_changed': 'Appeal status changed',
  'appeal.deadline': 'Appeal deadline near or missed',
};

/** Adds an endpoint or edits one: its URL, a description, the events it takes (none ticked: every event). */
export function EndpointDialog({
  editing,
  error,
  pending,
  onSave,
  onClose,
}: {
  /** The endpoint edited, or null to add one. */
  editing: WebhookEndpointDto | null;
  error: string | null;
  pending: boolean;
  onSave: (fields: EndpointFields) => void;
  onClose: () => void;
}) {
  const [url, setUrl] = useState(editing?.url ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [events, setEvents] = useState<EventType[]>((editing?.eventTypes ?? []) as EventType[]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave({ url: url.trim(), description: description.trim(), eventTypes: events });
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="endpoint-dialog-title">
      <form onSubmit={submit}>
        <DialogTitle id="endpoint-dialog-title">
          {editing ? 'Edit webhook endpoint' : 'Add webhook endpoint'}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Endpoint URL"
              required
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://example.com/zview/webhooks"
              helperText={error ?? 'https only (plain http only to localhost while you develop a receiver).'}
              error={error !== null}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
            <TextField
              label="Description"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
            <div>
              <FormLabel component="legend">Events</FormLabel>
              <FormGroup>
                {WEBHOOK_EVENT_TYPES.map((type) => (
                  <FormControlLabel
                    key={type}
                    label={EVENT_LABELS[type]}
                    control={
                      <Checkbox
                        checked={events.includes(type)}
                        onChange={(e) =>
                          setEvents((all) => (e.target.checked ? [...all, type] : all.filter((t) => t !== type)))
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
              <FormHelperText>None ticked: the endpoint receives every event.</FormHelperText>
            </div>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!url.trim() || pending}>
            {editing ? 'Save' : 'Add endpoint'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
