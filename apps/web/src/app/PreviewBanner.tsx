import { hasOverrideAccess } from '@zview/contracts';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { clearPrOverride, readPrOverride, type PrOverride } from '../api/pr-override';
import { useConfirm } from '../ui/ConfirmDialog';
import { useSession } from '../session/session';

/** The two backend repositories a pull-request override can point at. */
const REPOSITORIES: { param: keyof PrOverride; name: string }[] = [
  { param: 'caribou_pr', name: 'caribou' },
  { param: 'ragamuffin_pr', name: 'ragamuffin' },
];

/**
 * The preview banner (SPEC §2): fixed at the bottom for users with override access while a
 * pull-request override is active; names the pull requests, collapses, and Clear (after a
 * confirmation titled 'Clear PR Override') removes the override and reloads.
 */
export function PreviewBanner({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const { permissions } = useSession();
  const confirm = useConfirm();
  const [collapsed, setCollapsed] = useState(false);
  const override = readPrOverride();
  if (!override || !hasOverrideAccess(permissions)) return null;

  const clear = async () => {
    const confirmed = await confirm({
      title: 'Clear PR Override',
      message: 'Requests will go to the regular backend builds again, and the page will reload.',
      confirmLabel: 'Clear',
      destructive: true,
    });
    if (!confirmed) return;
    clearPrOverride();
    reload();
  };

  return (
    <Box
      role="region"
      aria-label="Preview banner"
      data-testid="preview-banner"
      sx={{
        position: 'fixed',
        bottom: 0,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: (theme) => theme.zIndex.snackbar - 1,
        bgcolor: '#5b2a86',
        color: '#fff',
        borderRadius: '8px 8px 0 0',
        boxShadow: 6,
        px: 2,
        py: collapsed ? 0.25 : 1,
      }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <ScienceOutlined fontSize="small" />
        <Typography variant="body2" sx={{ fontWeight: 700, letterSpacing: 0.5 }}>
          PREVIEW
        </Typography>
        {!collapsed && (
          <>
            {REPOSITORIES.filter(({ param }) => override[param]).map(({ param, name }) => (
              <Typography key={param} variant="body2" data-testid={`preview-${param}`}>
                {name} PR #{override[param]}
              </Typography>
            ))}
            <Button
              size="small"
              variant="outlined"
              color="inherit"
              onClick={clear}
              sx={{ borderColor: 'rgba(255,255,255,0.6)' }}
            >
              Clear
            </Button>
          </>
        )}
        <IconButton
          size="small"
          color="inherit"
          aria-label={collapsed ? 'Expand preview banner' : 'Collapse preview banner'}
          aria-expanded={!collapsed}
          onClick={() => setCollapsed((value) => !value)}
        >
          {collapsed ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
        </IconButton>
      </Stack>
    </Box>
  );
}
