import { type Kysely, sql } from 'kysely';

/**
 * Data discovery at 100,000 filings (issue 18):
 * - Facet counts are cached per query in zorro_facet_cache, under the corpus generation: any write
 *   to zorro_filings (seed, import) bumps the generation and empties the cache in its transaction,
 *   so a count computed on an older corpus is never read again.
 * - Company and NAIC group names matched by trigrams from the search box: btree indexes for the
 *   names found, a trigram index on groups.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX zorro_filings_company ON zorro_filings (company)`.execute(db);
  await sql`CREATE INDEX zorro_filings_group ON zorro_filings (naic_group)`.execute(db);
  await sql`CREATE INDEX zorro_filings_group_trgm ON zorro_filings USING gin (naic_group gin_trgm_ops)`.execute(db);
  await sql`CREATE TABLE zorro_corpus (id boolean PRIMARY KEY DEFAULT true CHECK (id), generation bigint NOT NULL DEFAULT 1)`.execute(
    db,
  );
  await sql`INSERT INTO zorro_corpus DEFAULT VALUES`.execute(db);
  await sql`
    CREATE TABLE zorro_facet_cache (
      generation bigint NOT NULL,
      key text NOT NULL,
      body jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (generation, key)
    )`.execute(db);
  await sql`
    CREATE FUNCTION zorro_corpus_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE zorro_corpus SET generation = generation + 1;
      DELETE FROM zorro_facet_cache;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER zorro_filings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON zorro_filings FOR EACH STATEMENT EXECUTE FUNCTION zorro_corpus_changed()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER zorro_filings_changed ON zorro_filings`.execute(db);
  await sql`DROP FUNCTION zorro_corpus_changed()`.execute(db);
  await sql`DROP TABLE zorro_facet_cache, zorro_corpus`.execute(db);
  await sql`DROP INDEX zorro_filings_company, zorro_filings_group, zorro_filings_group_trgm`.execute(db);
}
