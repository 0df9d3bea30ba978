import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useId } from 'react';
import type { FilterOption } from '@zview/contracts';

/** A multi-choice filter of the portfolio list; nothing chosen means all. */
export function FilterSelect({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: FilterOption[];
  value: string[];
  onChange: (next: string[]) => void;
}) {
  const labelId = useId();
  const display = (v: string) => options.find((o) => String(o.value) === v)?.display ?? v;
  return (
    <FormControl size="small" sx={{ minWidth: 190 }}>
      <InputLabel id={labelId} shrink>
        {label}
      </InputLabel>
      <Select<string[]>
        multiple
        displayEmpty
        labelId={labelId}
        label={label}
        notched
        value={value}
        inputProps={{ 'aria-label': label }}
        onChange={(event) =>
          onChange(typeof event.target.value === 'string' ? event.target.value.split(',') : event.target.value)
        }
        renderValue={(selected) => (selected.length ? selected.map(display).join(', ') : 'All')}
      >
        {options.map((option) => (
          <MenuItem key={String(option.value)} value={String(option.value)}>
            <Checkbox size="small" checked={value.includes(String(option.value))} />
            <ListItemText
              primary={option.display}
              secondary={option.count !== undefined ? `${option.count}` : undefined}
            />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
