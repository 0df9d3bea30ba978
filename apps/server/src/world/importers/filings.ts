import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ZORRO_DOCUMENT_KINDS,
  ZORRO_FILING_TYPES,
  ZORRO_LINES,
  ZORRO_MODEL_CATEGORIES,
  ZORRO_STATUSES,
} from '@zview/contracts';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { metaText, upsertFilings, type FilingRecord } from '../../db/zorro-write.js';
import { warmFacets } from '../../domain/zorro/search.js';
import { STATE_NAMES } from '../../domain/zorro/states.js';

/**
 * Imports real regulatory filings: metadata as CSV or JSON, documents as text (pages split on
 * form feeds, or every ~3,000 characters at a paragraph) or PDF (text per page with unpdf).
 * A filing whose tracking number exists is replaced. Imported filings are not labelled sample.
 *
 * CSV columns: tracking_number, state, company, naic_group, naic_code, line, filing_type, status,
 * title, summary, submitted_on, disposition_on, effective_on, overall_change, models, vendors,
 * categories (lists separated by ';'), documents ('kind=file;kind=file', files relative to the CSV).
 * JSON: an array of objects with the camelCase names, plus coverages, objections and documents
 * ([{ kind, title, file } or { kind, title, text }]).
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((s) => s.replace(CONTROL, ' '));
const date = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'use YYYY-MM-DD');
const optionalDate = z
  .union([date, z.literal('').transform(() => null), z.null()])
  .optional()
  .transform((v) => v ?? null);
const list = z
  .union([z.array(z.string()), z.string().transform((s) => s.split(';'))])
  .optional()
  .transform((v) => (v ?? []).map((s) => s.trim()).filter(Boolean));

const documentSchema = z.object({
  kind: z.enum(ZORRO_DOCUMENT_KINDS).default('other'),
  title: text(300).optional(),
  file: z.string().optional(),
  text: z.string().optional(),
});

const filingSchema = z.object({
  trackingNumber: text(60).pipe(z.string().min(3)),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .refine((s) => s in STATE_NAMES, 'not a US state code'),
  company: text(200).pipe(z.string().min(1)),
  naicGroup: text(200).default(''),
  naicCode: z
    .union([z.string(), z.number()])
    .optional()
    .transform((v) => (v === undefined || v === '' ? null : String(v))),
  line: z.enum(ZORRO_LINES),
  filingType: z.enum(ZORRO_FILING_TYPES),
  status: z.enum(ZORRO_STATUSES),
  title: text(300).optional(),
  summary: text(4000).default(''),
  submittedOn: date,
  dispositionOn: optionalDate,
  effectiveOn: optionalDate,
  overallChange: z
    .union([z.number(), z.string()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return null;
      const n = Number(v);
      if (!Number.isFinite(n) || n < -100 || n > 1000) {
        ctx.addIssue({ code: 'custom', message: 'overall change must be a percentage between -100 and 1000' });
        return z.NEVER;
      }
      return n;
    }),
  models: list,
  vendors: list,
  categories: list.pipe(z.array(z.enum(ZORRO_MODEL_CATEGORIES))),
  coverages: z.array(z.object({ coverage: text(200), change: z.number().min(-100).max(1000) })).default([]),
  objections: z
    .array(
      z.object({
        objectedOn: optionalDate,
        objection: text(20_000),
        respondedOn: optionalDate,
        response: text(20_000)
          .nullable()
          .optional()
          .transform((v) => v ?? null),
      }),
    )
    .default([]),
  documents: z.array(documentSchema).default([]),
});

export interface FilingImportReport {
  imported: number;
  pages: number;
  errors: { row: number; message: string }[];
}

/** Splits a document's text into pages: form feeds when present, else ~3,000 characters at paragraph ends. */
export function splitPages(content: string, size = 3000): string[] {
  const cleaned = content.replace(/\r\n?/g, '\n');
  if (cleaned.includes('\f'))
    return cleaned
      .split('\f')
      .map((p) => p.replace(CONTROL, ' ').trim())
      .filter(Boolean);
  const pages: string[] = [];
  let current = '';
  for (const paragraph of cleaned.replace(CONTROL, ' ').split(/\n{2,}/)) {
    if (current && current.length + paragraph.length > size) {
      pages.push(current.trim());
      current = '';
    }
    current += `${paragraph}\n\n`;
  }
  if (current.trim()) pages.push(current.trim());
  return pages;
}

