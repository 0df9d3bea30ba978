import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export const ADDRESS_PLACEHOLDER = 'Search an address, e.g. 742 Foothill Rd, Boulder, CO 80302';

/**
 * Whether the plain address field (SearchBar.tsx) has the focus: the autocomplete that replaces it
 * once loaded reads this as it first renders, and takes the focus over.
 */
export const plainAddressField = { focused: false };

export interface SearchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** The input's label, for assistive technology only (the placeholder and icon say it on screen). */
  label: string;
  icon: ReactNode;
  error?: string | null;
}

/**
 * The search box of the home page's first paint: a small outlined input with an icon and an error
 * line, drawn by the first screens' stylesheet as MUI's OutlinedInput draws it (issue 45: the home
 * page does not wait for MUI). The address autocomplete replaces it in place (MuiSearchField.tsx).
 */
export function SearchField({ label, icon, error, ...input }: SearchFieldProps) {
  const id = useId();
  const helperId = error ? `${id}-helper-text` : undefined;
  return (
    <div className={error ? 'zv-field zv-field-error' : 'zv-field'}>
      <label htmlFor={id} className="zv-visually-hidden">
        {label}
      </label>
      <div className="zv-input">
        <div className="zv-input-adornment">{icon}</div>
        <input id={id} type="text" aria-invalid={!!error} aria-describedby={helperId} {...input} />
        <fieldset aria-hidden="true" className="zv-outline">
          <legend>
            <span className="notranslate">&#8203;</span>
          </legend>
        </fieldset>
      </div>
      {error && (
        <p id={helperId} className="zv-helper-text">
          {error}
        </p>
      )}
    </div>
  );
}
