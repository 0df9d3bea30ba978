import { PORTFOLIO_PRODUCTS } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { handleIngest } from '../../src/jobs/portfolio-jobs.js';
import { riskModelScorer } from '../../src/domain/portfolio/pipeline/risk-scorer.js';
import { pendingChunks, processChunk, startRun } from '../../src/domain/portfolio/pipeline/runs.js';
import {
  asOfInstant,
  buildScoreIndexStep,
  PRODUCTION_MODELS,
} from '../../src/domain/portfolio/pipeline/score-index.js';
import { worldGeocoder } from '../../src/domain/portfolio/pipeline/world-geocoder.js';
import { loadPropertyFeaturesMany } from '../../src/domain/property/load-many.js';
import { scoreProduct } from '../../src/domain/risk/index.js';
import { buildContext, scoreWith } from '../../src/domain/risk/model.js';
import { hazardAt } from '../../src/domain/hazard/climatology.js';
import { createMember, multipart, usePortfolioTestApp, useRawPool } from './app.js';
import { topFactorsOf } from '../../src/db/portfolio-review.js';

// The real geocoder and risk models on a small generated world; chunks are driven by hand.
const { app, db, url, services } = await usePortfolioTestApp({
  chunkSize: 8,
  worker: false,
  realEngines: { properties: 300 },
});
const pool = useRawPool(url);

const AS_OF = '2026-03-04';
const now = () => new Date(`${AS_OF}T09:00:00Z`);

async function buildIndex() {
  for (let steps = 0; !(await buildScoreIndexStep(db, { today: AS_OF, pageSize: 120 })); steps += 1) {
    if (steps > 20) throw new Error('the index build did not finish');
  }
}

