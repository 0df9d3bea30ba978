import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface FormFieldProps {
  label: ReactNode;
  /** The id of the control the label names. */
  htmlFor: string;
  required?: boolean;
  /** An error message shown under the control (SPEC §5). */
  error?: ReactNode;
  hint?: ReactNode;
  children: ReactNode;
}

/** A labelled form control with a required asterisk and an error message. */
export function FormField({ label, htmlFor, required, error, hint, children }: FormFieldProps) {
  const messageId = `${htmlFor}-message`;
  return (
    <Stack spacing={0.75}>
      <Typography component="label" htmlFor={htmlFor} variant="body2" sx={{ fontWeight: 600, color: 'text.primary' }}>
        {label}
        {required && (
          <Typography
            component="span"
            aria-hidden
            sx={{ color: 'error.main', ml: 0.5 }}
            data-testid="required-asterisk"
          >
            *
          </Typography>
        )}
      </Typography>
      {children}
      {(error || hint) && (
        <FormHelperText id={messageId} error={Boolean(error)} role={error ? 'alert' : undefined} sx={{ mx: 0 }}>
          {error ?? hint}
        </FormHelperText>
      )}
    </Stack>
  );
}
