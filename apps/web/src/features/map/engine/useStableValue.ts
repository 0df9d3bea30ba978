import { useMemo } from 'react';

/**
 * The same object for as long as its JSON is the same, so a parent that rebuilds props inline
 * on every render does not make the map reload its style or markers.
 */
export function useStableValue<T>(value: T): T {
  const key = value === undefined ? undefined : JSON.stringify(value);
  return useMemo(() => (key === undefined ? undefined : JSON.parse(key)) as T, [key]);
}
