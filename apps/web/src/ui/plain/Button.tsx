import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './Spinner';

export interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** 'text' (default) or 'contained', as MUI's Button variants. */
  variant?: 'text' | 'contained';
  /** 'large': MUI's size="large" fullWidth (the sign-in screens). */
  size?: 'medium' | 'large';
  /** Disabled, with a spinner in place of the label (MUI's `loading`). */
  loading?: boolean;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
}

/**
 * MUI's Button (elevation off, as the theme has it) drawn by the first screens' stylesheet: the top
 * bar's, the search's and the login page's buttons show before MUI has loaded (issue 45). No ripple;
 * a ring shows the keyboard focus.
 */
export function PlainButton({
  variant = 'text',
  size = 'medium',
  loading = false,
  startIcon,
  endIcon,
  className,
  children,
  disabled,
  type = 'button',
  ...props
}: PlainButtonProps) {
  const classes = [
    'zv-button',
    variant === 'contained' && 'zv-button-contained',
    size === 'large' && 'zv-button-large',
    loading && 'zv-button-loading',
    className,
  ];
  return (
    <button type={type} className={classes.filter(Boolean).join(' ')} disabled={disabled || loading} {...props}>
      {startIcon && <span className="zv-button-start-icon">{startIcon}</span>}
      {children}
      {endIcon && <span className="zv-button-end-icon">{endIcon}</span>}
      {loading && (
        <span className="zv-button-loading-indicator">
          <Spinner size={16} />
        </span>
      )}
    </button>
  );
}
