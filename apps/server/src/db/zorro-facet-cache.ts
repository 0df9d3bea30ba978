import { sql } from 'kysely';
import type { Db } from './database.js';

/** Cached entries kept at most (the oldest go first); the whole cache empties when the corpus changes. */
const MAX_ENTRIES = 5_000;

/**
 * Facet counts cached per query key under the corpus generation (migration 0770): a write to
 * zorro_filings bumps the generation and empties the cache in its own transaction. The generation
 * and the counts are read in one REPEATABLE READ snapshot, so an entry always holds the counts of
 * the corpus its generation names; one stored after a later import is never read again.
 */
export async function cachedFacets<T>(
  db: Db,
  key: string,
  compute: (db: Db) => Promise<T>,
): Promise<{ value: T; cached: boolean }> {
  const found = await sql<{ body: T }>`
    SELECT c.body FROM zorro_facet_cache c JOIN zorro_corpus g ON g.generation = c.generation WHERE c.key = ${key}`.execute(
    db,
  );
  if (found.rows[0]) return { value: found.rows[0].body, cached: true };
  const { generation, value } = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const { generation } = await trx.selectFrom('zorro_corpus').select('generation').executeTakeFirstOrThrow();
      return { generation, value: await compute(trx as unknown as Db) };
    });
  await sql`INSERT INTO zorro_facet_cache (generation, key, body) VALUES (${generation}, ${key}, ${JSON.stringify(value)}::jsonb) ON CONFLICT DO NOTHING`.execute(
    db,
  );
  if (Math.random() < 0.02) {
    await sql`DELETE FROM zorro_facet_cache WHERE ctid IN (SELECT ctid FROM zorro_facet_cache ORDER BY created_at DESC OFFSET ${MAX_ENTRIES})`.execute(
      db,
    );
  }
  return { value, cached: false };
}

/** Empties the cache (benchmarks measure counts computed cold). */
export async function clearFacetCache(db: Db): Promise<void> {
  await sql`DELETE FROM zorro_facet_cache`.execute(db);
}
