import type { ZorroFilters, ZorroSearchQuery } from '@zview/contracts';
import { sql, type RawBuilder, type Sql } from 'kysely';
import type { Db } from './database.js';
import { facetColumns } from './zorro-facet-index.js';

/**
 * Data discovery's (zorro) filters in SQL: a typed text query as a tsquery over the weighted
 * `search` vector of migration 0700, company and group names matched by trigrams, and every filter
 * as one WHERE clause over `zorro_filings f` (the explorer's figures, the export's order, and the
 * SQL reference the in-memory search is tested against).
 */
export type Fragment = RawBuilder<unknown> | Sql;

/** A parsed text query: the websearch part (phrases, OR, -) and words typed with a trailing '*'. */
export interface TextQuery {
  websearch: string;
  prefixes: string[];
  /** The raw text, for trigram matches on company names and tracking numbers. */
  raw: string;
}

/** The tsquery of a text query (websearch syntax AND every prefix). */
export function tsquery(text: TextQuery): Fragment {
  const parts: Fragment[] = [];
  if (text.websearch.trim()) parts.push(sql`websearch_to_tsquery('zorro', ${text.websearch})`);
  // The stored words are stemmed ("defensible" is kept as "defens"): a long prefix also matches
  // with its last two letters off, so a prefix typed past the stem still finds the word.
  for (const prefix of text.prefixes) {
    const short = prefix.length >= 6 ? prefix.slice(0, -2) : prefix;
    parts.push(sql`(to_tsquery('zorro', ${`'${prefix}':*`}) || to_tsquery('simple', ${`'${short}':*`}))`);
  }
  if (!parts.length) return sql`''::tsquery`;
  return parts.reduce((a, b) => sql`(${a} && ${b})`);
}

/** Whether the query has any searchable term left (a query of stop words has none). */
export async function hasTerms(db: Db, text: TextQuery | null): Promise<boolean> {
  if (!text) return false;
  const { rows } = await sql<{ n: number }>`SELECT numnode(${tsquery(text)}) AS n`.execute(db);
  return (rows[0]?.n ?? 0) > 0;
}

export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
export const TRACKING = /^[A-Za-z]{2,6}-?\d{3,}$/;

export type FacetName = 'state' | 'line' | 'type' | 'status' | 'model' | 'category' | 'group';

/** Each facet filter as SQL (null when not filtered); the other filters as one list. */
export function facetPredicates(f: ZorroFilters): Record<FacetName, Fragment | null> {
  return {
    state: f.state.length ? sql`f.state = ANY(${f.state}::text[])` : null,
    line: f.line.length ? sql`f.line = ANY(${f.line}::text[])` : null,
    type: f.type.length ? sql`f.filing_type = ANY(${f.type}::text[])` : null,
    status: f.status.length ? sql`f.status = ANY(${f.status}::text[])` : null,
    model: f.model.length ? sql`f.models && ${f.model}::text[]` : null,
    category: f.category.length ? sql`f.categories && ${f.category}::text[]` : null,
    group: f.group.length ? sql`f.naic_group = ANY(${f.group}::text[])` : null,
  };
}

/** Company and NAIC group names that the search box's text names, misspelt or not (trigram word similarity). */
export interface NameMatches {
  companies: string[];
  groups: string[];
  /** The company filter is a company's exact name (as the search box's reading sets it): equality, not resemblance. */
  exactCompany?: boolean;
}
const NO_NAMES: NameMatches = { companies: [], groups: [] };

/** nameMatches, and whether the company filter names a company of the corpus exactly. */
export async function namesFor(db: Db, text: TextQuery | null, f: ZorroFilters): Promise<NameMatches> {
  const [names, exactCompany] = await Promise.all([
    nameMatches(db, text),
    f.company ? facetColumns(db).then((c) => c.values.company.includes(f.company!)) : false,
  ]);
  return { ...names, exactCompany };
}

/**
 * The company and group names a typed text resembles ("Pinecrest Mutal" → "Pinecrest Mutual
 * Insurance Company"): the text's words against each distinct name's (pg_trgm word similarity
 * ≥ 0.6), at most 10 of each, best first. Texts with search
 * syntax (quotes, '*', a leading '-') or shorter than 4 letters are words only.
 */
async function nameMatches(db: Db, text: TextQuery | null): Promise<NameMatches> {
  const raw = text?.raw.trim() ?? '';
  if (!namesSearchable(raw)) return NO_NAMES;
  // The distinct names (hundreds) come from the facet columns, not a trigram match over every
  // filing (1.2–4 s at 100,000 filings); the filings of the names are then found by their btree
  // indexes (zorro_filings_company / _group) or in memory.
  return namesResembling(db, (await facetColumns(db)).values, raw);
}

