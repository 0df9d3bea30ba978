import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../../db/schema.js';
import { warmFacets } from '../../domain/zorro/search.js';
import { CopyWriter } from '../copy.js';
import { filingRow, metaText } from '../../db/zorro-write.js';
import { GENERATED_ID_BASE, generateFiling, STATE_NAMES } from './generate.js';

export const DEFAULT_FILINGS = { seed: 2026, filings: 3000 } as const;
const META_KEY = 'generated_filings';
const GENERATOR_VERSION = 1;
/** Documents of generated filing i get ids GENERATED_ID_BASE + i * DOCS_PER_FILING + d. */
const DOCS_PER_FILING = 8;

export interface FilingSeedResult {
  skipped: boolean;
  filings: number;
  pages: number;
  milliseconds: number;
}

/**
 * Seeds the sample corpus of filings (labelled sample) with COPY. Idempotent: the same seed and
 * count are left alone; another replaces the generated filings (imported ones stay). Concurrent
 * callers serialise on an advisory lock. `filings: 100_000` builds the benchmark corpus.
 */
export async function seedFilings(
  url: string,
  options: { seed?: number; filings?: number; log?: (line: string) => void } = {},
): Promise<FilingSeedResult> {
  const seed = options.seed ?? DEFAULT_FILINGS.seed;
  const count = options.filings ?? DEFAULT_FILINGS.filings;
  const log = options.log ?? (() => {});
  const started = performance.now();
  const pool = new pg.Pool({ connectionString: url, max: 6 });
  pool.on('error', () => {});
  const lock = await pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(20260700)');
    // A seed that died while indexing left the search index dropped.
    await lock.query('CREATE INDEX IF NOT EXISTS zorro_filings_search ON zorro_filings USING gin (search)');
    const { rows } = await lock.query<{ value: { seed: number; filings: number; version: number } }>(
      `SELECT value FROM world_meta WHERE key = $1`,
      [META_KEY],
    );
    const current = rows[0]?.value;
    if (current && current.seed === seed && current.filings === count && current.version === GENERATOR_VERSION) {
      return { skipped: true, filings: 0, pages: 0, milliseconds: Math.round(performance.now() - started) };
    }
    await lock.query(`DELETE FROM zorro_filings WHERE source = 'generated'`);
    if (count > 0) log(`Generating ${count.toLocaleString('en-US')} sample filings…\n`);
    const pages = await copyFilings(pool, seed, count);
    log(`  indexing filings for search…\n`);
    // One index build after the vectors are written is cheaper than updating the index per row.
    await lock.query('DROP INDEX IF EXISTS zorro_filings_search');
    for (let from = 0; from < count; from += 20_000) {
      await lock.query(`SELECT zorro_refresh_search(array(SELECT generate_series($1::int, $2::int)))`, [
        GENERATED_ID_BASE + from,
        GENERATED_ID_BASE + Math.min(count, from + 20_000) - 1,
      ]);
    }
    await lock.query('CREATE INDEX IF NOT EXISTS zorro_filings_search ON zorro_filings USING gin (search)');
    await lock.query('ANALYZE zorro_filings, zorro_coverages, zorro_objections, zorro_documents, zorro_pages');
    // The writes emptied the facet cache (migration 0770): count the unfiltered facets once now.
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    await warmFacets(db);
    await lock.query(
      `INSERT INTO world_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = $2, updated_at = now()`,
      [META_KEY, JSON.stringify({ seed, filings: count, version: GENERATOR_VERSION })],
    );
    return { skipped: false, filings: count, pages, milliseconds: Math.round(performance.now() - started) };
  } finally {
    await lock.query('SELECT pg_advisory_unlock(20260700)').catch(() => {});
    lock.release();
    await pool.end();
  }
}

async function copyFilings(pool: pg.Pool, seed: number, count: number): Promise<number> {
  const filings = await CopyWriter.open<Record<string, unknown>>(pool, 'zorro_filings', [
    'id',
    'tracking_number',
    'state',
    'company',
    'naic_group',
    'naic_code',
    'line',
    'filing_type',
    'status',
    'title',
    'summary',
    'meta_text',
    'submitted_on',
    'disposition_on',
    'effective_on',
    'overall_change',
    'models',
    'vendors',
    'categories',
    'source',
    'sample',
  ]);
  const coverages = await CopyWriter.open<Record<string, unknown>>(pool, 'zorro_coverages', [
    'filing_id',
    'coverage',
    'change',
  ]);
  const objections = await CopyWriter.open<Record<string, unknown>>(pool, 'zorro_objections', [
    'filing_id',
    'seq',
    'objected_on',
    'objection',
    'responded_on',
    'response',
  ]);
  const documents = await CopyWriter.open<Record<string, unknown>>(pool, 'zorro_documents', [
    'id',
    'filing_id',
    'seq',
    'kind',
    'title',
    'page_count',
  ]);
  const pagesWriter = await CopyWriter.open<Record<string, unknown>>(pool, 'zorro_pages', [
    'document_id',
    'page_number',
    'filing_id',
    'body',
  ]);
  const writers = [filings, coverages, objections, documents, pagesWriter];
  try {
    for (let i = 0; i < count; i++) {
      const f = generateFiling(seed, i);
      await filings.write({ id: f.id, ...filingRow(f, metaText(f, STATE_NAMES[f.state]!)) });
      for (const c of f.coverages) await coverages.write({ filing_id: f.id, coverage: c.coverage, change: c.change });
      for (const [k, o] of f.objections.entries()) {
        await objections.write({
          filing_id: f.id,
          seq: k + 1,
          objected_on: o.objectedOn,
          objection: o.objection,
          responded_on: o.respondedOn,
          response: o.response,
        });
      }
      for (const [d, doc] of f.documents.entries()) {
        const documentId = GENERATED_ID_BASE + i * DOCS_PER_FILING + d;
        await documents.write({
          id: documentId,
          filing_id: f.id,
          seq: d + 1,
          kind: doc.kind,
          title: doc.title,
          page_count: doc.pages.length,
        });
        for (const [p, body] of doc.pages.entries())
          await pagesWriter.write({ document_id: documentId, page_number: p + 1, filing_id: f.id, body });
      }
    }
    // Parents before children: the foreign keys are checked as each COPY ends.
    for (const writer of writers) await writer.close();
  } catch (error) {
    for (const writer of writers) writer.abort(error as Error);
    throw error;
  }
  return pagesWriter.rows;
}
