import { PORTFOLIO_PRODUCTS } from '@zview/contracts';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/db/database.js';
import { buildScoreIndexStep, ensurePlacementCells } from '../../src/domain/portfolio/pipeline/score-index.js';
import { buildScoreIndexPart, planScoreIndexBuild } from '../../src/domain/portfolio/pipeline/score-index-build.js';
import { JobQueue } from '../../src/jobs/queue.js';
import { startScoreIndexWorker } from '../../src/jobs/score-index-jobs.js';
import { useTestWorld } from '../world.js';
import { topFactorsOf } from '../../src/db/portfolio-review.js';

// The parallel build (issue 20) against the serial one, on a small generated world.
const { db, url, seeded } = await useTestWorld({ properties: 400 });
const AS_OF = '2026-03-04';
const workerDbs: Db[] = [createDb(url, 3).db, createDb(url, 3).db];
afterAll(() => Promise.all(workerDbs.map((d) => d.destroy())));

/** Every index row by product and property, build ids aside. */
async function snapshot() {
  const rows = await db
    .selectFrom('score_index')
    .innerJoin('score_index_builds as b', 'b.id', 'score_index.build_id')
    .select([
      'b.product',
      'b.model_version',
      'b.as_of',
      'property_id',
      'score',
      'risk_level',
      'confidence',
      topFactorsOf(),
      'problem',
    ])
    .orderBy('b.product')
    .orderBy('property_id')
    .execute();
  return rows;
}

async function builds() {
  return db
    .selectFrom('score_index_builds')
    .select(['product', 'completed_at', 'property_count'])
    .orderBy('product')
    .execute();
}

async function resetIndex() {
  await db.deleteFrom('score_index_builds').execute();
  await db.deleteFrom('score_index_plans').execute();
}

