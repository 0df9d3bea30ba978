import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import { useLayoutEffect, useRef } from 'react';
import { MuiSearchField } from './MuiSearchField';
import { ADDRESS_PLACEHOLDER, plainAddressField } from './SearchField';

export interface AddressInputProps {
  text: string;
  /** `typed`: the person changed the text (not a suggestion picked or the box cleared). */
  onText: (value: string, typed: boolean) => void;
  /** Suggestions for the text on screen. */
  options: string[];
  loading: boolean;
  /** A suggestion was chosen. */
  onPick: (value: string) => void;
  error: string | null;
}

/**
 * The address box with suggestions as you type (MUI Autocomplete). It loads once the home page
 * has shown (issue 45); until then SearchBar shows the plain field, which it replaces in place.
 */
export function AddressAutocomplete({ text, onText, options, loading, onPick, error }: AddressInputProps) {
  const input = useRef<HTMLInputElement>(null);
  // Read as this field first renders, before the plain one it replaces leaves the page.
  const replacesFocusedField = useRef(plainAddressField.focused);
  // In the commit that swaps the fields, so no keystroke lands in between.
  useLayoutEffect(() => {
    plainAddressField.focused = false;
    const element = input.current;
    if (!replacesFocusedField.current || !element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);
  return (
    <Autocomplete
      freeSolo
      options={options}
      filterOptions={(x) => x}
      inputValue={text}
      onInputChange={(_event, value, reason) => onText(value, reason === 'input')}
      onChange={(_event, value) => {
        if (typeof value === 'string' && value) onPick(value);
      }}
      loading={loading}
      renderInput={(params) => (
        <MuiSearchField
          {...params.InputProps}
          inputProps={params.inputProps}
          inputRef={input}
          fullWidth
          disabled={params.disabled}
          label="Address"
          icon={<SearchIcon fontSize="small" />}
          placeholder={ADDRESS_PLACEHOLDER}
          error={error}
        />
      )}
    />
  );
}
