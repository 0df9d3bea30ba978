import { LAT_LNG_TEXT_MESSAGE, parseLatLngText } from '@zview/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { track } from '../../../api/analytics';
import { useAutocomplete } from '../api/autocomplete';
import type { PropertySearch } from '../searchState';
import { useDebounced } from '../../../ui/useDebounced';
import { deferredComponent } from '../../../ui/deferred';
import { PlainButton } from '../../../ui/plain/Button';
import { Icon } from '../../../ui/plain/icons';
import type { AddressInputProps } from './AddressAutocomplete';
import { ADDRESS_PLACEHOLDER, SearchField, plainAddressField } from './SearchField';

export const AUTOCOMPLETE_DEBOUNCE_MS = 300;

/**
 * The address box: the plain field at once (drawn without MUI), MUI's Autocomplete (with Popper, Chip and the select
 * machinery) once the home page has shown (issue 45: what the home page waits for). It takes the
 * text typed so far, and the focus with the caret at the end, so typing goes on undisturbed.
 */
const AddressInput = deferredComponent<AddressInputProps>(
  () => import('./AddressAutocomplete').then((module) => module.AddressAutocomplete),
  {
    placeholder: ({ text, onText, error }) => (
      <SearchField
        label="Address"
        icon={<Icon name="search" small />}
        placeholder={ADDRESS_PLACEHOLDER}
        value={text}
        onChange={(event) => onText(event.target.value, true)}
        onFocus={() => (plainAddressField.focused = true)}
        onBlur={() => (plainAddressField.focused = false)}
        error={error}
      />
    ),
  },
);

/** Validates 'lat,lng' text; returns the error message or null. */
export function coordinateError(text: string): string | null {
  return parseLatLngText(text) ? null : LAT_LNG_TEXT_MESSAGE;
}

export interface SearchBarProps {
  initial: PropertySearch | null;
  onSearch: (search: PropertySearch) => void;
  /** The person started typing (called once): a search is likely coming, fetch what its result will need. */
  onTyping?: () => void;
}

/**
 * The property search (SPEC §1): an address with suggestions as you type (debounced), or
 * coordinates typed as 'lat,lng' behind a toggle. Submitting tracks submit_request.
 */
export function SearchBar({ initial, onSearch, onTyping }: SearchBarProps) {
  const [byCoordinates, setByCoordinates] = useState(initial?.locationType === 'coordinates');
  const [text, setText] = useState(initial?.location ?? '');
  const [error, setError] = useState<string | null>(null);
  const debounced = useDebounced(byCoordinates ? '' : text, AUTOCOMPLETE_DEBOUNCE_MS);
  const suggestions = useAutocomplete(debounced);
  const typed = useRef(false);
  const typing = () => {
    if (typed.current) return;
    typed.current = true;
    onTyping?.();
  };

  // A new lookup from elsewhere (a pin move, a dashboard link) shows in the box.
  useEffect(() => {
    if (!initial) return;
    setText(initial.location);
    setByCoordinates(initial.locationType === 'coordinates');
    setError(null);
  }, [initial]);

  const toggle = (next: boolean) => {
    if (next === byCoordinates) return;
    setByCoordinates(next);
    setText('');
    setError(null);
    track('toggled_search_by_coordinates', { enabled: next });
  };

  const submit = (value: string) => {
    const location = value.trim();
    if (!location) {
      setError(byCoordinates ? "Enter coordinates as 'lat,lng'" : 'Enter an address');
      return;
    }
    if (byCoordinates) {
      const message = coordinateError(location);
      if (message) {
        setError(message);
        return;
      }
    }
    setError(null);
    const locationType = byCoordinates ? 'coordinates' : 'address';
    track('submit_request', { location_type: locationType });
    onSearch({ locationType, location });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(text);
  };

  // Suggestions belong to the text on screen: while the box holds other text than the one they
  // answer (the debounce has not caught up, or an answer to an older query), none is offered.
  const current = !byCoordinates && debounced.trim() === text.trim() && suggestions.isSuccess;
  const options = current ? suggestions.data.results.map((result) => result.address) : [];

  return (
    <form role="search" aria-label="Property search" onSubmit={onSubmit} noValidate className="zv-search-form">
      <div className="zv-search-row">
        <div role="group" aria-label="Search by" className="zv-toggle-group">
          <button type="button" className="zv-toggle" aria-pressed={!byCoordinates} onClick={() => toggle(false)}>
            Address
          </button>
          <button type="button" className="zv-toggle" aria-pressed={byCoordinates} onClick={() => toggle(true)}>
            Coordinates
          </button>
        </div>
        <div className="zv-search-input">
          {byCoordinates ? (
            <SearchField
              label="Coordinates (lat,lng)"
              icon={<Icon name="placeOutlined" small />}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                if (error) setError(null);
                typing();
              }}
              placeholder="Latitude, longitude — e.g. 40.0150,-105.2830"
              error={error}
            />
          ) : (
            <AddressInput
              text={text}
              onText={(value, typed) => {
                setText(value);
                if (error) setError(null);
                if (typed) typing();
              }}
              options={options}
              loading={suggestions.isFetching}
              onPick={submit}
              error={error}
            />
          )}
        </div>
        <PlainButton type="submit" variant="contained" className="zv-search-button">
          Search
        </PlainButton>
      </div>
    </form>
  );
}
