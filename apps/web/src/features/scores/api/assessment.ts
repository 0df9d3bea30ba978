import type { AssessmentResponse } from '@zview/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useSession } from '../../../session/session';
import { apiPath } from '../../../api/paths';
import { loadAnswerSchemas } from './load-answer-schemas';

export const ASSESSMENT_PATH = apiPath('/caribou/v3/property/assessment/zview');

/** What the property view asks about: a location, how it was typed, the products, and optionally a look-back date. */
export interface AssessmentRequest {
  locationType: 'address' | 'coordinates';
  location: string;
  products: string[];
  /** YYYY-MM-DD: scores as of the capture on or before this date. */
  asOf?: string;
}

export async function fetchAssessment(request: AssessmentRequest, signal?: AbortSignal): Promise<AssessmentResponse> {
  const [schemas, body] = await Promise.all([
    loadAnswerSchemas(),
    api.get(ASSESSMENT_PATH, {
      query: {
        location_type: request.locationType,
        location: request.location,
        products: request.products.length > 0 ? request.products.join(',') : undefined,
        as_of: request.asOf,
      },
      signal,
    }),
  ]);
  return schemas.assessmentResponseSchema.parse(body);
}

/** `onAnswer` runs as the answer arrives, before it is rendered (e.g. to start fetching its imagery). */
export function assessmentQuery(
  organizationId: number | null,
  request: AssessmentRequest | null,
  onAnswer?: (answer: AssessmentResponse) => void,
) {
  return queryOptions({
    queryKey: ['property', organizationId, 'assessment', request] as const,
    queryFn: ({ signal }) => fetchAssessment(request!, signal).then((answer) => (onAnswer?.(answer), answer)),
    enabled: request !== null && request.location.trim() !== '',
    // A 4xx is an answer (unknown address, bad coordinates), not a glitch worth retrying.
    retry: false,
  });
}

export function useAssessment(
  request: AssessmentRequest | null,
  options: { keepPrevious?: boolean; onAnswer?: (answer: AssessmentResponse) => void } = {},
) {
  const { activeOrganization } = useSession();
  return useQuery({
    ...assessmentQuery(activeOrganization?.id ?? null, request, options.onAnswer),
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
}
