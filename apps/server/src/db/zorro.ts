import { ZORRO_MARK_END, ZORRO_MARK_START, type ZorroFilters, type ZorroSearchQuery } from '@zview/contracts';
import { sql, type RawBuilder, type Sql } from 'kysely';
import type { Db } from './database.js';
import { facetColumns } from './zorro-facet-index.js';

/**
 * Queries of data discovery (zorro): full-text search over filings (the weighted `search`
 * vector of migration 0700), filters, facets with counts, figures over structured fields, the
 * page a hit came from with its passage highlighted, filings and documents.
 */
type Fragment = RawBuilder<unknown> | Sql;

/** A parsed text query: the websearch part (phrases, OR, -) and words typed with a trailing '*'. */
export interface TextQuery {
  websearch: string;
  prefixes: string[];
  /** The raw text, for trigram matches on company names and tracking numbers. */
  raw: string;
}

/** The tsquery of a text query (websearch syntax AND every prefix). */
function tsquery(text: TextQuery): Fragment {
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
async function hasTerms(db: Db, text: TextQuery | null): Promise<boolean> {
  if (!text) return false;
  const { rows } = await sql<{ n: number }>`SELECT numnode(${tsquery(text)}) AS n`.execute(db);
  return (rows[0]?.n ?? 0) > 0;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const TRACKING = /^[A-Za-z]{2,6}-?\d{3,}$/;

export type FacetName = 'state' | 'line' | 'type' | 'status' | 'model' | 'category' | 'group';

/** Each facet filter as SQL (null when not filtered); the other filters as one list. */
function facetPredicates(f: ZorroFilters): Record<FacetName, Fragment | null> {
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
async function namesFor(db: Db, text: TextQuery | null, f: ZorroFilters): Promise<NameMatches> {
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
  if (raw.length < 4 || raw.length > 120 || /["*]|(^|\s)-/.test(raw) || TRACKING.test(raw)) return NO_NAMES;
  // The distinct names (hundreds) come from the facet columns, not a trigram match over every
  // filing (1.2–4 s at 100,000 filings); the filings of the names are then found by their btree
  // indexes (zorro_filings_company / _group) or in memory.
  const { values } = await facetColumns(db);
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

function basePredicates(
  f: ZorroFilters,
  text: TextQuery | null,
  searchable: boolean,
  names: NameMatches = NO_NAMES,
): Fragment[] {
  return [...wordPredicates(f, text, searchable, names), ...rangePredicates(f)];
}

/** The filters on words, names and tracking numbers: what only SQL (full-text and trigram indexes) answers. */
function wordPredicates(
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
function rangePredicates(f: ZorroFilters, rate = true): Fragment[] {
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
async function withTextPlan<T>(db: Db, searchable: boolean, run: (db: Db) => Promise<T>): Promise<T> {
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

const and = (parts: Fragment[]): Fragment => (parts.length ? sql.join(parts, sql` AND `) : sql`true`);

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

const SUMMARY_COLUMNS = sql`f.id, f.tracking_number AS "trackingNumber", f.title, f.state, f.company, f.naic_group AS "naicGroup", f.line,
  f.filing_type AS "filingType", f.status, to_char(f.submitted_on, 'YYYY-MM-DD') AS "submittedOn",
  to_char(f.disposition_on, 'YYYY-MM-DD') AS "dispositionOn", to_char(f.effective_on, 'YYYY-MM-DD') AS "effectiveOn",
  f.overall_change AS "overallChange", f.models, f.categories, f.sample`;

export interface FilingSummaryRow {
  id: number;
  trackingNumber: string;
  title: string;
  state: string;
  company: string;
  naicGroup: string;
  line: string;
  filingType: string;
  status: string;
  submittedOn: string;
  dispositionOn: string | null;
  effectiveOn: string | null;
  overallChange: number | null;
  models: string[];
  categories: string[];
  sample: boolean;
}

const SORT_COLUMNS: Record<Exclude<ZorroSearchQuery['sort'], 'relevance'>, string> = {
  submitted: 'f.submitted_on',
  effective: 'f.effective_on',
  rateChange: 'f.overall_change',
  company: 'f.company',
  state: 'f.state',
  status: 'f.status',
};

export interface HitRow {
  filingId: number;
  documentId: number;
  documentTitle: string;
  page: number;
  highlight: string;
}

const HEADLINE = `MaxFragments=2, MaxWords=35, MinWords=12, FragmentDelimiter=" … ", StartSel=${ZORRO_MARK_START}, StopSel=${ZORRO_MARK_END}`;

/** Searches filings: the page of results, the total, and for each result its best page with the passage highlighted. */
export async function searchFilings(
  db: Db,
  query: ZorroSearchQuery,
  text: TextQuery | null,
): Promise<{ total: number; rows: FilingSummaryRow[]; hits: HitRow[] }> {
  const { where, searchable } = await filterClause(db, query, text);
  const dir = sql.raw(query.dir === 'asc' ? 'ASC' : 'DESC');
  const order =
    query.sort === 'relevance'
      ? searchable
        ? sql`ts_rank(f.search_head, ${tsquery(text!)}) DESC, f.submitted_on DESC, f.id`
        : sql`f.submitted_on DESC, f.id`
      : sql`${sql.raw(SORT_COLUMNS[query.sort])} ${dir} NULLS LAST, f.id`;
  const offset = (query.page - 1) * query.pageSize;
  // The page's ids and the total first (a narrow window), then their columns.
  const page = await withTextPlan(
    db,
    searchable,
    async (q) =>
      (
        await sql<{ id: number; total: number }>`
      SELECT f.id, count(*) OVER () AS total FROM zorro_filings f WHERE ${where}
      ORDER BY ${order} LIMIT ${query.pageSize} OFFSET ${offset}`.execute(q)
      ).rows,
  );
  let total = page[0]?.total ?? 0;
  if (!page.length && offset > 0) {
    const counted = await withTextPlan(db, searchable, (q) =>
      sql<{ n: number }>`SELECT count(*)::int AS n FROM zorro_filings f WHERE ${where}`.execute(q),
    );
    total = counted.rows[0]?.n ?? 0;
  }
  const byId = new Map(
    (
      await filingSummaries(
        db,
        page.map((p) => p.id),
      )
    ).map((r) => [r.id, r]),
  );
  const rows = page.map((p) => byId.get(p.id)!).filter(Boolean);
  const hits =
    searchable && rows.length
      ? await bestPages(
          db,
          rows.map((r) => r.id),
          text!,
          1,
        )
      : [];
  return { total, rows, hits };
}

/** The page's filings in the order of `ids`, each with its best page for the text query, passage highlighted. */
export async function pageOfFilings(
  db: Db,
  ids: number[],
  text: TextQuery | null,
): Promise<{ rows: FilingSummaryRow[]; hits: HitRow[] }> {
  const byId = new Map((await filingSummaries(db, ids)).map((r) => [r.id, r]));
  const rows = ids.map((id) => byId.get(id)).filter((r): r is FilingSummaryRow => r !== undefined);
  const searchable = rows.length > 0 && (await hasTerms(db, text));
  const hits = searchable
    ? await bestPages(
        db,
        rows.map((r) => r.id),
        text!,
        1,
      )
    : [];
  return { rows, hits };
}

/** The best `perFiling` pages of each filing for a text query, passage highlighted. */
export async function bestPages(db: Db, filingIds: number[], text: TextQuery, perFiling: number): Promise<HitRow[]> {
  const q = tsquery(text);
  const { rows } = await sql<HitRow>`
    SELECT b.filing_id AS "filingId", b.document_id AS "documentId", d.title AS "documentTitle", b.page_number AS page,
      ts_headline('zorro', p.body, ${q}, ${HEADLINE}) AS highlight
    FROM (
      SELECT filing_id, document_id, page_number, rank, row_number() OVER (PARTITION BY filing_id ORDER BY rank DESC, document_id, page_number) AS n
      FROM (SELECT p.filing_id, p.document_id, p.page_number, ts_rank(p.search, ${q}) AS rank
            FROM zorro_pages p WHERE p.filing_id = ANY(${filingIds}::int[]) AND p.search @@ ${q}) ranked
    ) b
    JOIN zorro_pages p ON p.document_id = b.document_id AND p.page_number = b.page_number
    JOIN zorro_documents d ON d.id = b.document_id
    WHERE b.n <= ${perFiling}
    ORDER BY b.filing_id, b.rank DESC`.execute(db);
  return rows;
}

/**
 * Facet counts for the current query. Each facet counts under every other filter but its own
 * (so a chosen state still shows the other states' counts); one scan of the matching filings.
 * The finder's facets are counted in memory (domain/zorro/facet-count.ts, the same rules, faster);
 * this SQL form is the reference its tests compare with.
 */
export async function facetCounts(
  db: Db,
  f: ZorroFilters,
  text: TextQuery | null,
): Promise<{
  total: number;
  facets: Record<FacetName, { value: string; count: number }[]>;
  submitted: { min: string | null; max: string | null };
  rateChange: { min: number | null; max: number | null };
}> {
  const [searchable, matched] = await Promise.all([hasTerms(db, text), namesFor(db, text, f)]);
  const base = and(basePredicates(f, text, searchable, matched));
  const preds = facetPredicates(f);
  const names = Object.keys(preds) as FacetName[];
  const flag = (name: FacetName) => sql.raw(`p_${name}`);
  const flags = sql.join(names.map((name) => sql`${preds[name] ?? sql`true`} AS ${flag(name)}`));
  const others = (name: FacetName) => and(names.filter((n) => n !== name).map((n) => sql`${flag(n)}`));
  const all = and(names.map((n) => sql`${flag(n)}`));
  const value: Record<FacetName, Fragment> = {
    state: sql`state`,
    line: sql`line`,
    type: sql`filing_type`,
    status: sql`status`,
    model: sql`unnest(models)`,
    category: sql`unnest(categories)`,
    group: sql`naic_group`,
  };
  const { rows } = await withTextPlan(db, searchable, (q) =>
    sql<{ facet: string; value: string | null; count: number }>`
    WITH m AS MATERIALIZED (
      SELECT f.state, f.line, f.filing_type, f.status, f.models, f.categories, f.naic_group, f.submitted_on, f.overall_change, ${flags}
      FROM zorro_filings f WHERE ${base}
    )
    ${sql.join(
      names.map(
        (name) =>
          sql`SELECT ${name} AS facet, v AS value, count(*)::int AS count FROM (SELECT ${value[name]} AS v FROM m WHERE ${others(name)}) x GROUP BY v`,
      ),
      sql` UNION ALL `,
    )}
    UNION ALL SELECT 'total', to_char(min(submitted_on), 'YYYY-MM-DD') || '|' || to_char(max(submitted_on), 'YYYY-MM-DD') || '|' || coalesce(min(overall_change)::text, '') || '|' || coalesce(max(overall_change)::text, ''), count(*)::int FROM m WHERE ${all}
  `.execute(q),
  );
  const facets = Object.fromEntries(names.map((n) => [n, [] as { value: string; count: number }[]])) as Record<
    FacetName,
    { value: string; count: number }[]
  >;
  let total = 0;
  let submitted = { min: null as string | null, max: null as string | null };
  let rateChange = { min: null as number | null, max: null as number | null };
  for (const row of rows) {
    if (row.facet === 'total') {
      total = row.count;
      const [min, max, rmin, rmax] = (row.value ?? '|||').split('|');
      submitted = { min: min || null, max: max || null };
      rateChange = { min: rmin ? Number(rmin) : null, max: rmax ? Number(rmax) : null };
    } else if (row.value !== null) facets[row.facet as FacetName].push({ value: row.value, count: row.count });
  }
  for (const list of Object.values(facets)) list.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return { total, facets, submitted, rateChange };
}

/** The word matches of a query (wordMatches). */
export interface WordMatches {
  /** The matching filings' ids (any order); null when the query has no filter on words, names or company. */
  ids: number[] | null;
  /** Whether the text has searchable words (relevance then ranks by them). */
  searchable: boolean;
  /** With `rank`: the relevance of the matches whose head holds a query word; `rest` is every other match's. */
  ranks?: Map<number, number>;
  rest?: number;
}

/** A word of a tsquery as text: a quoted lexeme, then its prefix mark and weights (":*AB"). */
const QUERY_WORD = String.raw`('(?:[^']|'')*')(?::([*])?[A-D]*)?`;

/**
 * The filings matching the filters only SQL answers (words, names the text resembles, tracking
 * number, company: the full-text and trigram indexes), within the date ranges, and
 * with `facets` also every facet filter. Null ids when the query has none of the SQL-only filters:
 * then every filing is a candidate, filtered and counted in memory over the facet columns
 * (db/zorro-facet-index.ts; domain/zorro/facet-count.ts and result-order.ts apply the same rules).
 *
 * With `rank`, the relevance (ts_rank of the title/metadata/summary vector, as the finder orders by)
 * of the matches whose head holds one of the query's words: ts_rank looks only at the query's
 * words, so every other match ranks the same, `rest`, and only these are ranked one by one.
 */
export async function wordMatches(
  db: Db,
  f: ZorroFilters,
  text: TextQuery | null,
  options: { facets: boolean; rank: boolean },
): Promise<WordMatches> {
  const [searchable, names] = await Promise.all([hasTerms(db, text), namesFor(db, text, f)]);
  const words = wordPredicates(f, text, searchable, names);
  if (!words.length) return { ids: null, searchable };
  const facets = options.facets ? Object.values(facetPredicates(f)).filter((p): p is Fragment => p !== null) : [];
  // The rate-change range is left to the facet columns: no index serves it, and comparing numerics
  // over tens of thousands of word matches costs more than the matches themselves.
  const where = and([...words, ...rangePredicates(f, false), ...facets]);
  if (!(options.rank && searchable && text)) {
    const { rows } = await withTextPlan(db, searchable, (q) =>
      sql<{ ids: number[] }>`SELECT coalesce(array_agg(f.id), '{}') AS ids FROM zorro_filings f WHERE ${where}`.execute(
        q,
      ),
    );
    return { ids: rows[0]?.ids ?? [], searchable };
  }
  const query = tsquery(text);
  // Every word of the query (negated, in a phrase or a prefix alike) as one OR query; the same pass
  // that finds the matches ranks those whose head holds one of them.
  const anyWord = sql`(SELECT coalesce(string_agg(m[1] || CASE WHEN m[2] = '*' THEN ':*' ELSE '' END, ' | '), '')::tsquery
    FROM regexp_matches(${query}::text, ${QUERY_WORD}, 'g') m)`;
  const { rows } = await withTextPlan(db, searchable, (q) =>
    sql<{ ids: number[]; ranked: number[]; ranks: number[]; rest: number }>`
      SELECT coalesce(array_agg(f.id), '{}') AS ids,
        coalesce(array_agg(f.id) FILTER (WHERE f.search_head @@ w.q), '{}') AS ranked,
        coalesce(array_agg(ts_rank(f.search_head, ${query})) FILTER (WHERE f.search_head @@ w.q), '{}') AS ranks,
        ts_rank(array_to_tsvector(ARRAY['no such word']), ${query}) AS rest
      FROM zorro_filings f, ${anyWord} AS w(q) WHERE ${where}`.execute(q),
  );
  const row = rows[0];
  return {
    ids: row?.ids ?? [],
    searchable,
    ranks: new Map((row?.ranked ?? []).map((id, k) => [id, row!.ranks[k]!])),
    rest: row?.rest ?? 0,
  };
}

export interface FiguresRow {
  count: number;
  medianRateChange: number | null;
  averageRateChange: number | null;
  minRateChange: number | null;
  maxRateChange: number | null;
  firstSubmitted: string | null;
  lastSubmitted: string | null;
}

/** Counts, rate-change statistics and the date range of the filings matching the filters (SQL, never guessed). */
export async function filingFigures(db: Db, f: ZorroFilters, text: TextQuery | null): Promise<FiguresRow> {
  const { where, searchable } = await filterClause(db, f, text);
  const { rows } = await withTextPlan(db, searchable, (q) =>
    sql<FiguresRow>`
    SELECT count(*)::int AS count,
      round((percentile_cont(0.5) WITHIN GROUP (ORDER BY f.overall_change))::numeric, 2) AS "medianRateChange",
      round(avg(f.overall_change), 2) AS "averageRateChange",
      min(f.overall_change) AS "minRateChange", max(f.overall_change) AS "maxRateChange",
      to_char(min(f.submitted_on), 'YYYY-MM-DD') AS "firstSubmitted", to_char(max(f.submitted_on), 'YYYY-MM-DD') AS "lastSubmitted"
    FROM zorro_filings f WHERE ${where}`.execute(q),
  );
  return rows[0]!;
}

export async function countFilings(db: Db, f: ZorroFilters, text: TextQuery | null): Promise<number> {
  const { where, searchable } = await filterClause(db, f, text);
  const { rows } = await withTextPlan(db, searchable, (q) =>
    sql<{ n: number }>`SELECT count(*)::int AS n FROM zorro_filings f WHERE ${where}`.execute(q),
  );
  return rows[0]?.n ?? 0;
}

/** The ids of the best-ranked filings for a text query under filters (retrieval for the explorer). */
export async function topFilingIds(
  db: Db,
  f: ZorroFilters,
  text: TextQuery | null,
  limit: number,
): Promise<{ ids: number[]; searchable: boolean }> {
  const { where, searchable } = await filterClause(db, f, text);
  const order = searchable
    ? sql`ts_rank(f.search_head, ${tsquery(text!)}) DESC, f.submitted_on DESC`
    : sql`f.submitted_on DESC`;
  const { rows } = await withTextPlan(db, searchable, (q) =>
    sql<{ id: number }>`SELECT f.id FROM zorro_filings f WHERE ${where} ORDER BY ${order}, f.id LIMIT ${limit}`.execute(
      q,
    ),
  );
  return { ids: rows.map((r) => r.id), searchable };
}

/**
 * The ids of every filing matching the filters, in the grid's order (an export): ids only, so even
 * the whole corpus is a small array; the rows are then read a page at a time.
 */
export async function orderedFilingIds(
  db: Db,
  f: ZorroFilters,
  text: TextQuery | null,
  sort: ZorroSearchQuery['sort'],
  direction: 'asc' | 'desc',
): Promise<number[]> {
  const { where, searchable } = await filterClause(db, f, text);
  const dir = sql.raw(direction === 'asc' ? 'ASC' : 'DESC');
  const order =
    sort === 'relevance'
      ? searchable
        ? sql`ts_rank(f.search_head, ${tsquery(text!)}) DESC, f.submitted_on DESC, f.id`
        : sql`f.submitted_on DESC, f.id`
      : sql`${sql.raw(SORT_COLUMNS[sort])} ${dir} NULLS LAST, f.id`;
  const { rows } = await withTextPlan(db, searchable, (q) =>
    sql<{ id: number }>`SELECT f.id FROM zorro_filings f WHERE ${where} ORDER BY ${order}`.execute(q),
  );
  return rows.map((r) => r.id);
}

export async function filingSummaries(db: Db, ids: number[]): Promise<FilingSummaryRow[]> {
  if (!ids.length) return [];
  const { rows } =
    await sql<FilingSummaryRow>`SELECT ${SUMMARY_COLUMNS} FROM zorro_filings f WHERE f.id = ANY(${ids}::int[])`.execute(
      db,
    );
  return rows;
}

/** The first pages of filings' memoranda (passages when a question has no search terms). */
export async function leadPages(db: Db, filingIds: number[]): Promise<HitRow[]> {
  if (!filingIds.length) return [];
  const { rows } = await sql<HitRow>`
    SELECT DISTINCT ON (p.filing_id) p.filing_id AS "filingId", p.document_id AS "documentId", d.title AS "documentTitle", p.page_number AS page,
      left(p.body, 400) AS highlight
    FROM zorro_pages p JOIN zorro_documents d ON d.id = p.document_id
    WHERE p.filing_id = ANY(${filingIds}::int[])
    ORDER BY p.filing_id, d.seq, p.page_number`.execute(db);
  return rows;
}

export async function findFiling(db: Db, id: number) {
  const { rows } = await sql<FilingSummaryRow & { naicCode: string | null; vendors: string[]; source: string }>`
    SELECT ${SUMMARY_COLUMNS}, f.naic_code AS "naicCode", f.vendors, f.source FROM zorro_filings f WHERE f.id = ${id}`.execute(
    db,
  );
  const filing = rows[0];
  if (!filing) return undefined;
  const [coverages, objections, documents] = await Promise.all([
    db
      .selectFrom('zorro_coverages')
      .select(['coverage', 'change'])
      .where('filing_id', '=', id)
      .orderBy('coverage')
      .execute(),
    sql<{
      seq: number;
      objectedOn: string | null;
      objection: string;
      respondedOn: string | null;
      response: string | null;
    }>`
      SELECT seq, to_char(objected_on, 'YYYY-MM-DD') AS "objectedOn", objection, to_char(responded_on, 'YYYY-MM-DD') AS "respondedOn", response
      FROM zorro_objections WHERE filing_id = ${id} ORDER BY seq`.execute(db),
    db
      .selectFrom('zorro_documents')
      .select(['id', 'kind', 'title', 'page_count as pageCount'])
      .where('filing_id', '=', id)
      .orderBy('seq')
      .execute(),
  ]);
  return { ...filing, coverages, objections: objections.rows, documents };
}

export async function findDocument(db: Db, id: number, text: TextQuery | null) {
  const doc = await db
    .selectFrom('zorro_documents as d')
    .innerJoin('zorro_filings as f', 'f.id', 'd.filing_id')
    .select(['d.id', 'd.filing_id as filingId', 'f.tracking_number as trackingNumber', 'd.kind', 'd.title'])
    .where('d.id', '=', id)
    .executeTakeFirst();
  if (!doc) return undefined;
  const searchable = await hasTerms(db, text);
  const matches = searchable ? sql<boolean>`p.search @@ ${tsquery(text!)}` : sql<boolean>`false`;
  const { rows } = await sql<{ number: number; text: string; matches: boolean }>`
    SELECT p.page_number AS number, p.body AS text, ${matches} AS matches FROM zorro_pages p WHERE p.document_id = ${id} ORDER BY p.page_number`.execute(
    db,
  );
  return { ...doc, pages: rows };
}

/** The text of pages, by "documentId:page" (for quoting whole sentences around a hit). */
export async function pageTexts(db: Db, pages: { documentId: number; page: number }[]): Promise<Map<string, string>> {
  if (!pages.length) return new Map();
  const { rows } = await sql<{ documentId: number; page: number; body: string }>`
    SELECT p.document_id AS "documentId", p.page_number AS page, p.body
    FROM zorro_pages p JOIN unnest(${pages.map((p) => p.documentId)}::int[], ${pages.map((p) => p.page)}::int[]) AS k(d, n)
      ON p.document_id = k.d AND p.page_number = k.n`.execute(db);
  return new Map(rows.map((r) => [`${r.documentId}:${r.page}`, r.body]));
}
