import { STORAGE_KEYS } from '@zview/contracts';
import Close from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useState, type ReactElement, type ReactNode } from 'react';

function wasDismissed(): boolean {
  return localStorage.getItem(STORAGE_KEYS.tabScrollTooltip) === 'true';
}

/**
 * The tab-scroll hint (SPEC §2): a tooltip that stays open until the user closes it; the choice
 * is remembered in local storage so it never comes back.
 */
export function TabScrollHint({
  children,
  text = 'Scroll sideways to see more tabs.',
  placement = 'bottom',
}: {
  children: ReactElement;
  text?: ReactNode;
  placement?: 'top' | 'bottom' | 'left' | 'right';
}) {
  const [open, setOpen] = useState(() => !wasDismissed());
  const close = () => {
    localStorage.setItem(STORAGE_KEYS.tabScrollTooltip, 'true');
    setOpen(false);
  };
  return (
    <Tooltip
      open={open}
      arrow
      placement={placement}
      disableFocusListener
      disableHoverListener
      disableTouchListener
      title={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{text}</span>
          <IconButton size="small" aria-label="Close hint" onClick={close} sx={{ color: 'inherit' }}>
            <Close fontSize="inherit" />
          </IconButton>
        </Stack>
      }
    >
      {children}
    </Tooltip>
  );
}
