import {
  webhookEndpointSchema,
  webhookEndpointsSchema,
  webhookEndpointWithSecretSchema,
  webhookLogSchema,
  webhookRedeliveredSchema,
  type WEBHOOK_EVENT_TYPES,
} from '@zview/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** The organisation's webhook endpoints (group admins, issue 41). */
const BASE = apiPath('/caribou/webhooks/endpoints');
export const webhookKeys = {
  endpoints: ['webhooks', 'endpoints'] as const,
  log: (id: number, page: number) => ['webhooks', 'endpoints', id, 'log', page] as const,
};

export type EventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export interface EndpointFields {
  url: string;
  description: string;
  eventTypes: EventType[];
}

export function useEndpoints(enabled: boolean) {
  return useQuery({
    queryKey: webhookKeys.endpoints,
    queryFn: () => api.get(BASE, { schema: webhookEndpointsSchema }).then((b) => b.endpoints),
    enabled,
  });
}

export const LOG_PAGE_SIZE = 20;

export function useDeliveryLog(id: number | null, page: number) {
  return useQuery({
    queryKey: webhookKeys.log(id ?? 0, page),
    queryFn: () =>
      api.get(apiPath('/caribou/webhooks/endpoints/{id}/log', { id: id ?? 0 }), {
        query: { page, itemsPerPage: LOG_PAGE_SIZE },
        schema: webhookLogSchema,
      }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['webhooks'] });
}

/** Adds an endpoint; the answer holds its secret, shown once. */
export function useCreateEndpoint() {
  const onSettled = useInvalidate();
  return useMutation({
    mutationFn: (body: EndpointFields) => api.post(BASE, body, { schema: webhookEndpointWithSecretSchema }),
    onSettled,
  });
}

export function useChangeEndpoint() {
  const onSettled = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: Partial<EndpointFields> & { id: number; enabled?: boolean }) =>
      api.patch(apiPath('/caribou/webhooks/endpoints/{id}', { id }), body, { schema: webhookEndpointSchema }),
    onSettled,
  });
}

/** A new secret (shown once); the old one keeps signing for 24 hours. */
export function useRotateSecret() {
  const onSettled = useInvalidate();
  return useMutation({
    mutationFn: (id: number) =>
      api.post(apiPath('/caribou/webhooks/endpoints/{id}/rotate', { id }), undefined, {
        schema: webhookEndpointWithSecretSchema,
      }),
    onSettled,
  });
}

export function useRemoveEndpoint() {
  const onSettled = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete(apiPath('/caribou/webhooks/endpoints/{id}', { id })),
    onSettled,
  });
}

export function useRedeliver() {
  const onSettled = useInvalidate();
  return useMutation({
    mutationFn: ({ id, messageId }: { id: number; messageId: string }) =>
      api.post(
        apiPath('/caribou/webhooks/endpoints/{id}/messages/{messageId}/redeliver', { id, messageId }),
        undefined,
        { schema: webhookRedeliveredSchema },
      ),
    onSettled,
  });
}
