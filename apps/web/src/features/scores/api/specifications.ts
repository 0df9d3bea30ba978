import { modelSpecificationsResponseSchema } from '@zview/contracts';
import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

export function fetchSpecifications(signal?: AbortSignal): Promise<z.infer<typeof modelSpecificationsResponseSchema>> {
  return api.get(apiPath('/caribou/specifications'), { schema: modelSpecificationsResponseSchema, signal });
}

/** GET /api/caribou/specifications: each model's version, factors and their ranges (the same for every organisation). */
export const specificationsQuery = () =>
  queryOptions({ queryKey: ['caribou', 'specifications'], queryFn: ({ signal }) => fetchSpecifications(signal) });

export function useSpecifications() {
  return useQuery(specificationsQuery());
}
