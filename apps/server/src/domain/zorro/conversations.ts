import type { ZorroAnswer } from '@zview/contracts';
import type { Db } from '../../db/database.js';
import * as store from '../../db/zorro-conversations.js';
import type { Owner } from '../../db/zorro-conversations.js';
import { notFound } from '../app-error.js';
import { answerQuestion, type LlmConfig } from './explorer.js';

/** Explorer conversations of one user in the organisation acted for; another's answer 404. */
export type { Owner };

export const listConversations = (db: Db, owner: Owner) => store.listConversations(db, owner);

export const createConversation = (db: Db, owner: Owner, title?: string) =>
  store.createConversation(db, owner, title ?? 'New conversation');

export async function renameConversation(db: Db, owner: Owner, id: number, title: string) {
  const renamed = await store.renameConversation(db, owner, id, title);
  if (!renamed) throw notFound('Conversation not found.');
  return renamed;
}

export async function deleteConversation(db: Db, owner: Owner, id: number): Promise<void> {
  if (!(await store.deleteConversation(db, owner, id))) throw notFound('Conversation not found.');
}

const asMessage = (row: Awaited<ReturnType<typeof store.addMessage>>) => ({
  ...row,
  answer: (row.answer ?? null) as ZorroAnswer | null,
});

export async function conversationMessages(db: Db, owner: Owner, id: number) {
  const conversation = await store.findConversation(db, owner, id);
  if (!conversation) throw notFound('Conversation not found.');
  return { conversation, messages: (await store.listMessages(db, id)).map(asMessage) };
}

/** Asks a question in a conversation: stores it and its answer; a first question names the conversation. */
export async function ask(db: Db, owner: Owner, id: number, question: string, llm?: LlmConfig) {
  const conversation = await store.findConversation(db, owner, id);
  if (!conversation) throw notFound('Conversation not found.');
  const answer = await answerQuestion(db, question, llm);
  const asked = await store.addMessage(db, id, 'user', question, null);
  const answered = await store.addMessage(db, id, 'assistant', answer.sentences.map((s) => s.text).join(' '), answer);
  if (conversation.title === 'New conversation') await store.renameConversation(db, owner, id, question.slice(0, 80));
  return { question: asMessage(asked), answer: asMessage(answered) };
}
