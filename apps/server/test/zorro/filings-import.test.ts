import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zorroSearchQuerySchema } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { filing, search } from '../../src/domain/zorro/search.js';
import { importFilings, pdfPages, splitPages } from '../../src/world/importers/filings.js';
import { useTestDatabase } from '../database.js';

/** The importer of real filings: CSV and JSON metadata, documents as text and PDF (fixtures). */
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/filings');
const { db } = await useTestDatabase();

describe('filings importer', () => {
  it('reads the text of each PDF page', async () => {
    const { readFileSync } = await import('node:fs');
    const pages = await pdfPages(new Uint8Array(readFileSync(path.join(fixtures, 'evergreen-or-memo.pdf'))));
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Z-FIRE wildfire score');
    expect(pages[1]).toContain('RATE PAGES');
  });

  it('splits text into pages on form feeds, else at paragraphs', () => {
    expect(splitPages('one\fTwo\f')).toEqual(['one', 'Two']);
    const long = Array.from({ length: 10 }, (_, i) => `Paragraph ${i} ${'x'.repeat(900)}`).join('\n\n');
    const pages = splitPages(long);
    expect(pages.length).toBeGreaterThan(2);
    for (const p of pages) expect(p.length).toBeLessThanOrEqual(3000 + 910);
  });

  it('imports CSV metadata with text and PDF documents, searchable by page', async () => {
    const report = await importFilings(db, path.join(fixtures, 'filings.csv'));
    expect(report).toEqual({ imported: 2, pages: 2 + 1 + 2, errors: [] });
    const found = await search(db, zorroSearchQuerySchema.parse({ q: '"ember-resistant vents"' }));
    expect(found.results.map((r) => r.trackingNumber)).toEqual(['EVMU-250000002']);
    expect(found.results[0]!.sample).toBe(false);
    expect(found.results[0]!.hit).toMatchObject({ documentTitle: 'Rule Manual', page: 1 });
    const pdfHit = await search(db, zorroSearchQuerySchema.parse({ q: 'relativities band', state: 'OR' }));
    expect(pdfHit.results[0]!.hit).toMatchObject({ documentTitle: 'Actuarial Memorandum', page: 2 });
  });

  it('imports JSON with coverages and objections; importing again replaces, not duplicates', async () => {
    for (let i = 0; i < 2; i++) expect((await importFilings(db, path.join(fixtures, 'filings.json'))).imported).toBe(1);
    const rows = await db
      .selectFrom('zorro_filings')
      .select('id')
      .where('tracking_number', '=', 'EVMU-250000003')
      .execute();
    expect(rows).toHaveLength(1);
    const f = await filing(db, rows[0]!.id);
    expect(f).toMatchObject({
      state: 'ID',
      status: 'disapproved',
      overallChange: 19.5,
      models: ['BlazeIndex'],
      source: 'imported',
    });
    expect(f.objections[0]!.response).toContain('BlazeIndex');
    expect(f.documents.map((d) => d.title)).toEqual(['Actuarial Memorandum', 'Cover letter']);
  });

  it('reports bad rows with a reason and stores the good ones; no file outside the folder is read', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'zorro-import-'));
    const file = path.join(dir, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify([
        {
          trackingNumber: 'BAD-1',
          state: 'ZZ',
          company: 'X',
          line: 'homeowners',
          filingType: 'rate',
          status: 'approved',
          submittedOn: '2024-01-01',
        },
        {
          trackingNumber: 'BAD-2',
          state: 'CA',
          company: 'X',
          line: 'boats',
          filingType: 'rate',
          status: 'approved',
          submittedOn: '2024-01-01',
        },
        {
          trackingNumber: 'BAD-3',
          state: 'CA',
          company: 'X',
          line: 'homeowners',
          filingType: 'rate',
          status: 'approved',
          submittedOn: '2024-01-01',
          documents: [{ kind: 'other', file: '../../etc/passwd' }],
        },
        {
          trackingNumber: 'OK-1',
          state: 'ca',
          company: 'Good\u0000 Co',
          line: 'homeowners',
          filingType: 'rate',
          status: 'approved',
          submittedOn: '2024-01-01',
          overallChange: '3.5',
        },
      ]),
    );
    const report = await importFilings(db, file);
    expect(report.imported).toBe(1);
    expect(report.errors.map((e) => e.row)).toEqual([1, 2, 3]);
    expect(report.errors[0]!.message).toContain('state');
    expect(report.errors[2]!.message).toContain('outside');
    const ok = await db
      .selectFrom('zorro_filings')
      .select(['state', 'company', 'overall_change'])
      .where('tracking_number', '=', 'OK-1')
      .executeTakeFirstOrThrow();
    expect(ok).toEqual({ state: 'CA', company: 'Good  Co', overall_change: 3.5 });
  });
});
