/**
 * One portfolio chunk through the real scorer, phase by phase (set-wise geocoding of the points,
 * set-wise feature loading, scoring), on the default 20k world.  Run: tsx bench/scorer-chunk.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../apps/server/src/db/database.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { geocodeCoordinatesMany } from '../apps/server/src/domain/geocoder/index.js';
import { riskModelScorer } from '../apps/server/src/domain/portfolio/pipeline/risk-scorer.js';
import { loadPropertyFeaturesMany } from '../apps/server/src/domain/property/load-many.js';
import { DEFAULT_WORLD, seedWorld } from '../apps/server/src/world/seed.js';
import { loadavg } from './support/figures.js';

const CHUNK = Number(process.env.CHUNK ?? 10_000);
const work = mkdtempSync(path.join(os.tmpdir(), 'zview-bench-chunk-'));
const embedded = await startEmbeddedPostgres({ dataDir: path.join(work, 'pg'), port: 0 });
const { db } = createDb(embedded.url, 10);
try {
  await migrateToLatest(db);
  await seedWorld(embedded.url, { ...DEFAULT_WORLD });
  const world = await db.selectFrom('properties').select(['id', 'lat', 'lng']).orderBy('id').execute();
  const points = Array.from({ length: CHUNK }, (_, i) =>
    i % 10 === 9
      ? { lat: 30 + (i % 100) / 10, lng: -100 }
      : { lat: world[(i * 7919) % world.length]!.lat + 0.00002, lng: world[(i * 7919) % world.length]!.lng },
  );
  const time = async <T>(label: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await run();
    console.log(`  ${label.padEnd(44)} ${((performance.now() - started) / 1000).toFixed(2)} s`);
    return result;
  };
  console.log(`Scorer chunk of ${CHUNK.toLocaleString('en-US')} rows; load average ${loadavg()}`);
  for (let round = 0; round < 2; round++) {
    const hits = await time('geocodeCoordinatesMany', () => geocodeCoordinatesMany(db, points));
    const ids = hits.flatMap((h) => (h.propertyId ? [h.propertyId] : []));
    await time(`loadPropertyFeaturesMany (${ids.length} rows)`, () => loadPropertyFeaturesMany(db, ids, new Date()));
    const rows = points.map((p, i) => ({
      rowNumber: i + 1,
      ref: null,
      address: null,
      street: null,
      city: null,
      state: null,
      zip: null,
      country: null,
      latitude: p.lat,
      longitude: p.lng,
      precision: 'coordinates' as const,
      attributes: {},
    }));
    await time('riskModelScorer.scoreRows, zfire (all of it)', () =>
      riskModelScorer(db).scoreRows(rows, ['zfire'], {
        organizationId: 1,
        portfolioId: 1,
        runId: 1,
        modelVersion: 'x',
      }),
    );
  }
  console.log(`  load average ${loadavg()}`);
} finally {
  await db.destroy();
  await embedded.stop();
  rmSync(work, { recursive: true, force: true });
}
