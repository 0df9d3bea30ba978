import type { ZorroFilters } from '@zview/contracts';
import type { Db } from '../../db/database.js';
import type { FacetColumns } from '../../db/zorro-facet-index.js';
import { companiesLike, idsByTracking, tsqueryText } from '../../db/zorro-text-index.js';
import { namesResembling, namesSearchable, TRACKING, type NameMatches, type TextQuery } from '../../db/zorro-words.js';
import { evaluate, fetchLeaves, leafRowsOf, rankedIndex, scoreRows } from './ranked-index.js';
import { parseTsquery, type QueryNode } from './tsquery.js';

/**
 * The filings a query's words, names, tracking number and company filter match, in memory (the
 * rules of zorro-words.ts wordPredicates, which the SQL reference applies): the words are
 * PostgreSQL's tsquery evaluated over the ranked index (ranked-index.ts), names and companies over
 * the facet columns' distinct values. With `rank`, every matching row's relevance.
 */
export interface WordMatches {
  /** The matching rows of the facet columns, ascending; null when the query has no filter on words, names or company. */
  rows: Int32Array | null;
  /** Whether the text has searchable words (relevance then ranks by them). */
  searchable: boolean;
  /** With `rank` and searchable words: each row's relevance (0 for rows that do not match). */
  scores?: Float32Array;
}

/** Parsed tsqueries by typed text (PostgreSQL's parse is pure: the same text, the same query). */
const parsed = new Map<string, QueryNode | null>();
const PARSED_KEPT = 2000;

/** Names a typed text resembles, by corpus generation and text (the distinct names change only with the corpus). */
const resembling = new Map<string, Promise<NameMatches>>();

function namesOf(db: Db, columns: FacetColumns, text: TextQuery | null): Promise<NameMatches> {
  const raw = text?.raw.trim() ?? '';
  if (!namesSearchable(raw)) return Promise.resolve({ companies: [], groups: [] });
  const key = `${columns.key}\u0000${raw}`;
  let found = resembling.get(key);
  if (!found) {
    found = namesResembling(db, columns.values, raw);
    if (resembling.size >= PARSED_KEPT) resembling.delete(resembling.keys().next().value!);
    resembling.set(key, found);
    found.catch(() => resembling.delete(key));
  }
  return found;
}

async function queryTree(db: Db, text: TextQuery): Promise<QueryNode | null> {
  const key = JSON.stringify([text.websearch, text.prefixes]);
  if (parsed.has(key)) return parsed.get(key)!;
  const tree = parseTsquery(await tsqueryText(db, text));
  if (parsed.size >= PARSED_KEPT) parsed.delete(parsed.keys().next().value!);
  parsed.set(key, tree);
  return tree;
}

/** The rows whose code (of a facet column) is one of `codes`, as a bitmap. */
function rowsWithCodes(column: Uint16Array, values: string[], chosen: readonly string[], size: number): Uint8Array {
  const wanted = new Set(chosen);
  const ok = Uint8Array.from(values, (v) => (wanted.has(v) ? 1 : 0));
  const out = new Uint8Array(size);
  for (let r = 0; r < size; r++) out[r] = ok[column[r]!]!;
  return out;
}

function orInto(target: Uint8Array, other: Uint8Array) {
  for (let r = 0; r < target.length; r++) target[r] = target[r]! | other[r]!;
}

export async function matchWords(
  db: Db,
  columns: FacetColumns,
  f: ZorroFilters,
  text: TextQuery | null,
  options: { rank: boolean },
): Promise<WordMatches> {
  const size = columns.size;
  const [tree, names] = await Promise.all([text ? queryTree(db, text) : null, namesOf(db, columns, text)]);
  const searchable = tree !== null;
  const raw = text?.raw.trim() ?? '';
  const tracking = text !== null && TRACKING.test(raw);
  let match: Uint8Array | null = null;
  let scores: Float32Array | undefined;
  const byName = (): Uint8Array | null => {
    if (!names.companies.length && !names.groups.length) return null;
    const out = new Uint8Array(size);
    if (names.companies.length)
      orInto(out, rowsWithCodes(columns.company, columns.values.company, names.companies, size));
    if (names.groups.length) orInto(out, rowsWithCodes(columns.group, columns.values.group, names.groups, size));
    return out;
  };
  const byTracking = async (): Promise<Uint8Array> => {
    const out = new Uint8Array(size);
    for (const id of await idsByTracking(db, raw)) {
      const r = columns.rowOf.get(id);
      if (r !== undefined) out[r] = 1;
    }
    return out;
  };
  if (tree) {
    const index = await rankedIndex(db, columns);
    const leaves = await fetchLeaves(db, index, columns, tree);
    // Words alone, unranked (counting, the dropping step): their rows as they are, no pass over the corpus.
    const plain = !options.rank && !f.company && !tracking && !names.companies.length && !names.groups.length;
    const rows = plain ? leafRowsOf(tree, leaves) : null;
    if (rows) return { rows: rows.slice(), searchable };
    match = evaluate(tree, leaves, size);
    const ofNames = byName();
    if (ofNames) orInto(match, ofNames);
    if (tracking) orInto(match, await byTracking());
    if (options.rank) scores = scoreRows(index, tree, leaves, match);
  } else if (tracking) {
    match = await byTracking();
  } else {
    match = byName();
  }
  if (f.company) {
    // A company of the corpus named exactly (as the search box's reading sets it) is equality, not resemblance.
    const companies = columns.values.company.includes(f.company)
      ? [f.company]
      : await companiesLike(db, columns.values.company, f.company);
    const ofCompany = rowsWithCodes(columns.company, columns.values.company, companies, size);
    if (match) for (let r = 0; r < size; r++) match[r] = match[r]! & ofCompany[r]!;
    else match = ofCompany;
  }
  if (!match) return { rows: null, searchable };
  let n = 0;
  for (let r = 0; r < size; r++) n += match[r]!;
  const rows = new Int32Array(n);
  for (let r = 0, k = 0; r < size; r++) if (match[r]) rows[k++] = r;
  return { rows, searchable, scores };
}
