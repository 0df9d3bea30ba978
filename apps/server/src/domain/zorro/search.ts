import {
  zorroFiltersSchema,
  type ZorroDocument,
  type ZorroFiling,
  type ZorroFilters,
  type ZorroFiltersResponse,
  type ZorroSearchQuery,
  type ZorroSearchResponse,
} from '@zview/contracts';
import type { Db } from '../../db/database.js';
import { cachedFacets } from '../../db/zorro-facet-cache.js';
import { facetColumns, inSnapshot } from '../../db/zorro-facet-index.js';
import { findDocument, findFiling, pageOfFilings, pageTexts, type TextQuery } from '../../db/zorro.js';
import { notFound } from '../app-error.js';
import { resolveQuery } from './discover.js';
import { countFacets } from './facet-count.js';
import { sentenceQuote } from './quote.js';
import { rankedIndex } from './ranked-index.js';
import { orderedMatches } from './matches.js';
import { parseTextQuery } from './text-query.js';
import { matchWords } from './word-match.js';

/**
 * Data discovery search: filings by text and filters, each hit with the document and page it came
 * from (passage highlighted); facets with counts for the current query; a filing and a document.
 * The corpus is public regulatory data, the same for every organisation allowed to use zorro.
 */
export async function search(
  db: Db,
  query: ZorroSearchQuery,
  options: { narrow?: boolean } = {},
): Promise<ZorroSearchResponse> {
  const text = parseTextQuery(query.q);
  // The matches, their total and the page's ids come from the facet columns and the ranked index
  // (one snapshot with the words' matches), in memory.
  const end = query.page * query.pageSize;
  const matches = await orderedMatches(db, query, text, end, { narrow: options.narrow && query.page === 1 });
  const { total, searchable } = matches;
  const ids = matches.ids.slice((query.page - 1) * query.pageSize);
  const { rows, hits } = await pageOfFilings(db, ids, text, searchable);
  // The passage under a result is whole sentences, as the explorer quotes (a headline fragment
  // may start mid-sentence: "year. The indicated change is …").
  const bodies = await pageTexts(db, hits);
  const hitOf = new Map(
    hits.map((h) => {
      const body = bodies.get(`${h.documentId}:${h.page}`);
      return [h.filingId, body ? { ...h, highlight: sentenceQuote(body, h.highlight) } : h];
    }),
  );
  return {
    ...(matches.narrow ? { narrow: matches.narrow } : {}),
    total,
    page: query.page,
    pageSize: query.pageSize,
    results: rows.map((row) => {
      const hit = hitOf.get(row.id);
      return {
        ...row,
        hit: hit
          ? { documentId: hit.documentId, documentTitle: hit.documentTitle, page: hit.page, highlight: hit.highlight }
          : null,
      };
    }),
  };
}

/**
 * The ids of the best-ranked filings for a text query under filters, in the finder's relevance
 * order (the explorer's retrieval: one ranking for both).
 */
export async function rankedFilingIds(
  db: Db,
  filters: ZorroFilters,
  text: TextQuery | null,
  limit: number,
): Promise<number[]> {
  return (await orderedMatches(db, { ...filters, sort: 'relevance', dir: 'desc' }, text, limit)).ids;
}

/**
 * The finder's and the grid's search: the search box read into filters and words (discover.ts),
 * then searched; the answer says how it was read.
 */
export async function discoverSearch(db: Db, query: ZorroSearchQuery): Promise<ZorroSearchResponse> {
  // One snapshot for the reading's counts and the search: the generation is asked once.
  return inSnapshot(db, async (trx) => {
    const { query: resolved, understood } = await resolveQuery(trx, query);
    // Typed text: say when many filings fit it equally, and what splits them (its words may all be read as filters).
    const found = await search(trx, resolved, { narrow: !!query.q?.trim() });
    return understood ? { ...found, understood } : found;
  });
}

/** Facets for the search box as the finder reads it (the same reading as discoverSearch). */
export async function discoverFacets(db: Db, filters: ZorroFilters): Promise<ZorroFiltersResponse> {
  return facets(db, (await resolveQuery(db, filters)).query);
}

/** The same filters always give the same key: lists sorted, blanks dropped, spaces collapsed. */
export function facetKey(filters: ZorroFilters): string {
  const entries = Object.entries(filters)
    .filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0))
    .map(
      ([k, v]) =>
        [
          k,
          Array.isArray(v) ? [...new Set(v)].sort() : typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() : v,
        ] as const,
    )
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify(entries);
}

/**
 * Facet counts for the current query, cached per query until the corpus changes (an import or a
 * seed empties the cache): the counts without search words are read from the cache, never from a
 * scan of the corpus, once computed (the seed and the importer compute the unfiltered ones).
 */
export async function facets(db: Db, filters: ZorroFilters): Promise<ZorroFiltersResponse> {
  const { value } = await cachedFacets(db, facetKey(filters), async (trx) => {
    // The words are matched in SQL (ids); the facets are counted over the corpus's facet columns.
    const columns = await facetColumns(trx);
    const counts = countFacets(
      columns,
      (await matchWords(trx, columns, filters, parseTextQuery(filters.q), { rank: false })).rows,
      filters,
    );
    return {
      total: counts.total,
      facets: counts.facets,
      ranges: { submitted: counts.submitted, rateChange: counts.rateChange },
    };
  });
  return value;
}

/**
 * Loads this process's facet columns and ranked index of the current corpus
 * (db/zorro-facet-index.ts, ranked-index.ts), so the first search or facets request does not wait
 * seconds for them: the server starts it in the background.
 */
export async function warmSearchIndex(db: Db): Promise<void> {
  await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => rankedIndex(trx as unknown as Db, await facetColumns(trx as unknown as Db)));
}

/** Computes and caches the unfiltered facets (after a seed or an import), so the finder's first page never counts the corpus. */
export async function warmFacets(db: Db): Promise<void> {
  await facets(db, zorroFiltersSchema.parse({}));
}

export async function filing(db: Db, id: number): Promise<ZorroFiling> {
  const found = await findFiling(db, id);
  if (!found) throw notFound('Filing not found.');
  return found;
}

export async function document(db: Db, id: number, q: string | undefined): Promise<ZorroDocument> {
  const found = await findDocument(db, id, parseTextQuery(q));
  if (!found) throw notFound('Document not found.');
  return found;
}
