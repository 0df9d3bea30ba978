import type { ZorroMessage } from '@zview/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { track } from '../../../api/analytics';
import { useConversationActions, useConversationMessages, useConversations } from '../api/conversations';

export interface NamedConversation {
  id: number;
  title: string;
}

/**
 * The explorer's state: the selected conversation (in the URL as ?c=), the question box, the
 * sidebar, the conversation being renamed or deleted, and the actions that send, retry, rename and
 * delete (tracked as the SPEC's zorro_* events).
 */
export function useExplorer() {
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('c')) || null;
  const [sidebar, setSidebarOpen] = useState(true);
  // The finder offers a question to the explorer as ?ask=…: it waits in the box to be sent.
  const [question, setQuestion] = useState(() => params.get('ask') ?? '');
  const [renaming, setRenaming] = useState<NamedConversation | null>(null);
  const [deleting, setDeleting] = useState<NamedConversation | null>(null);
  const conversations = useConversations();
  const messages = useConversationMessages(selected);
  const { create, rename, remove, ask } = useConversationActions();

  const select = (id: number | null) => setParams(id ? { c: String(id) } : {});
  const newConversation = async () => {
    const created = await create.mutateAsync();
    track('zorro_create_conversation', { conversationId: created.id });
    select(created.id);
    return created.id;
  };
  const send = async (text: string) => {
    const q = text.trim();
    if (q.length < 3) return;
    const id = selected ?? (await newConversation());
    setQuestion('');
    const result = await ask.mutateAsync({ id, question: q });
    if (result.answer.answer?.zeroResults) track('zorro_search_zero_results', { question: q, source: 'explorer' });
  };
  const list = messages.data?.messages ?? [];
  const retry = (message: ZorroMessage) => {
    const index = list.indexOf(message);
    const asked = [...list.slice(0, index)].reverse().find((m) => m.role === 'user');
    if (!asked) return;
    track('zorro_retry_prompt', { conversationId: selected });
    void send(asked.text);
  };
  const setSidebar = (open: boolean) => {
    track('zorro_toggle_sidebar', { open });
    setSidebarOpen(open);
  };
  const confirmRename = (value: string | undefined) => {
    if (renaming && value?.trim()) {
      track('zorro_rename_conversation', { conversationId: renaming.id });
      rename.mutate({ id: renaming.id, title: value.trim().slice(0, 120) });
    }
    setRenaming(null);
  };
  const confirmDelete = () => {
    if (deleting) {
      track('zorro_delete_conversation', { conversationId: deleting.id });
      remove.mutate(deleting.id);
      if (deleting.id === selected) select(null);
    }
    setDeleting(null);
  };

  return {
    selected,
    select,
    sidebar,
    setSidebar,
    question,
    setQuestion,
    conversations,
    messages,
    list,
    ask,
    newConversation,
    send,
    retry,
    renaming,
    setRenaming,
    confirmRename,
    deleting,
    setDeleting,
    confirmDelete,
  };
}

export type Explorer = ReturnType<typeof useExplorer>;