describe('score index', () => {
  it('holds, for every property and portfolio product, the score the model gives row by row as of its date', async () => {
    await buildIndex();
    const builds = await db.selectFrom('score_index_builds').selectAll().execute();
    expect(builds.map((b) => b.product).sort()).toEqual([...PORTFOLIO_PRODUCTS].sort());
    for (const build of builds) {
      expect(build.completed_at).not.toBeNull();
      expect(build.property_count).toBe(300);
      expect(build.model_version).toBe(PRODUCTION_MODELS[build.product as 'zfire'].modelVersion);
    }
    const properties = await db.selectFrom('properties').select(['id', 'lat', 'lng']).execute();
    const features = await loadPropertyFeaturesMany(
      db,
      properties.map((p) => p.id),
      AS_OF,
    );
    const indexed = await db
      .selectFrom('score_index')
      .innerJoin('score_index_builds as b', 'b.id', 'score_index.build_id')
      .select(['b.product', 'property_id', 'score', 'risk_level', 'confidence', topFactorsOf(), 'problem'])
      .execute();
    expect(indexed).toHaveLength(300 * PORTFOLIO_PRODUCTS.length);
    const byKey = new Map(indexed.map((row) => [`${row.product}|${row.property_id}`, row]));
    let scored = 0;
    for (const property of properties) {
      for (const product of PORTFOLIO_PRODUCTS) {
        // The public per-row model function, independently of the index's own code.
        const expected = scoreProduct(
          product,
          features.get(property.id)!,
          hazardAt(property.lat, property.lng),
          asOfInstant(AS_OF),
        );
        const row = byKey.get(`${product}|${property.id}`)!;
        expect(row.score).toBe(expected.score);
        expect(row.risk_level).toBe(expected.riskLevel);
        if (expected.score === null) {
          expect(row.problem).toBe(expected.unavailableReason);
          continue;
        }
        scored += 1;
        expect(row.confidence).toBe(expected.confidence.value);
        const top = expected.factors
          .filter((f) => f.key !== 'scale_limit')
          .sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution))
          .slice(0, 3);
        expect(row.top_factors).toEqual(top.map((f) => ({ name: f.name, contribution: f.contribution })));
      }
    }
    expect(scored).toBeGreaterThan(1000);
  });

  it('scores a run from the index, and a rerun with another model version recomputes under a new run, keeping the previous one', async () => {
    const properties = await db.selectFrom('properties').select(['id', 'lat', 'lng']).orderBy('id').limit(20).execute();
    const lines = [
      'id,latitude,longitude',
      ...properties.map((p, i) => `R${i},${p.lat},${p.lng}`),
      'SEA,30.0,-60.0',
      'BAD,,',
    ];
    const { headers } = await createMember(app, db);
    const body = multipart('p.csv', `${lines.join('\n')}\n`);
    const up = await app.inject({
      method: 'POST',
      url: '/api/caribou/portfolio/csv',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    const created = await app.inject({
      method: 'POST',
      url: '/api/caribou/portfolios',
      headers,
      payload: { name: 'Indexed', products: 'zfire', uploadedFileName: up.json().uploadedFileName },
    });
    expect(created.statusCode, created.body).toBe(201);
    const portfolioId = created.json()[0].portfolioId as number;
    const geocoder = worldGeocoder(db);
    const scorer = riskModelScorer(db, { now });
    await handleIngest(
      {
        db,
        scorer,
        geocoder,
        blobs: services.blobs,
        queue: services.queue,
        chunkSize: 8,
        connect: () => pool.connect(),
      },
      portfolioId,
    );
    const first = await db
      .selectFrom('portfolio_runs')
      .selectAll()
      .where('portfolio_id', '=', portfolioId)
      .executeTakeFirstOrThrow();
    expect(first.score_build_id).not.toBeNull();
    expect(first.data_date).toBe(AS_OF);
    for (const chunk of await pendingChunks(db, first.id))
      expect(await processChunk({ db, scorer, geocoder }, first.id, chunk)).toBe('committed');

    const results = async (runId: number) =>
      db
        .selectFrom('portfolio_results')
        .select([
          'run_id',
          'row_number',
          'score',
          'risk_level',
          'confidence',
          topFactorsOf(),
          'model_version',
          'problem',
        ])
        .where('run_id', '=', runId)
        .orderBy('row_number')
        .execute();
    const firstResults = await results(first.id);
    expect(firstResults).toHaveLength(22);
    const index = new Map(
      (
        await db
          .selectFrom('score_index')
          .select(['property_id', 'score', topFactorsOf()])
          .where('build_id', '=', first.score_build_id!)
          .execute()
      ).map((r) => [r.property_id, r]),
    );
    properties.forEach((property, i) => {
      const row = firstResults[i]!;
      expect(row.score).toBe(index.get(property.id)!.score);
      expect(row.top_factors).toEqual(index.get(property.id)!.top_factors);
      expect(row.model_version).toBe(PRODUCTION_MODELS.zfire.modelVersion);
    });
    expect(firstResults[20]).toMatchObject({
      score: null,
      risk_level: 'none',
      problem: 'This location is outside our coverage: Z-VIEW covers properties in the United States.',
    });
    expect(firstResults[21]!.problem).toBeTruthy();
    const billed = await db.selectFrom('usage_events').select(['quantity']).where('run_id', '=', first.id).execute();
    expect(billed.reduce((sum, u) => sum + u.quantity, 0)).toBe(firstResults.filter((r) => r.problem === null).length);

    // A new model version: base score one point higher.
    const models = {
      ...PRODUCTION_MODELS,
      zfire: {
        ...PRODUCTION_MODELS.zfire,
        modelVersion: 'zfire-test-next',
        baseScore: PRODUCTION_MODELS.zfire.baseScore + 1,
      },
    };
    const nextScorer = riskModelScorer(db, { now, models });
    const rerun = await startRun(db, nextScorer, {
      portfolioId,
      product: 'zfire',
      requestedBy: 'tester',
      chunkSize: 8,
      rerun: true,
    });
    expect(rerun).not.toBeNull();
    for (const chunk of await pendingChunks(db, rerun!.runId))
      expect(await processChunk({ db, scorer: nextScorer, geocoder }, rerun!.runId, chunk)).toBe('committed');
    const second = await db
      .selectFrom('portfolio_runs')
      .selectAll()
      .where('id', '=', rerun!.runId)
      .executeTakeFirstOrThrow();
    expect(second).toMatchObject({ model_version: 'zfire-test-next', previous_run_id: first.id, data_date: AS_OF });
    expect(second.score_build_id).not.toBe(first.score_build_id);
    const secondResults = await results(second.id);
    // Computed for the new version (the build had none of these properties) and added to its index.
    const features = await loadPropertyFeaturesMany(
      db,
      properties.map((p) => p.id),
      AS_OF,
    );
    properties.forEach((property, i) => {
      const expected = scoreWith(
        models.zfire,
        buildContext(features.get(property.id)!, hazardAt(property.lat, property.lng), asOfInstant(AS_OF)),
      );
      expect(secondResults[i]!.model_version).toBe('zfire-test-next');
      expect(secondResults[i]!.score).toBe(expected.score);
    });
    const { n } = await db
      .selectFrom('score_index')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('build_id', '=', second.score_build_id!)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(20);
    expect(second.changed_count).toBeGreaterThan(0);
    // The previous run is kept for comparison.
    expect(await results(first.id)).toEqual(firstResults);
  });
});
