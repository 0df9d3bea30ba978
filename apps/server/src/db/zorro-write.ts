import { sql } from 'kysely';
import type { Db } from './database.js';

/** One filing as the generator and the importers produce it (documents already split into pages). */
export interface FilingRecord {
  trackingNumber: string;
  state: string;
  company: string;
  naicGroup: string;
  naicCode: string | null;
  line: string;
  filingType: string;
  status: string;
  title: string;
  summary: string;
  submittedOn: string;
  dispositionOn: string | null;
  effectiveOn: string | null;
  overallChange: number | null;
  models: string[];
  vendors: string[];
  categories: string[];
  coverages: { coverage: string; change: number }[];
  objections: { objectedOn: string | null; objection: string; respondedOn: string | null; response: string | null }[];
  documents: { kind: string; title: string; pages: string[] }[];
  source: 'generated' | 'imported';
  sample: boolean;
}

/** The metadata words a filing is found by (weight B): company, group, state, line, type, models, vendors, tracking number. */
export function metaText(
  filing: Pick<
    FilingRecord,
    'company' | 'naicGroup' | 'state' | 'line' | 'filingType' | 'models' | 'vendors' | 'trackingNumber'
  >,
  stateName: string,
): string {
  return [
    filing.company,
    filing.naicGroup,
    filing.state,
    stateName,
    filing.line,
    filing.filingType,
    ...filing.models,
    ...filing.vendors,
    filing.trackingNumber,
  ].join(' ');
}

/**
 * Stores filings (one transaction): a filing whose tracking number exists is replaced with its
 * coverages, objections, documents and pages. Returns the ids, in order.
 */
/** A filing's zorro_filings columns (without id): one shape for the importer's INSERT and the sample seed's COPY. */
export function filingRow(f: FilingRecord, metaText: string) {
  return {
    tracking_number: f.trackingNumber,
    state: f.state,
    company: f.company,
    naic_group: f.naicGroup,
    naic_code: f.naicCode,
    line: f.line,
    filing_type: f.filingType,
    status: f.status,
    title: f.title,
    summary: f.summary,
    meta_text: metaText,
    submitted_on: f.submittedOn,
    disposition_on: f.dispositionOn,
    effective_on: f.effectiveOn,
    overall_change: f.overallChange,
    models: f.models,
    vendors: f.vendors,
    categories: f.categories,
    source: f.source,
    sample: f.sample,
  };
}

export async function upsertFilings(db: Db, filings: (FilingRecord & { metaText: string })[]): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (const f of filings) {
      await trx.deleteFrom('zorro_filings').where('tracking_number', '=', f.trackingNumber).execute();
      const { id } = await trx
        .insertInto('zorro_filings')
        .values(filingRow(f, f.metaText))
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(id);
      if (f.coverages.length)
        await trx
          .insertInto('zorro_coverages')
          .values(f.coverages.map((c) => ({ filing_id: id, coverage: c.coverage, change: c.change })))
          .execute();
      if (f.objections.length) {
        await trx
          .insertInto('zorro_objections')
          .values(
            f.objections.map((o, seq) => ({
              filing_id: id,
              seq: seq + 1,
              objected_on: o.objectedOn,
              objection: o.objection,
              responded_on: o.respondedOn,
              response: o.response,
            })),
          )
          .execute();
      }
      for (const [seq, doc] of f.documents.entries()) {
        const { id: documentId } = await trx
          .insertInto('zorro_documents')
          .values({ filing_id: id, seq: seq + 1, kind: doc.kind, title: doc.title, page_count: doc.pages.length })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (doc.pages.length) {
          await trx
            .insertInto('zorro_pages')
            .values(doc.pages.map((body, k) => ({ document_id: documentId, page_number: k + 1, filing_id: id, body })))
            .execute();
        }
      }
    }
    await sql`SELECT zorro_refresh_search(${ids}::int[])`.execute(trx);
    return ids;
  });
}
