import { type Kysely, sql } from 'kysely';

/**
 * The score-index build split across worker processes (issue 20): a plan covers the open builds
 * of one world revision (one per portfolio product) and cuts the properties into key ranges by
 * id; each part is a pg-boss job any worker takes. A part holds a lease while a worker fills it
 * (renewed with every page) and a cursor (`built_through`), so a killed worker's part is resumed
 * by another once its lease lapses. The plan's last part marks the builds complete (the swap).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE score_index_plans (
      id serial PRIMARY KEY,
      build_ids integer[] NOT NULL,
      world_revision bigint NOT NULL,
      part_count integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz
    )`.execute(db);
  await sql`
    CREATE TABLE score_index_parts (
      plan_id integer NOT NULL REFERENCES score_index_plans(id) ON DELETE CASCADE,
      part integer NOT NULL,
      -- Properties with after_id < id <= through_id ('' and NULL: open ends).
      after_id text NOT NULL,
      through_id text,
      built_through text,
      property_count integer NOT NULL DEFAULT 0,
      leased_until timestamptz,
      done_at timestamptz,
      PRIMARY KEY (plan_id, part)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE score_index_parts, score_index_plans`.execute(db);
}
