import { sql } from 'kysely';
import type { Db } from './database.js';
import { tsquery, withTextPlan, type TextQuery } from './zorro-words.js';

/**
 * What the in-memory ranked index (domain/zorro/ranked-index.ts) reads from PostgreSQL: every
 * filing's head vector (title, metadata, summary; positions and weights) once per corpus
 * generation, the filings holding one word or phrase anywhere (the full-text GIN index, once per
 * word and generation), and a typed query as PostgreSQL parses and stems it.
 */

/** The corpus generation `db` sees (the same key as the facet columns': db/zorro-facet-index.ts). */
export async function corpusKey(db: Db): Promise<string> {
  const { rows } = await sql<{ key: string }>`
    SELECT current_database() || ':' || coalesce(inet_server_port()::text, '') || ':' || generation AS key FROM zorro_corpus`.execute(
    db,
  );
  return rows[0]?.key ?? '';
}

/**
 * Every filing's head vector as text (`'lexeme':1A,4B …`), in id order, `batch` filings at a time:
 * the caller parses each batch and yields the event loop between them.
 */
export async function* headVectors(db: Db, batch = 4000): AsyncGenerator<{ id: number; head: string }[]> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; head: string }>`
      SELECT id, coalesce(search_head::text, '') AS head FROM zorro_filings WHERE id > ${after} ORDER BY id LIMIT ${batch}`.execute(
      db,
    );
    if (!rows.length) return;
    yield rows;
    after = rows.at(-1)!.id;
    if (rows.length < batch) return;
  }
}

/** The ids of the filings whose full vector (body included) matches one tsquery (a word, a prefix or a phrase). */
export async function idsMatching(db: Db, query: string): Promise<number[]> {
  const { rows } = await withTextPlan(db, true, (q) =>
    sql<{
      ids: number[];
    }>`SELECT coalesce(array_agg(f.id), '{}') AS ids FROM zorro_filings f WHERE f.search @@ ${query}::tsquery`.execute(
      q,
    ),
  );
  return rows[0]?.ids ?? [];
}

/** The ids of the filings whose tracking number starts with `prefix` (the trigram index). */
export async function idsByTracking(db: Db, prefix: string): Promise<number[]> {
  const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  const { rows } = await sql<{ ids: number[] }>`
    SELECT coalesce(array_agg(f.id), '{}') AS ids FROM zorro_filings f WHERE f.tracking_number ILIKE ${`${escaped}%`}`.execute(
    db,
  );
  return rows[0]?.ids ?? [];
}

/** A typed text query as PostgreSQL reads it (websearch syntax AND prefixes), as tsquery text; '' when nothing is searchable. */
export async function tsqueryText(db: Db, text: TextQuery): Promise<string> {
  const { rows } = await sql<{ q: string }>`SELECT (${tsquery(text)})::text AS q`.execute(db);
  return rows[0]?.q ?? '';
}

/** The company names among `names` that a company filter names: contained in, or resembling it (trigram word similarity). */
export async function companiesLike(db: Db, names: readonly string[], company: string): Promise<string[]> {
  const pattern = `%${company.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await sql<{ name: string }>`
    SELECT name FROM unnest(${names as string[]}::text[]) name WHERE name ILIKE ${pattern} OR ${company} <% name`.execute(
    db,
  );
  return rows.map((r) => r.name);
}
