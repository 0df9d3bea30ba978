import { sql, type Kysely } from 'kysely';

/**
 * usage_events.event_key is only needed where work may be retried (a portfolio chunk): it keys
 * the retry so it counts once. A lookup's usage is written once by construction, and a random
 * key per row cost every lookup seven random-position inserts into the unique index. NULL keys
 * never conflict, so the index keeps its meaning for the rows that have one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE usage_events ALTER COLUMN event_key DROP DEFAULT, ALTER COLUMN event_key DROP NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE usage_events SET event_key = gen_random_uuid()::text WHERE event_key IS NULL`.execute(db);
  await sql`ALTER TABLE usage_events ALTER COLUMN event_key SET DEFAULT gen_random_uuid()::text, ALTER COLUMN event_key SET NOT NULL`.execute(
    db,
  );
}
