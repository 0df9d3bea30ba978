import { LAYOUT, MESSAGES } from '@zview/contracts';
import DesktopWindowsOutlined from '@mui/icons-material/DesktopWindowsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSyncExternalStore, useState } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const viewportWidth = () => window.innerWidth;

/** Session storage key of the Continue choice: it holds for the tab's session, sign-in and reloads included. */
export const WIDTH_OVERLAY_DISMISSED_KEY = 'zview.widthOverlayDismissed';

function dismissedThisSession(): boolean {
  try {
    return sessionStorage.getItem(WIDTH_OVERLAY_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Below 1350px the layout is cramped (SPEC §2): an overlay asks for a wider viewport until the
 * user chooses Continue, which dismisses it for the rest of the session (issue 45: it came back
 * after sign-in and on every full load).
 */
export function WidthOverlay({ minWidth = LAYOUT.widthWarningPx }: { minWidth?: number }) {
  const width = useSyncExternalStore(subscribe, viewportWidth, () => Infinity);
  const [dismissed, setDismissed] = useState(dismissedThisSession);
  const dismiss = () => {
    try {
      sessionStorage.setItem(WIDTH_OVERLAY_DISMISSED_KEY, '1');
    } catch {
      // Storage refused (private mode quotas): the choice still holds for this page.
    }
    setDismissed(true);
  };
  if (dismissed || width >= minWidth) return null;
  return (
    <Box
      role="dialog"
      aria-modal="true"
      aria-labelledby="width-overlay-title"
      data-testid="width-overlay"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal + 10,
        bgcolor: 'rgba(11, 31, 58, 0.72)',
        backdropFilter: 'blur(2px)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 3,
      }}
    >
      <Paper sx={{ maxWidth: 460, p: 4, borderRadius: 2 }} elevation={8}>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <DesktopWindowsOutlined color="primary" sx={{ fontSize: 48 }} />
          <Typography id="width-overlay-title" variant="h6" component="h2">
            Your window is narrower than Z-VIEW needs
          </Typography>
          <Typography color="text.secondary">{MESSAGES.widthWarning}</Typography>
          <Button variant="contained" size="large" onClick={dismiss} autoFocus>
            Continue
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
