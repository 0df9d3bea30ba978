import { LAYOUT, MESSAGES } from '@zview/contracts';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MuiSelect, { type SelectChangeEvent } from '@mui/material/Select';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import { useId, useState, type ReactNode } from 'react';

/** A dropdown option (SPEC §3): value, display, disabled. */
export interface DropdownOption<V extends string | number = string> {
  value: V;
  display: ReactNode;
  disabled?: boolean;
}

interface ListTexts {
  loading?: boolean;
  /** Overrides 'No Options'. */
  noOptionsText?: ReactNode;
  /** Overrides 'Loading...'. */
  loadingText?: ReactNode;
}

const menuPaper = { sx: { maxHeight: LAYOUT.dropdownMaxHeightPx } };

/** What an empty or loading list shows instead of options. */
function EmptyListItem({ loading, noOptionsText = MESSAGES.noOptions, loadingText = MESSAGES.loading }: ListTexts) {
  return (
    <MenuItem disabled data-testid="dropdown-empty">
      {loading ? (
        <>
          <CircularProgress size={14} sx={{ mr: 1 }} />
          {loadingText}
        </>
      ) : (
        noOptionsText
      )}
    </MenuItem>
  );
}

export interface DropdownProps<V extends string | number> extends ListTexts {
  /** The button's content. */
  label: ReactNode;
  options: DropdownOption<V>[];
  onSelect: (value: V) => void;
  buttonProps?: ButtonProps;
}

/** A menu button: opens and closes on click, lists options (max height 260px). */
export function Dropdown<V extends string | number>({
  label,
  options,
  onSelect,
  buttonProps,
  ...texts
}: DropdownProps<V>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const open = Boolean(anchor);
  const showEmpty = texts.loading || options.length === 0;
  return (
    <>
      <Button
        endIcon={<ArrowDropDown />}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => setAnchor(open ? null : event.currentTarget)}
        {...buttonProps}
      >
        {label}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={open} onClose={() => setAnchor(null)} slotProps={{ paper: menuPaper }}>
        {showEmpty ? (
          <EmptyListItem {...texts} />
        ) : (
          options.map((option) => (
            <MenuItem
              key={String(option.value)}
              disabled={option.disabled}
              onClick={() => {
                setAnchor(null);
                onSelect(option.value);
              }}
            >
              {option.display}
            </MenuItem>
          ))
        )}
      </Menu>
    </>
  );
}

export interface SelectProps<V extends string | number> extends ListTexts {
  label?: string;
  options: DropdownOption<V>[];
  /** '' (or undefined) for no selection, shown as '--'. */
  value: V | '' | undefined;
  onChange: (value: V) => void;
  disabled?: boolean;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  minWidth?: number;
  'aria-label'?: string;
}

/** A select: '--' when nothing is selected, 'No Options' / 'Loading...' when empty (both overridable). */
export function Select<V extends string | number>({
  label,
  options,
  value,
  onChange,
  disabled,
  size = 'small',
  fullWidth,
  minWidth = 180,
  'aria-label': ariaLabel,
  ...texts
}: SelectProps<V>) {
  const labelId = useId();
  const showEmpty = texts.loading || options.length === 0;
  const current = value ?? '';
  return (
    <FormControl size={size} fullWidth={fullWidth} sx={{ minWidth }} disabled={disabled}>
      {label && <InputLabel id={labelId}>{label}</InputLabel>}
      <MuiSelect<V | ''>
        labelId={label ? labelId : undefined}
        label={label}
        value={current}
        displayEmpty
        inputProps={{ 'aria-label': ariaLabel ?? label }}
        renderValue={(selected) =>
          selected === ''
            ? MESSAGES.emptySelect
            : (options.find((option) => option.value === selected)?.display ?? String(selected))
        }
        onChange={(event: SelectChangeEvent<V | ''>) => {
          const next = event.target.value;
          if (next !== '') {
            const match = options.find((option) => String(option.value) === String(next));
            if (match) onChange(match.value);
          }
        }}
        MenuProps={{ slotProps: { paper: menuPaper } }}
      >
        {showEmpty ? (
          <EmptyListItem {...texts} />
        ) : (
          options.map((option) => (
            <MenuItem key={String(option.value)} value={option.value} disabled={option.disabled}>
              {option.display}
            </MenuItem>
          ))
        )}
      </MuiSelect>
    </FormControl>
  );
}
