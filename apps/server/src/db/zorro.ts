import { ZORRO_MARK_END, ZORRO_MARK_START } from '@zview/contracts';
import { sql } from 'kysely';
import type { Db } from './database.js';
import { hasTerms, tsquery, type TextQuery } from './zorro-words.js';

export type { TextQuery } from './zorro-words.js';

/**
 * Queries of data discovery (zorro): the filings' summaries, a filing and a document, the page a
 * hit came from with its passage highlighted, and the pages the explorer quotes. Matches, their order,
 * counts and figures are computed in memory (domain/zorro/matches.ts).
 */
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

export interface HitRow {
  filingId: number;
  documentId: number;
  documentTitle: string;
  page: number;
  highlight: string;
}

const HEADLINE = `MaxFragments=2, MaxWords=35, MinWords=12, FragmentDelimiter=" … ", StartSel=${ZORRO_MARK_START}, StopSel=${ZORRO_MARK_END}`;

/** The page's filings in the order of `ids`, each with its best page for the text query, passage highlighted. */
export async function pageOfFilings(
  db: Db,
  ids: number[],
  text: TextQuery | null,
  searchable?: boolean,
): Promise<{ rows: FilingSummaryRow[]; hits: HitRow[] }> {
  const byId = new Map((await filingSummaries(db, ids)).map((r) => [r.id, r]));
  const rows = ids.map((id) => byId.get(id)).filter((r): r is FilingSummaryRow => r !== undefined);
  const hasWords = rows.length > 0 && (searchable ?? (await hasTerms(db, text)));
  const hits = hasWords
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
