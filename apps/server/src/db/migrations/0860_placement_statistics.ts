import { type Kysely, sql } from 'kysely';

/**
 * Issue 22: world_revision and placement_builds hold a row each and had never been analyzed (too
 * few changes for autovacuum), so the planner took them for thousands of rows. Every chunk's
 * statement joins them once (placementContext in db/portfolio-placement.ts); with the chunk's 10k
 * rows multiplied by that, it hashed the whole score index build instead of probing it: 2.5 s
 * instead of 0.13 s per chunk on the 1M world. Databases that already hold their rows get their
 * statistics here; a placement build gathers them again (analyzePlacementBuilds).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ANALYZE world_revision, placement_builds`.execute(db);
}

export async function down(): Promise<void> {
  // Statistics need no undoing.
}
