import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type ReactNode } from 'react';

/** Read by assistive technology, not shown (the placeholder and the icon say it on screen). */
const VISUALLY_HIDDEN = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  width: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
} as const;

export interface MuiSearchFieldProps extends Omit<OutlinedInputProps, 'error' | 'startAdornment'> {
  /** The input's label, for assistive technology only (the placeholder and icon say it on screen). */
  label: string;
  icon: ReactNode;
  error?: string | null;
}

/**
 * The address autocomplete's input: a small outlined input with an icon and an error line, built as
 * MUI's TextField builds it but without TextField's select mode (menu, popover, modal).
 * Autocomplete's `renderInput` params spread onto it. It replaces the plain field of the first
 * paint (SearchField.tsx) in place and looks the same.
 */
export function MuiSearchField({ label, icon, error, inputProps, sx, ...input }: MuiSearchFieldProps) {
  const id = useId();
  const helperId = error ? `${id}-helper-text` : undefined;
  return (
    <FormControl fullWidth size="small" variant="outlined" error={!!error}>
      <InputLabel htmlFor={id} sx={VISUALLY_HIDDEN}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        {...input}
        inputProps={{ ...inputProps, id, 'aria-describedby': helperId }}
        startAdornment={<InputAdornment position="start">{icon}</InputAdornment>}
        sx={[{ bgcolor: 'background.paper' }, ...(Array.isArray(sx) ? sx : [sx])]}
      />
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}
