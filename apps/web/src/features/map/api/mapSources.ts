import { mapSourcesResponseSchema, type MapSourcesResponse } from '@zview/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../api/client';
import { OFFLINE_BASE_STYLES, type BaseStyles } from '../engine/baseStyles';
import type { LngLat } from '../types';
import { apiPath } from '../../../api/paths';

export const MAP_SOURCES_PATH = apiPath('/map/sources');

/** Half the side of the street style's bbox around the property, in degrees (the server allows ≤ 0.05° sides). */
const STREET_BBOX_HALF_DEGREES = 0.01;

export function fetchMapSources(signal?: AbortSignal): Promise<MapSourcesResponse> {
  return api.get(MAP_SOURCES_PATH, { schema: mapSourcesResponseSchema, signal });
}

/**
 * Signed base-map URLs (bearer only). They are valid at least an hour and repeat within a
 * 15-minute window, so one fetch per half hour keeps them fresh and the browser cache warm.
 */
export function mapSourcesQuery() {
  return queryOptions({
    queryKey: ['map', 'sources'] as const,
    queryFn: ({ signal }) => fetchMapSources(signal),
    staleTime: 30 * 60 * 1000,
    refetchInterval: 30 * 60 * 1000,
    retry: false,
  });
}

/** The street style with the features of the area around `point` (the style route needs a bbox). */
export function streetStyleUrl(signedStyleUrl: string, point: LngLat): string {
  const d = STREET_BBOX_HALF_DEGREES;
  const bbox = [point.lng - d, point.lat - d, point.lng + d, point.lat + d].map((value) => value.toFixed(6)).join(',');
  return `${signedStyleUrl}${signedStyleUrl.includes('?') ? '&' : '?'}bbox=${bbox}`;
}

export function signedBaseStyles(sources: MapSourcesResponse, point: LngLat): BaseStyles {
  return { street: streetStyleUrl(sources.styles.street, point), satellite: sources.styles.satellite };
}

/**
 * Base maps for a property at `point`: our server's signed street and satellite styles, or the
 * built-in offline styles while they load or when the server cannot hand them out.
 */
export function usePropertyBaseStyles(point: LngLat): BaseStyles {
  const sources = useQuery(mapSourcesQuery());
  const { lng, lat } = point;
  return useMemo(
    () => (sources.data ? signedBaseStyles(sources.data, { lng, lat }) : OFFLINE_BASE_STYLES),
    [sources.data, lng, lat],
  );
}
