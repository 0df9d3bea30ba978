import {
  buildingPermitsResponseSchema,
  ibhsEvaluationsResponseSchema,
  imageCatalogResponseSchema,
} from '@zview/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { useSession } from '../../../session/session';
import { apiPath } from '../../../api/paths';

/** The companions of an assessment that take just a location: permits, IBHS evaluations, image catalogue. */
export type BuildingPermitsResponse = z.infer<typeof buildingPermitsResponseSchema>;
export type IbhsEvaluationsResponse = z.infer<typeof ibhsEvaluationsResponseSchema>;
export type ImageCatalogResponse = z.infer<typeof imageCatalogResponseSchema>;

export const fetchBuildingPermits = (location: string, signal?: AbortSignal) =>
  api.get(apiPath('/caribou/building_permits'), { query: { location }, schema: buildingPermitsResponseSchema, signal });
export const fetchIbhsEvaluations = (location: string, signal?: AbortSignal) =>
  api.get(apiPath('/ibhs/evaluations'), { query: { location }, schema: ibhsEvaluationsResponseSchema, signal });
export const fetchImageCatalog = (location: string, signal?: AbortSignal) =>
  api.get(apiPath('/caribou/image_catalog'), { query: { location }, schema: imageCatalogResponseSchema, signal });

function useLocationLookup<T>(
  name: string,
  location: string | null,
  enabled: boolean,
  fetcher: (location: string, signal?: AbortSignal) => Promise<T>,
) {
  const { activeOrganization } = useSession();
  return useQuery({
    queryKey: ['property', activeOrganization?.id ?? null, name, location] as const,
    queryFn: ({ signal }) => fetcher(location!, signal),
    enabled: enabled && !!location,
    retry: false,
  });
}

export const useBuildingPermits = (location: string | null, enabled: boolean) =>
  useLocationLookup('building_permits', location, enabled, fetchBuildingPermits);
export const useIbhsEvaluations = (location: string | null, enabled: boolean) =>
  useLocationLookup('ibhs', location, enabled, fetchIbhsEvaluations);
export const useImageCatalog = (location: string | null, enabled: boolean) =>
  useLocationLookup('image_catalog', location, enabled, fetchImageCatalog);
