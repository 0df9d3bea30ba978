import { useId, useState, type ChangeEvent } from 'react';

export interface LoginFieldProps {
  label: string;
  value: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  type?: 'email' | 'password' | 'text';
  name?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
}

/**
 * An outlined text field with a floating label, drawn by the first screens' stylesheet as MUI's
 * TextField draws it (label, notched outline, helper text, linked by ids), without MUI: the login
 * page does not wait for MUI's runtime (issue 45). The label floats into the outline's notch while
 * the field has the focus or a value.
 */
export function LoginField({ label, helperText, error, disabled, autoFocus, value, ...input }: LoginFieldProps) {
  const id = useId();
  const [focused, setFocused] = useState(Boolean(autoFocus));
  const helperId = helperText ? `${id}-helper-text` : undefined;
  const shrink = focused || value !== '';
  const classes = [
    'zv-field',
    shrink && 'zv-field-shrink',
    focused && !disabled && 'zv-field-focused',
    error && 'zv-field-error',
    disabled && 'zv-field-disabled',
  ];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <label htmlFor={id} id={`${id}-label`} className="zv-floating-label">
        {label}
      </label>
      <div className="zv-input zv-input-medium">
        <input
          id={id}
          type="text"
          value={value}
          disabled={disabled}
          autoFocus={autoFocus}
          aria-invalid={Boolean(error)}
          aria-describedby={helperId}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          {...input}
        />
        <fieldset aria-hidden="true" className="zv-outline zv-outline-notched">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
      {helperText && (
        <p id={helperId} className="zv-helper-text">
          {helperText}
        </p>
      )}
    </div>
  );
}
