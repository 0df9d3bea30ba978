import { sql } from 'kysely';
import type { Db } from './database.js';

/** Explorer conversations: always scoped to one user in the organisation acted for. */
export interface Owner {
  organizationId: number;
  userId: string;
}

const CONVERSATION = sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const UPDATED = sql<string>`to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

function conversations(db: Db, owner: Owner) {
  return db
    .selectFrom('zorro_conversations')
    .select(['id', 'title', CONVERSATION.as('createdAt'), UPDATED.as('updatedAt')])
    .where('organization_id', '=', owner.organizationId)
    .where('user_id', '=', owner.userId);
}

export function listConversations(db: Db, owner: Owner) {
  return conversations(db, owner).orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(200).execute();
}

export function findConversation(db: Db, owner: Owner, id: number) {
  return conversations(db, owner).where('id', '=', id).executeTakeFirst();
}

export async function createConversation(db: Db, owner: Owner, title: string) {
  const { id } = await db
    .insertInto('zorro_conversations')
    .values({ organization_id: owner.organizationId, user_id: owner.userId, title })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findConversation(db, owner, id))!;
}

/** Renames; undefined when the conversation is not the owner's. */
export async function renameConversation(db: Db, owner: Owner, id: number, title: string) {
  const updated = await db
    .updateTable('zorro_conversations')
    .set({ title, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('organization_id', '=', owner.organizationId)
    .where('user_id', '=', owner.userId)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n ? findConversation(db, owner, id) : undefined;
}

export async function deleteConversation(db: Db, owner: Owner, id: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('zorro_conversations')
    .where('id', '=', id)
    .where('organization_id', '=', owner.organizationId)
    .where('user_id', '=', owner.userId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

export async function listMessages(db: Db, conversationId: number) {
  return db
    .selectFrom('zorro_messages')
    .select([
      'id',
      'role',
      'text',
      'answer',
      sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('createdAt'),
    ])
    .where('conversation_id', '=', conversationId)
    .orderBy('id')
    .limit(500)
    .execute();
}

export async function addMessage(
  db: Db,
  conversationId: number,
  role: 'user' | 'assistant',
  text: string,
  answer: unknown,
) {
  const row = await db
    .insertInto('zorro_messages')
    .values({ conversation_id: conversationId, role, text, answer: answer === null ? null : JSON.stringify(answer) })
    .returning([
      'id',
      'role',
      'text',
      'answer',
      sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('createdAt'),
    ])
    .executeTakeFirstOrThrow();
  await db
    .updateTable('zorro_conversations')
    .set({ updated_at: sql`now()` })
    .where('id', '=', conversationId)
    .execute();
  return row;
}
