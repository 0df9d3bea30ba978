import type { ZorroDocument, ZorroFiling, ZorroFilters, ZorroFiltersResponse, ZorroSearchQuery, ZorroSearchResponse } from '@zview/contracts';
import type { Db } from '../../db/database.js';
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
      return { ...row, hit: hit ? { documentId: hit.documentId, documentTitle: hit.documentTitle, page: hit.page, highlight: hit.highlight } : null };
    }),
  };
}

export async function facets(db: Db, filters: ZorroFilters): Promise<ZorroFiltersResponse> {
  const counts = await facetCounts(db, filters, parseTextQuery(filters.q));
  return { total: counts.total, facets: counts.facets, ranges: { submitted: counts.submitted, rateChange: counts.rateChange } };
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
