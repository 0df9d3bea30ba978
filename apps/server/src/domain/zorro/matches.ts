import type { ZorroFigures, ZorroFilters, ZorroNarrowing, ZorroSearchQuery } from '@zview/contracts';
import type { Db } from '../../db/database.js';
import { facetColumns, inSnapshot, type FacetColumns } from '../../db/zorro-facet-index.js';
import type { TextQuery } from '../../db/zorro.js';
import { narrowing, tiedRows } from './narrow.js';
import { matchingRows, orderByScore, orderRows } from './result-order.js';
import { matchWords } from './word-match.js';

/**
 * The one source of the finder's, the grid's, the export's and the explorer's matches: the facet
 * columns and the ranked index in memory (db/zorro-facet-index.ts, ranked-index.ts). Their order
 * (relevance is the ranked index's), their count and their figures come from the same rows, so the
 * numbers and the order agree wherever they are shown.
 */
export interface OrderedMatches {
  /** How many filings match. */
  total: number;
  /** The first `limit` matching filings' ids, in order. */
  ids: number[];
  /** Whether the text had searchable words. */
  searchable: boolean;
  /** With `narrow` and a relevance sort: how many filings tie with the first and what splits them. */
  narrow: ZorroNarrowing | null;
}

type Order = Pick<ZorroSearchQuery, 'sort' | 'dir'>;

/** The matching filings' ids in the finder's order, the first `limit` of them (all without a limit). */
export async function orderedMatches(
  db: Db,
  filters: ZorroFilters & Order,
  text: TextQuery | null,
  limit = Infinity,
  options: { narrow?: boolean } = {},
): Promise<OrderedMatches> {
  return inSnapshot(db, async (trx) => {
    const columns = await facetColumns(trx);
    const relevance = filters.sort === 'relevance';
    const words = await matchWords(trx, columns, filters, text, { rank: relevance });
    const rows = matchingRows(columns, words.rows, filters);
    const count = Math.min(limit, rows.length);
    const ordered =
      relevance && words.scores
        ? orderByScore(columns, rows, words.scores, count)
        : orderRows(columns, rows, filters.sort, filters.dir, count);
    const narrow = options.narrow && relevance ? narrowing(columns, tiedRows(rows, words.scores ?? null)) : null;
    return {
      total: rows.length,
      ids: Array.from(ordered, (r) => columns.id[r]!),
      searchable: words.searchable,
      narrow,
    };
  });
}

async function rowsMatching(db: Db, filters: ZorroFilters, text: TextQuery | null) {
  return inSnapshot(db, async (trx) => {
    const columns = await facetColumns(trx);
    const words = await matchWords(trx, columns, filters, text, { rank: false });
    return { columns, rows: matchingRows(columns, words.rows, filters) };
  });
}

/** How many filings match (the finder's total for the same filters and words). */
export async function countMatching(db: Db, filters: ZorroFilters, text: TextQuery | null): Promise<number> {
  return (await rowsMatching(db, filters, text)).rows.length;
}

/** Rounds hundredths half away from zero, as PostgreSQL's round(numeric, 2). */
const hundredths = (cents: number) => (Math.sign(cents) * Math.round(Math.abs(cents))) / 100;
const isoDay = (yyyymmdd: number) => {
  const s = String(yyyymmdd);
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
};

/** The explorer's figures over the matching filings: count, median/average/range of the rate change, dates. */
export function figuresOf(columns: FacetColumns, rows: Int32Array): ZorroFigures {
  // Rate changes are numeric(7,2): whole hundredths, so sums and medians are exact in integers.
  const cents: number[] = [];
  let first = Infinity;
  let last = -Infinity;
  for (const r of rows) {
    const change = columns.change[r]!;
    if (!Number.isNaN(change)) cents.push(Math.round(change * 100));
    const submitted = columns.submitted[r]!;
    if (submitted < first) first = submitted;
    if (submitted > last) last = submitted;
  }
  cents.sort((a, b) => a - b);
  const n = cents.length;
  const mid = n >> 1;
  return {
    count: rows.length,
    rateChangeCount: n,
    medianRateChange: n ? hundredths(n % 2 ? cents[mid]! : (cents[mid - 1]! + cents[mid]!) / 2) : null,
    averageRateChange: n ? hundredths(cents.reduce((a, b) => a + b, 0) / n) : null,
    minRateChange: n ? cents[0]! / 100 : null,
    maxRateChange: n ? cents[n - 1]! / 100 : null,
    firstSubmitted: rows.length ? isoDay(first) : null,
    lastSubmitted: rows.length ? isoDay(last) : null,
  };
}

/** The figures of the filings matching the filters and words. */
export async function matchFigures(db: Db, filters: ZorroFilters, text: TextQuery | null): Promise<ZorroFigures> {
  const { columns, rows } = await rowsMatching(db, filters, text);
  return figuresOf(columns, rows);
}
