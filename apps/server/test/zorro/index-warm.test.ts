import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zorroFiltersSchema, zorroSearchQuerySchema } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createDb } from '../../src/db/database.js';
import { facetColumnLoads, facetColumns } from '../../src/db/zorro-facet-index.js';
import { facets, search } from '../../src/domain/zorro/search.js';
import { buildServerApp, warmDiscovery } from '../../src/server-app.js';
import { seedFilings } from '../../src/world/filings/seed.js';
import { useTestDatabase } from '../database.js';

/**
 * Discovery's in-memory search index (db/zorro-facet-index.ts) takes seconds to load at 100,000
 * filings: the server loads it in the background at start, and requests arriving meanwhile share
 * that one load instead of each reading the corpus (issue 18).
 */
const { db, url } = await useTestDatabase();
await seedFilings(url, { seed: 2026, filings: 300 });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zview-test-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A write to the corpus (as an import makes) gives it a new generation: its index is not loaded yet. */
const changeCorpus = () =>
  sql`UPDATE zorro_filings SET title = title WHERE id = (SELECT min(id) FROM zorro_filings)`.execute(db);

async function until(condition: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('discovery search index warm-up', () => {
  it('loads the index at server start without any zorro request, and the first request uses that load', async () => {
    await changeCorpus();
    const before = facetColumnLoads();
    const app = await buildServerApp(loadConfig({ PORT: '0', DATABASE_URL: url, DATA_DIR: dataDir }), db);
    try {
      await until(() => facetColumnLoads() > before);
      const columns = await facetColumns(db);
      expect(columns.size).toBe(300);
      const result = await search(db, zorroSearchQuerySchema.parse({ q: 'Pinecrest Mutal' }));
      expect(result.total).toBeGreaterThanOrEqual(0);
      expect(facetColumnLoads()).toBe(before + 1);
    } finally {
      await app.close();
    }
  });

  it('two concurrent first requests after a corpus change share one load', async () => {
    await changeCorpus();
    const before = facetColumnLoads();
    const [found, counted] = await Promise.all([
      search(db, zorroSearchQuerySchema.parse({ q: 'wildfire model', state: 'CA' })),
      facets(db, zorroFiltersSchema.parse({ state: 'CO' })),
    ]);
    expect(found.total).toBeGreaterThan(0);
    expect(counted.total).toBeGreaterThan(0);
    expect(facetColumnLoads()).toBe(before + 1);
  });

  it('a database that is away at start only logs a warning', async () => {
    const away = createDb('postgres://nobody:none@127.0.0.1:1/none', 1).db;
    const warnings: unknown[] = [];
    const app = { log: { info: () => {}, warn: (...args: unknown[]) => warnings.push(args) } };
    warmDiscovery(app as unknown as FastifyInstance, away);
    await until(() => warnings.length > 0);
    expect(String(warnings[0])).toBeDefined();
    await away.destroy();
  });
});
