import { MESSAGES } from '@zview/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';

/** 'A new version of Z-VIEW is available. Please reload to update.' with a Reload button (VersionCheck.tsx). */
export function VersionToastView({ onReload }: { onReload: () => void }) {
  return (
    <Snackbar open anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} data-testid="version-toast-anchor">
      <Alert
        severity="info"
        variant="filled"
        data-testid="version-toast"
        sx={{ alignItems: 'center', bgcolor: 'primary.dark' }}
        action={
          <Button
            color="inherit"
            variant="outlined"
            size="small"
            onClick={onReload}
            sx={{ borderColor: 'rgba(255,255,255,0.6)' }}
          >
            Reload
          </Button>
        }
      >
        {MESSAGES.newVersionAvailable}
      </Alert>
    </Snackbar>
  );
}
