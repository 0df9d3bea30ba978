import { type Kysely, sql } from 'kysely';

/**
 * Issue 39: a role change made by one organisation's admin ended the member's tokens in every
 * organisation (users.tokens_not_before is per user). Tokens issued before a membership's own
 * not-before are refused when acting for that organisation only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE organization_members ADD COLUMN tokens_not_before timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE organization_members DROP COLUMN tokens_not_before`.execute(db);
}