async function waitFor(condition: () => Promise<boolean>, ms: number) {
  const until = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let serial: Awaited<ReturnType<typeof snapshot>> = [];

describe('score index built in parts by every worker', () => {
  it('yields exactly the index of the serial build, parts taken by two workers through the queue', async () => {
    for (let steps = 0; !(await buildScoreIndexStep(db, { today: AS_OF, pageSize: 90 })); steps += 1)
      if (steps > 30) throw new Error('serial build did not finish');
    serial = await snapshot();
    expect(serial).toHaveLength(seeded.properties * PORTFOLIO_PRODUCTS.length);
    await resetIndex();

    const partsBy: Record<string, Set<number>> = { a: new Set(), b: new Set() };
    const queues = workerDbs.map(
      (workerDb) => new JobQueue(workerDb, { maintenanceIntervalSeconds: 2, pollingIntervalSeconds: 0.5 }),
    );
    try {
      await Promise.all(
        queues.map((queue, i) => {
          const name = i === 0 ? 'a' : 'b';
          // Slow pages a little, so both workers have parts to take.
          return startScoreIndexWorker(workerDbs[i]!, queue, {
            today: AS_OF,
            partSize: 60,
            pageSize: 25,
            afterPage: async (part) => {
              partsBy[name]!.add(part);
              await new Promise((resolve) => setTimeout(resolve, 30));
            },
          });
        }),
      );
      await waitFor(
        async () =>
          (await builds()).every((b) => b.completed_at !== null) &&
          (await builds()).length === PORTFOLIO_PRODUCTS.length,
        45_000,
      );
    } finally {
      await Promise.all(queues.map((q) => q.stop()));
    }
    const plan = await db.selectFrom('score_index_plans').selectAll().executeTakeFirstOrThrow();
    expect(plan.part_count).toBe(Math.ceil((seeded.properties + 1) / 60));
    expect(plan.completed_at).not.toBeNull();
    // Both workers built parts, and no part twice.
    expect(partsBy.a!.size).toBeGreaterThan(0);
    expect(partsBy.b!.size).toBeGreaterThan(0);
    expect(partsBy.a!.size + partsBy.b!.size).toBe(plan.part_count);
    for (const build of await builds()) expect(build.property_count).toBe(seeded.properties);
    expect(await snapshot()).toEqual(serial);
  });

  it('completes a build whose worker was killed mid-part: another worker resumes the part from its cursor once the lease lapses', async () => {
    await resetIndex();
    const options = { today: AS_OF, partSize: 150, pageSize: 40, leaseMs: 1_500 };
    const plan = await planScoreIndexBuild(db, options);
    if (plan.state !== 'planned') throw new Error('nothing to build');
    expect(plan.parts).toEqual([0, 1, 2]);
    const [dying, survivor] = workerDbs as [Db, Db];
    // Worker A dies after its first page of part 1 (nothing of it runs after that page: no cleanup).
    const killed = new Error('SIGKILL');
    await expect(
      buildScoreIndexPart(dying, plan.planId, 1, {
        ...options,
        afterPage: () => {
          throw killed;
        },
      }),
    ).rejects.toBe(killed);
    // Worker B: part 1 is held (lease live); it builds the others, which do not complete the build.
    expect(await buildScoreIndexPart(survivor, plan.planId, 1, options)).toBe('held');
    expect(await buildScoreIndexPart(survivor, plan.planId, 0, options)).toBe('built');
    expect(await buildScoreIndexPart(survivor, plan.planId, 2, options)).toBe('built');
    expect((await builds()).every((b) => b.completed_at === null)).toBe(true);
    const half = await db.selectFrom('score_index_parts').selectAll().where('part', '=', 1).executeTakeFirstOrThrow();
    expect(half).toMatchObject({ property_count: 40, done_at: null });

    // The lease lapses; the periodic check queues the part again, and B completes it and the build.
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    const again = await planScoreIndexBuild(survivor, options);
    expect(again).toEqual({ state: 'planned', planId: plan.planId, parts: [1] });
    expect(await buildScoreIndexPart(survivor, plan.planId, 1, options)).toBe('completed-build');
    expect(await buildScoreIndexPart(survivor, plan.planId, 1, options)).toBe('done-already');
    const part = await db.selectFrom('score_index_parts').selectAll().where('part', '=', 1).executeTakeFirstOrThrow();
    expect(part.property_count).toBe(150);
    for (const build of await builds())
      expect(build).toMatchObject({ property_count: seeded.properties, completed_at: expect.any(Date) });
    expect(await snapshot()).toEqual(serial);
    expect(await planScoreIndexBuild(survivor, options)).toEqual({ state: 'complete' });
  });

  it('gathers statistics when a build completes, so the planner expects its rows (not those of the build it replaced)', async () => {
    // The statistics describe the current builds (as autovacuum leaves them), then the index is rebuilt from scratch.
    await sql`ANALYZE score_index`.execute(db);
    await resetIndex();
    const options = { today: AS_OF, partSize: 200, pageSize: 100 };
    const plan = await planScoreIndexBuild(db, options);
    if (plan.state !== 'planned') throw new Error('nothing to build');
    const outcomes = [];
    for (const part of plan.parts) outcomes.push(await buildScoreIndexPart(db, plan.planId, part, options));
    expect(outcomes.at(-1)).toBe('completed-build');
    const build = await db.selectFrom('score_index_builds').select('id').orderBy('id').executeTakeFirstOrThrow();
    // What a chunk's join with the index estimates for the build (one row without fresh statistics).
    const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`
      EXPLAIN (FORMAT JSON) SELECT property_id FROM score_index WHERE build_id = ${sql.lit(build.id)}`.execute(db);
    expect(rows[0]!['QUERY PLAN'][0].Plan['Plan Rows']).toBeGreaterThan(seeded.properties / 2);
  });

  it('gathers statistics when placement cells are built, so every chunk expects one placement build (not thousands)', async () => {
    await db.deleteFrom('placement_builds').execute();
    await sql`DELETE FROM placement_cells`.execute(db);
    await ensurePlacementCells(db);
    // The tables every chunk's statement joins once (placementContext in db/portfolio-placement.ts): one row each.
    for (const table of ['world_revision', 'placement_builds']) {
      const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`
        EXPLAIN (FORMAT JSON) SELECT * FROM ${sql.table(table)}`.execute(db);
      expect(rows[0]!['QUERY PLAN'][0].Plan['Plan Rows'], table).toBe(1);
    }
  });
});
