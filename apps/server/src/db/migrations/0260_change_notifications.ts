import { type Kysely, sql } from 'kysely';

/**
 * Change notifications for in-process caches (src/db/change-feed.ts): any statement that writes
 * the identity tables a request's authentication reads notifies `zview_auth`; any statement that
 * writes the world tables a property lookup reads notifies `zview_world`. Statement-level, so a
 * bulk COPY of a million rows costs one notification, and PostgreSQL folds repeats within a
 * transaction into one. Delivered at commit.
 */
const CHANNELS = {
  zview_auth: ['users', 'organizations', 'organization_members', 'revoked_tokens'],
  zview_world: ['properties', 'buildings', 'permits', 'imagery_captures', 'weather_events'],
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [channel, tables] of Object.entries(CHANNELS)) {
    await sql
      .raw(
        `CREATE FUNCTION notify_${channel}() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN PERFORM pg_notify('${channel}', TG_TABLE_NAME); RETURN NULL; END $$`,
      )
      .execute(db);
    for (const table of tables) {
      await sql
        .raw(
          `CREATE TRIGGER ${table}_notify_${channel} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION notify_${channel}()`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [channel, tables] of Object.entries(CHANNELS)) {
    for (const table of tables) await sql.raw(`DROP TRIGGER ${table}_notify_${channel} ON ${table}`).execute(db);
    await sql.raw(`DROP FUNCTION notify_${channel}()`).execute(db);
  }
}
