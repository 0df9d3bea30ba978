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
import { facetCounts, findDocument, findFiling, searchFilings } from '../../db/zorro.js';
import { notFound } from '../app-error.js';
import { parseTextQuery } from './text-query.js';

/**
 * Data discovery search: filings by text and filters, each hit with the document and page it came
 * from (passage highlighted); facets with counts for the current query; a filing and a document.
 * The corpus is public regulatory data, the same for every organisation allowed to use zorro.
 */
export async function search(db: Db, query: ZorroSearchQuery): Promise<ZorroSearchResponse> {
  const { total, rows, hits } = await searchFilings(db, query, parseTextQuery(query.q));
  const hitOf = new Map(hits.map((h) => [h.filingId, h]));
  return {
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
    const counts = await facetCounts(trx, filters, parseTextQuery(filters.q));
    return {
      total: counts.total,
      facets: counts.facets,
      ranges: { submitted: counts.submitted, rateChange: counts.rateChange },
    };
  });
  return value;
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
