import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { DATE_PICKER_RANGE, formatLongDate } from '@zview/contracts';

export type DateFieldProps = Omit<TextFieldProps, 'type' | 'value'> & {
  /** YYYY-MM-DD, or '' when empty. */
  value: string;
  /** Earliest and latest dates that may be picked (YYYY-MM-DD); SPEC §9's default range 1900-01-01 to 2099-12-31 when not given. */
  min?: string;
  max?: string;
};

/** True when `value` (YYYY-MM-DD) lies outside [min, max]; an empty value is not. */
export function outsideDateRange(
  value: string,
  min: string = DATE_PICKER_RANGE.min,
  max: string = DATE_PICKER_RANGE.max,
): boolean {
  return value !== '' && (value < min || value > max);
}

/**
 * Every date picked in the app goes through this field (SPEC §9: 'Date picker default range is
 * 1900-01-01 to 2099-12-31'): a native date input limited to the range, which says so when a date
 * typed by hand falls outside it.
 */
export function DateField({
  value,
  min = DATE_PICKER_RANGE.min,
  max = DATE_PICKER_RANGE.max,
  slotProps,
  error,
  helperText,
  ...props
}: DateFieldProps) {
  const outside = outsideDateRange(value, min, max);
  const htmlInput = (slotProps?.htmlInput ?? {}) as Record<string, unknown>;
  return (
    <TextField
      {...props}
      type="date"
      value={value}
      error={Boolean(error) || outside}
      helperText={outside ? `Pick a date from ${formatLongDate(min)} to ${formatLongDate(max)}.` : helperText}
      slotProps={{
        ...slotProps,
        htmlInput: { ...htmlInput, min, max },
        inputLabel: { shrink: true, ...(slotProps?.inputLabel as object | undefined) },
      }}
    />
  );
}
