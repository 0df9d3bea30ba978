import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { useState } from 'react';

export interface ShownSecret {
  url: string;
  secret: string;
  rotated: boolean;
}

/** A signing secret, shown once (after adding an endpoint or rotating its secret), with a copy button. */
export function SecretDialog({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Dialog open={shown !== null} onClose={close} maxWidth="sm" fullWidth aria-labelledby="webhook-secret-title">
      <DialogTitle id="webhook-secret-title">
        {shown?.rotated ? 'New signing secret' : 'Webhook endpoint added'}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">
            Copy this signing secret now: it is shown only once.
            {shown?.rotated && ' The previous secret keeps signing for 24 hours, so your receiver can switch over.'}
          </Alert>
          <TextField
            label={shown?.url ?? 'Endpoint'}
            value={shown?.secret ?? ''}
            fullWidth
            slotProps={{
              htmlInput: { readOnly: true, 'aria-label': 'Signing secret', style: { fontFamily: 'monospace' } },
            }}
          />
          <Typography variant="body2" color="text.secondary">
            Messages follow Standard Webhooks: verify the <code>webhook-signature</code> header with this secret and use{' '}
            <code>webhook-id</code> to drop duplicates.
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button
          startIcon={<ContentCopy />}
          onClick={() => void navigator.clipboard.writeText(shown?.secret ?? '').then(() => setCopied(true))}
        >
          {copied ? 'Copied' : 'Copy secret'}
        </Button>
        <Button variant="contained" onClick={close}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
