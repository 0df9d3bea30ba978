import { formatLongDate } from '@zview/contracts';
import HistoryIcon from '@mui/icons-material/History';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import InputAdornment from '@mui/material/InputAdornment';

export interface LookBackSelectProps {
  /** Capture dates (YYYY-MM-DD, newest first). */
  availableDates: string[];
  /** The date today's scores rest on (not offered). */
  currentDate: string;
  value: string | null;
  onChange: (date: string | null) => void;
}

/** Historical look-back: pick an earlier imagery date to see the scores as of then beside today's. */
export function LookBackSelect({ availableDates, currentDate, value, onChange }: LookBackSelectProps) {
  const earlier = availableDates.filter((date) => date < currentDate);
  if (earlier.length === 0) return null;
  return (
    <TextField
      select
      size="small"
      label="Compare with imagery of"
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
      sx={{ minWidth: 240, '@media print': { display: 'none' } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <HistoryIcon fontSize="small" />
            </InputAdornment>
          ),
        },
        select: { displayEmpty: true },
        inputLabel: { shrink: true },
      }}
    >
      <MenuItem value="">No comparison</MenuItem>
      {earlier.map((date) => (
        <MenuItem key={date} value={date}>
          {formatLongDate(date)}
        </MenuItem>
      ))}
    </TextField>
  );
}
