import { noticeTextsResponseSchema, type NoticeTextsResponse, type NoticeTextsUpdate } from '@zview/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';
import { useSession } from '../../../session/session';

const PATH = apiPath('/caribou/notices/texts');

/** GET /api/caribou/notices/texts: each template's text blocks as the organisation's notices print them. */
export function fetchNoticeTexts(signal?: AbortSignal): Promise<NoticeTextsResponse> {
  return api.get(PATH, { schema: noticeTextsResponseSchema, signal });
}

/** PUT /api/caribou/notices/texts: replace (or, with null, restore) blocks of one template. */
export function saveNoticeTexts(body: NoticeTextsUpdate): Promise<NoticeTextsResponse> {
  return api.put(PATH, body, { schema: noticeTextsResponseSchema });
}

export const noticeTextsQuery = (organizationId: number | null) =>
  queryOptions({
    queryKey: ['notices', organizationId, 'texts'] as const,
    queryFn: ({ signal }) => fetchNoticeTexts(signal),
  });

export function useNoticeTexts() {
  const { activeOrganization } = useSession();
  return useQuery(noticeTextsQuery(activeOrganization?.id ?? null));
}

export function useSaveNoticeTexts() {
  const { activeOrganization } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNoticeTexts,
    onSuccess: (data) => queryClient.setQueryData(noticeTextsQuery(activeOrganization?.id ?? null).queryKey, data),
  });
}