/** The text of each page of a PDF. */
export async function pdfPages(data: Uint8Array): Promise<string[]> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(data);
  const { text: pages } = await extractText(pdf, { mergePages: false });
  return pages.map((p) => p.replace(CONTROL, ' ').trim());
}

async function documentPages(doc: z.infer<typeof documentSchema>, baseDir: string): Promise<string[]> {
  if (doc.text !== undefined) return splitPages(doc.text);
  if (!doc.file) return [];
  const file = path.resolve(baseDir, doc.file);
  if (!file.startsWith(path.resolve(baseDir) + path.sep))
    throw new Error(`document ${doc.file} is outside the metadata file's folder`);
  const data = await readFile(file);
  return file.toLowerCase().endsWith('.pdf') ? pdfPages(new Uint8Array(data)) : splitPages(data.toString('utf8'));
}

function fromCsv(content: string): Record<string, unknown>[] {
  const rows = parse(content, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as Record<
    string,
    string
  >[];
  return rows.map((r) => ({
    trackingNumber: r.tracking_number,
    state: r.state,
    company: r.company,
    naicGroup: r.naic_group,
    naicCode: r.naic_code,
    line: r.line,
    filingType: r.filing_type,
    status: r.status,
    title: r.title || undefined,
    summary: r.summary,
    submittedOn: r.submitted_on,
    dispositionOn: r.disposition_on,
    effectiveOn: r.effective_on,
    overallChange: r.overall_change,
    models: r.models,
    vendors: r.vendors,
    categories: r.categories,
    documents: (r.documents ?? '')
      .split(';')
      .filter(Boolean)
      .map((entry) => {
        const [kind, file] = entry.includes('=') ? entry.split('=', 2) : ['other', entry];
        return { kind: kind!.trim(), file: file!.trim() };
      }),
  }));
}

/** Imports a CSV or JSON metadata file and the documents it names. Bad rows are reported, the rest stored. */
export async function importFilings(db: Db, metadataFile: string): Promise<FilingImportReport> {
  const content = await readFile(metadataFile, 'utf8');
  const raw = metadataFile.toLowerCase().endsWith('.json') ? (JSON.parse(content) as unknown) : fromCsv(content);
  if (!Array.isArray(raw)) throw new Error('A JSON filings file holds an array of filings.');
  const baseDir = path.dirname(metadataFile);
  const records: (FilingRecord & { metaText: string })[] = [];
  const errors: FilingImportReport['errors'] = [];
  for (const [index, item] of raw.entries()) {
    const parsed = filingSchema.safeParse(item);
    if (!parsed.success) {
      errors.push({
        row: index + 1,
        message: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
      });
      continue;
    }
    const f = parsed.data;
    try {
      const documents = [];
      for (const doc of f.documents)
        documents.push({
          kind: doc.kind,
          title: doc.title ?? doc.kind.replace(/\b\w/g, (c) => c.toUpperCase()),
          pages: await documentPages(doc, baseDir),
        });
      const title = f.title ?? `${STATE_NAMES[f.state]} ${f.line} ${f.filingType} filing`;
      const record: FilingRecord = { ...f, title, documents, source: 'imported', sample: false };
      records.push({ ...record, metaText: metaText(record, STATE_NAMES[f.state]!) });
    } catch (error) {
      errors.push({ row: index + 1, message: (error as Error).message });
    }
  }
  if (records.length) {
    await upsertFilings(db, records);
    // The import emptied the facet cache: count the unfiltered facets once now, not on a visitor's request.
    await warmFacets(db);
  }
  return {
    imported: records.length,
    pages: records.reduce((n, r) => n + r.documents.reduce((m, d) => m + d.pages.length, 0), 0),
    errors,
  };
}
