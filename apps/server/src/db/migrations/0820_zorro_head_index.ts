import { type Kysely, sql } from 'kysely';

/**
 * Data discovery at 100,000 filings (issue 18): relevance ranks only the filings whose head vector
 * (title, metadata, summary) holds one of the query's words — every other match ranks the same —
 * and this index finds those. Facets, totals and the other orders are computed in memory from the
 * facet columns (db/zorro-facet-index.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX zorro_filings_search_head ON zorro_filings USING gin (search_head)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX zorro_filings_search_head`.execute(db);
}
