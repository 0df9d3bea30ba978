import type { ButtonHTMLAttributes, ReactNode } from 'react';

export interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** 'text' (default) or 'contained', as MUI's Button variants. */
  variant?: 'text' | 'contained';
  startIcon?: ReactNode;
  endIcon?: ReactNode;
}

/**
 * MUI's Button (elevation off, as the theme has it) drawn by the first screens' stylesheet: the top
 * bar's and the search's buttons show before MUI has loaded (issue 45). No ripple; a ring shows the
 * keyboard focus.
 */
export function PlainButton({
  variant = 'text',
  startIcon,
  endIcon,
  className,
  children,
  type = 'button',
  ...props
}: PlainButtonProps) {
  const classes = ['zv-button', variant === 'contained' ? 'zv-button-contained' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type} className={classes} {...props}>
      {startIcon && <span className="zv-button-start-icon">{startIcon}</span>}
      {children}
      {endIcon && <span className="zv-button-end-icon">{endIcon}</span>}
    </button>
  );
}
