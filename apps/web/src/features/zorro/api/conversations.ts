import {
  zorroAskResponseSchema,
  zorroConversationSchema,
  zorroConversationsResponseSchema,
  zorroMessagesResponseSchema,
  type ZorroConversation,
  type ZorroMessage,
} from '@zview/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** The explorer's conversations: list, messages, create, rename, delete, ask (one resource, its calls). */
export const CONVERSATIONS_PATH = apiPath('/zorro/conversations');
const keys = { all: ['zorro', 'conversations'] as const, one: (id: number) => ['zorro', 'conversations', id] as const };

export const conversationsQuery = () =>
  queryOptions({
    queryKey: keys.all,
    queryFn: ({ signal }) =>
      api.get(CONVERSATIONS_PATH, { schema: zorroConversationsResponseSchema, signal }).then((b) => b.conversations),
    retry: false,
  });

export function useConversations() {
  return useQuery(conversationsQuery());
}

export function useConversationMessages(id: number | null) {
  return useQuery({
    queryKey: keys.one(id ?? 0),
    queryFn: ({ signal }) =>
      api.get(apiPath('/zorro/conversations/{id}', { id: id ?? 0 }) /* enabled only with an id */, {
        schema: zorroMessagesResponseSchema,
        signal,
      }),
    enabled: id !== null,
    retry: false,
  });
}

export function useConversationActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: keys.all });
  const create = useMutation({
    mutationFn: (): Promise<ZorroConversation> => api.post(CONVERSATIONS_PATH, {}, { schema: zorroConversationSchema }),
    onSuccess: refresh,
  });
  const rename = useMutation({
    mutationFn: ({ id, title }: { id: number; title: string }) =>
      api.patch(apiPath('/zorro/conversations/{id}', { id }), { title }, { schema: zorroConversationSchema }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(apiPath('/zorro/conversations/{id}', { id })),
    onSuccess: refresh,
  });
  const ask = useMutation({
    mutationFn: ({ id, question }: { id: number; question: string }) =>
      api.post(apiPath('/zorro/conversations/{id}/messages', { id }), { question }, { schema: zorroAskResponseSchema }),
    onSuccess: (data, { id }) => {
      // The question and its answer show at once, whatever the order of the refetches: a fetch of
      // the conversation started before the answer was saved must not leave it out.
      client.setQueryData(
        keys.one(id),
        (old: { conversation: ZorroConversation; messages: ZorroMessage[] } | undefined) => {
          if (!old) return old;
          const known = new Set(old.messages.map((m) => m.id));
          return {
            ...old,
            messages: [...old.messages, ...[data.question, data.answer].filter((m) => !known.has(m.id))],
          };
        },
      );
      return Promise.all([client.invalidateQueries({ queryKey: keys.one(id) }), refresh()]);
    },
  });
  return { create, rename, remove, ask };
}
