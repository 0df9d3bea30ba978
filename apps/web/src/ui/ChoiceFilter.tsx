import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** One choice of a filter: the value sent and the words shown. */
export interface FilterChoice<V extends string> {
  value: V;
  label: string;
}

/**
 * A one-choice list filter whose first item means "no filter" (`allLabel`): the lists' filters
 * (changes, appeals) read the same and answer `undefined` for it, never an empty string.
 */
export function ChoiceFilter<V extends string>({
  label,
  allLabel,
  choices,
  value,
  onChange,
  minWidth = 140,
}: {
  label: string;
  allLabel: string;
  choices: readonly FilterChoice<V>[];
  value: V | undefined;
  onChange: (next: V | undefined) => void;
  minWidth?: number;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange((event.target.value || undefined) as V | undefined)}
      sx={{ minWidth }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
