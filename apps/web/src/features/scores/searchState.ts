import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { AssessmentRequest } from './api/assessment';

/**
 * The looked-up property lives in the address bar (?location=…&location_type=…&compare=…), so
 * the summary, product pages, reloads and shared links all show the same property.
 */
export interface PropertySearch {
  locationType: 'address' | 'coordinates';
  location: string;
}

export const SEARCH_PARAMS = { location: 'location', locationType: 'location_type', compare: 'compare' } as const;

export function usePropertySearch() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const location = params.get(SEARCH_PARAMS.location)?.trim() ?? '';
  const locationType = params.get(SEARCH_PARAMS.locationType) === 'coordinates' ? 'coordinates' : 'address';
  const compareDate = params.get(SEARCH_PARAMS.compare);

  const search = useMemo<PropertySearch | null>(
    () => (location ? { location, locationType } : null),
    [location, locationType],
  );

  const setSearch = useCallback(
    (next: PropertySearch) => {
      const query = new URLSearchParams({
        [SEARCH_PARAMS.location]: next.location,
        [SEARCH_PARAMS.locationType]: next.locationType,
      });
      void navigate({ pathname, search: `?${query.toString()}` });
    },
    [navigate, pathname],
  );

  const setCompareDate = useCallback(
    (date: string | null) => {
      const query = new URLSearchParams(params);
      if (date) query.set(SEARCH_PARAMS.compare, date);
      else query.delete(SEARCH_PARAMS.compare);
      void navigate({ pathname, search: `?${query.toString()}` }, { replace: true });
    },
    [navigate, params, pathname],
  );

  /** The pin was moved on the map: look the property up again at the new point. */
  const onLocationPinChange = useCallback(
    ({ lng, lat }: { lng: number; lat: number }) =>
      setSearch({ locationType: 'coordinates', location: `${lat.toFixed(6)},${lng.toFixed(6)}` }),
    [setSearch],
  );

  return { search, setSearch, compareDate, setCompareDate, onLocationPinChange, searchString: params.toString() };
}

export function toAssessmentRequest(
  search: PropertySearch | null,
  products: string[],
  asOf?: string,
): AssessmentRequest | null {
  if (!search) return null;
  return { locationType: search.locationType, location: search.location, products, asOf };
}
