import { type Kysely, sql } from 'kysely';

/**
 * Regulatory filings for data discovery (zorro): filings with their structured fields, per-coverage
 * rate changes, regulator objections and the carrier's responses, and documents split into pages.
 *
 * Search: a text search configuration `zorro` (english stemming after unaccent) and one weighted
 * tsvector per filing — title A, metadata (company, group, state, line, type, models, tracking
 * number) B, summary C, every page's text D — refreshed by `zorro_refresh_search(ids)` after a
 * filing's pages are written. Pages keep their own vector to find the page a hit came from.
 * Trigram indexes serve company names and tracking numbers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TEXT SEARCH CONFIGURATION zorro (COPY = english)`.execute(db);
  await sql`ALTER TEXT SEARCH CONFIGURATION zorro ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem`.execute(
    db,
  );
  await sql`
    CREATE TABLE zorro_filings (
      id serial PRIMARY KEY,
      tracking_number text NOT NULL UNIQUE,
      state text NOT NULL CHECK (length(state) = 2),
      company text NOT NULL,
      naic_group text NOT NULL,
      naic_code text,
      line text NOT NULL,
      filing_type text NOT NULL,
      status text NOT NULL,
      title text NOT NULL,
      summary text NOT NULL DEFAULT '',
      meta_text text NOT NULL DEFAULT '',
      submitted_on date NOT NULL,
      disposition_on date,
      effective_on date,
      overall_change numeric(7,2),
      models text[] NOT NULL DEFAULT '{}',
      vendors text[] NOT NULL DEFAULT '{}',
      categories text[] NOT NULL DEFAULT '{}',
      source text NOT NULL DEFAULT 'generated' CHECK (source IN ('generated', 'imported')),
      sample boolean NOT NULL DEFAULT true,
      search tsvector,
      -- Title, metadata and summary only: ranking reads this small vector, matching the full one.
      search_head tsvector,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX zorro_filings_search ON zorro_filings USING gin (search)`.execute(db);
  await sql`CREATE INDEX zorro_filings_company_trgm ON zorro_filings USING gin (company gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX zorro_filings_tracking_trgm ON zorro_filings USING gin (tracking_number gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX zorro_filings_models ON zorro_filings USING gin (models)`.execute(db);
  await sql`CREATE INDEX zorro_filings_categories ON zorro_filings USING gin (categories)`.execute(db);
  await sql`CREATE INDEX zorro_filings_state_submitted ON zorro_filings (state, submitted_on)`.execute(db);
  await sql`CREATE INDEX zorro_filings_submitted ON zorro_filings (submitted_on)`.execute(db);
  await sql`
    CREATE TABLE zorro_coverages (
      filing_id integer NOT NULL REFERENCES zorro_filings(id) ON DELETE CASCADE,
      coverage text NOT NULL,
      change numeric(7,2) NOT NULL,
      PRIMARY KEY (filing_id, coverage)
    )`.execute(db);
  await sql`
    CREATE TABLE zorro_objections (
      filing_id integer NOT NULL REFERENCES zorro_filings(id) ON DELETE CASCADE,
      seq integer NOT NULL,
      objected_on date,
      objection text NOT NULL,
      responded_on date,
      response text,
      PRIMARY KEY (filing_id, seq)
    )`.execute(db);
  await sql`
    CREATE TABLE zorro_documents (
      id serial PRIMARY KEY,
      filing_id integer NOT NULL REFERENCES zorro_filings(id) ON DELETE CASCADE,
      seq integer NOT NULL,
      kind text NOT NULL,
      title text NOT NULL,
      page_count integer NOT NULL DEFAULT 0,
      UNIQUE (filing_id, seq)
    )`.execute(db);
  await sql`
    CREATE TABLE zorro_pages (
      document_id integer NOT NULL REFERENCES zorro_documents(id) ON DELETE CASCADE,
      page_number integer NOT NULL,
      filing_id integer NOT NULL REFERENCES zorro_filings(id) ON DELETE CASCADE,
      body text NOT NULL,
      search tsvector GENERATED ALWAYS AS (to_tsvector('zorro'::regconfig, body)) STORED,
      PRIMARY KEY (document_id, page_number)
    )`.execute(db);
  await sql`CREATE INDEX zorro_pages_filing ON zorro_pages (filing_id)`.execute(db);
  // Concatenates tsvectors (positions shifted, as ||): a filing's pages are parsed once, as stored.
  await sql`CREATE AGGREGATE zorro_tsvector_agg(tsvector) (SFUNC = tsvector_concat, STYPE = tsvector, INITCOND = '')`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION zorro_refresh_search(ids integer[]) RETURNS void LANGUAGE sql AS $$
      UPDATE zorro_filings f SET search = h.head
       || setweight(coalesce((SELECT zorro_tsvector_agg(p.search ORDER BY p.document_id, p.page_number) FROM zorro_pages p WHERE p.filing_id = f.id), ''::tsvector), 'D'),
        search_head = h.head
      FROM (SELECT g.id, setweight(to_tsvector('zorro', g.title), 'A') || setweight(to_tsvector('zorro', g.meta_text), 'B') || setweight(to_tsvector('zorro', g.summary), 'C') AS head
            FROM zorro_filings g WHERE g.id = ANY(ids)) h
      WHERE f.id = h.id
    $$`.execute(db);
  // Explorer conversations: one user's, in the organisation acted for.
  await sql`
    CREATE TABLE zorro_conversations (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      title text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX zorro_conversations_owner ON zorro_conversations (organization_id, user_id, updated_at DESC)`.execute(
    db,
  );
  await sql`
    CREATE TABLE zorro_messages (
      id serial PRIMARY KEY,
      conversation_id integer NOT NULL REFERENCES zorro_conversations(id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('user', 'assistant')),
      text text NOT NULL,
      answer jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX zorro_messages_conversation ON zorro_messages (conversation_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE zorro_messages, zorro_conversations, zorro_pages, zorro_documents, zorro_objections, zorro_coverages, zorro_filings`.execute(
    db,
  );
  await sql`DROP FUNCTION zorro_refresh_search(integer[])`.execute(db);
  await sql`DROP AGGREGATE zorro_tsvector_agg(tsvector)`.execute(db);
  await sql`DROP TEXT SEARCH CONFIGURATION zorro`.execute(db);
}
