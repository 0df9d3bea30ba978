import { type Kysely, sql } from 'kysely';

/**
 * Issue 39: one event per messageId per write key, whatever its timestamp (Segment's rule). The
 * events' key is (message_id, occurred_at), as a partitioned table's unique key must hold the
 * partition column; a retry with another timestamp or none was stored twice. A small table of
 * the ids seen, unpartitioned, decides instead: an id is stored as an event only if it was new
 * here. Ids already stored count as seen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE analytics_message_ids (
      write_key text NOT NULL,
      message_id text NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (write_key, message_id)
    )`.execute(db);
  // Every event so far came with the one configured write key, which a migration does not know:
  // '' stands for "before the table", and ids are also looked up under it.
  await sql`
    INSERT INTO analytics_message_ids (write_key, message_id, received_at)
    SELECT '', message_id, min(received_at) FROM analytics_events GROUP BY message_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE analytics_message_ids`.execute(db);
}
