import type { ApiKeyCreated } from '@zview/contracts';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { useState } from 'react';
import { apiPath } from '../../api/paths';

/** The new key, shown once, with a copy button. */
export function CreatedKeyDialog({ created, onClose }: { created: ApiKeyCreated | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    if (!created) return;
    await navigator.clipboard.writeText(created.key);
    setCopied(true);
  }
  return (
    <Dialog open={created !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="created-key-title">
      <DialogTitle id="created-key-title">API key created</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">
            Copy this key now: it is shown only once. Z-VIEW keeps only a fingerprint of it.
          </Alert>
          <TextField
            label={created?.name ?? 'Key'}
            value={created?.key ?? ''}
            slotProps={{
              htmlInput: { readOnly: true, 'aria-label': 'New API key', style: { fontFamily: 'monospace' } },
            }}
            fullWidth
          />
          <Typography variant="body2" color="text.secondary">
            Send it as <code>Authorization: Bearer &lt;key&gt;</code> or <code>x-api-key: &lt;key&gt;</code>. Reference:{' '}
            <a href={apiPath('/docs')}>{apiPath('/docs')}</a>.
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopy />} onClick={copy}>
          {copied ? 'Copied' : 'Copy key'}
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