/** Whether a typed text may name a company or group (no search syntax, 4–120 characters, not a tracking number). */
export const namesSearchable = (raw: string) =>
  raw.length >= 4 && raw.length <= 120 && !/["*]|(^|\s)-/.test(raw) && !TRACKING.test(raw);

/** The company and group names among the corpus's distinct ones that `raw` resembles (see nameMatches). */
export async function namesResembling(
  db: Db,
  values: { company: string[]; group: string[] },
  raw: string,
): Promise<NameMatches> {
  const { rows } = await sql<{ kind: 'company' | 'group'; name: string }>`
    (SELECT 'company' AS kind, name FROM unnest(${values.company}::text[]) name WHERE ${raw} <% name ORDER BY word_similarity(${raw}, name) DESC, name LIMIT 10)
    UNION ALL
    (SELECT 'group', name FROM unnest(${values.group}::text[]) name WHERE ${raw} <% name ORDER BY word_similarity(${raw}, name) DESC, name LIMIT 10)`.execute(
    db,
  );
  return {
    companies: rows.filter((r) => r.kind === 'company').map((r) => r.name),
    groups: rows.filter((r) => r.kind === 'group').map((r) => r.name),
  };
}

export function basePredicates(
  f: ZorroFilters,
  text: TextQuery | null,
  searchable: boolean,
  names: NameMatches = NO_NAMES,
): Fragment[] {
  return [...wordPredicates(f, text, searchable, names), ...rangePredicates(f)];
}

/** The filters on words, names and tracking numbers: what only SQL (full-text and trigram indexes) answers. */
export function wordPredicates(
  f: ZorroFilters,
  text: TextQuery | null,
  searchable: boolean,
  names: NameMatches = NO_NAMES,
): Fragment[] {
  const where: Fragment[] = [];
  const raw = text?.raw.trim() ?? '';
  // Names the text resembles (misspelt company or group names) are merged into the words' matches.
  const byName: Fragment[] = [];
  if (names.companies.length) byName.push(sql`f.company = ANY(${names.companies}::text[])`);
  if (names.groups.length) byName.push(sql`f.naic_group = ANY(${names.groups}::text[])`);
  if (text && searchable) {
    // Words match the filing's vector alone (an OR with other indexes makes PostgreSQL re-read every
    // vector); a query shaped like a tracking number may also match its beginning.
    const alternatives = [sql`f.search @@ ${tsquery(text)}`, ...byName];
    if (TRACKING.test(raw)) alternatives.push(sql`f.tracking_number ILIKE ${`${likeEscape(raw)}%`}`);
    where.push(alternatives.length > 1 ? sql`(${sql.join(alternatives, sql` OR `)})` : alternatives[0]!);
  } else if (text && TRACKING.test(raw)) {
    where.push(sql`f.tracking_number ILIKE ${`${likeEscape(raw)}%`}`);
  } else if (byName.length) {
    where.push(sql`(${sql.join(byName, sql` OR `)})`);
  }
  if (f.company && names.exactCompany) where.push(sql`f.company = ${f.company}`);
  else if (f.company) where.push(sql`(f.company ILIKE ${`%${likeEscape(f.company)}%`} OR ${f.company} <% f.company)`);
  return where;
}

/** The date and rate-change filters (facetIndex.countFacets applies the same ones to its columns). */
export function rangePredicates(f: ZorroFilters, rate = true): Fragment[] {
  const where: Fragment[] = [];
  if (f.submittedFrom) where.push(sql`f.submitted_on >= ${f.submittedFrom}::date`);
  if (f.submittedTo) where.push(sql`f.submitted_on <= ${f.submittedTo}::date`);
  if (f.effectiveFrom) where.push(sql`f.effective_on >= ${f.effectiveFrom}::date`);
  if (f.effectiveTo) where.push(sql`f.effective_on <= ${f.effectiveTo}::date`);
  if (rate && f.rateMin !== undefined) where.push(sql`f.overall_change >= ${f.rateMin}`);
  if (rate && f.rateMax !== undefined) where.push(sql`f.overall_change <= ${f.rateMax}`);
  return where;
}

/**
 * Runs queries that match words with the planner told to use the indexes: its cost model does not
 * count reading (detoasting) each filing's large vector, so for common words it would scan and
 * re-read every vector (seconds at 100,000 filings) where the GIN bitmap answers exactly.
 */
export async function withTextPlan<T>(db: Db, searchable: boolean, run: (db: Db) => Promise<T>): Promise<T> {
  if (!searchable) return run(db);
  if (db.isTransaction) {
    await sql`SET LOCAL enable_seqscan = off`.execute(db);
    return run(db);
  }
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    return run(trx as unknown as Db);
  });
}

export const and = (parts: Fragment[]): Fragment => (parts.length ? sql.join(parts, sql` AND `) : sql`true`);

/** Every filter (facets included) as one WHERE clause over `zorro_filings f`. */
export async function filterClause(
  db: Db,
  f: ZorroFilters,
  text: TextQuery | null,
): Promise<{ where: Fragment; searchable: boolean }> {
  const [searchable, names] = await Promise.all([hasTerms(db, text), namesFor(db, text, f)]);
  const facets = Object.values(facetPredicates(f)).filter((p): p is Fragment => p !== null);
  return { where: and([...basePredicates(f, text, searchable, names), ...facets]), searchable };
}

export const SORT_COLUMNS: Record<Exclude<ZorroSearchQuery['sort'], 'relevance'>, string> = {
  submitted: 'f.submitted_on',
  effective: 'f.effective_on',
  rateChange: 'f.overall_change',
  company: 'f.company',
  state: 'f.state',
  status: 'f.status',
};
