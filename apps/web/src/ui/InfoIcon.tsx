import InfoIconFilled from '@mui/icons-material/Info';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

export interface InfoIconProps {
  /** The tooltip's text. */
  text: ReactNode;
  variant?: 'filled' | 'outlined';
  placement?: 'right' | 'left' | 'top' | 'bottom';
  fontSize?: 'inherit' | 'small' | 'medium';
}

/** The info-icon helper (SPEC §2): a tooltip with the given text, placed right by default. */
export function InfoIcon({ text, variant = 'outlined', placement = 'right', fontSize = 'small' }: InfoIconProps) {
  const Icon = variant === 'filled' ? InfoIconFilled : InfoOutlined;
  return (
    <Tooltip title={text} placement={placement} arrow>
      <Box
        component="span"
        tabIndex={0}
        role="img"
        aria-label={typeof text === 'string' ? text : 'More information'}
        data-variant={variant}
        sx={{
          display: 'inline-flex',
          verticalAlign: 'middle',
          color: 'text.secondary',
          cursor: 'help',
          borderRadius: '50%',
          '&:hover, &:focus-visible': { color: 'primary.main' },
          '&:focus-visible': { outline: '2px solid', outlineOffset: 1 },
        }}
      >
        <Icon fontSize={fontSize} />
      </Box>
    </Tooltip>
  );
}
