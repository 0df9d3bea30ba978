import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { topFactorsOf } from '../../src/db/portfolio-review.js';
import { copyIntoScoreIndex, prewarmScoreBuild } from '../../src/db/score-index-parts.js';
import { addToIndex, openBuilds, PRODUCTION_MODELS } from '../../src/domain/portfolio/pipeline/score-index.js';
import { RISK_MODELS } from '../../src/domain/risk/index.js';
import { useTestWorld } from '../world.js';

// How the index is written since migration 0840 (no per-row foreign key, names written by the writers).
const { db } = await useTestWorld({ properties: 60 });
const AS_OF = '2026-05-06';

async function rowsOf(buildId: number) {
  return db
    .selectFrom('score_index')
    .select([
      'property_id',
      'top_factors as stored_jsonb',
      topFactorsOf(),
      'top_factor_names',
      'top_factor_contributions',
    ])
    .where('build_id', '=', buildId)
    .execute();
}

describe('writing the score index', () => {
  it('stores each row’s factors as names (as the export shows them) and contributions, by either writer', async () => {
    const [first, second] = await openBuilds(db, PRODUCTION_MODELS, AS_OF);
    const ids = (await db.selectFrom('properties').select('id').orderBy('id').limit(20).execute()).map((r) => r.id);
    expect(await addToIndex(db, [first!], PRODUCTION_MODELS, ids.slice(0, 10))).toBe(10);
    await copyIntoScoreIndex(db, [
      {
        build: second!.id,
        property: ids[0]!,
        score: 4.2,
        riskLevel: 'medium',
        confidence: 0.8,
        topFactors: [
          { name: 'Tab\there', contribution: 1 },
          { name: 'Back\\slash', contribution: -0.5 },
        ],
        problem: null,
      },
      {
        build: second!.id,
        property: ids[1]!,
        score: null,
        riskLevel: 'none',
        confidence: null,
        topFactors: [],
        problem: 'No structure was detected on the parcel.',
      },
    ]);
    const rows = [...(await rowsOf(first!.id)), ...(await rowsOf(second!.id))];
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      expect(row.top_factor_names).toBe(row.top_factors.map((f) => f.name).join('; '));
      // Migration 0930: no jsonb beside them.
      expect(row.stored_jsonb).toBeNull();
      expect(row.top_factor_contributions).toEqual(row.top_factors.map((f) => f.contribution));
    }
    expect(rows.filter((r) => r.top_factors.length === 3).length).toBeGreaterThanOrEqual(8);
    expect(rows.find((r) => r.property_id === ids[0] && r.top_factor_names!.startsWith('Tab'))!.top_factors).toEqual([
      { name: 'Tab\there', contribution: 1 },
      { name: 'Back\\slash', contribution: -0.5 },
    ]);
    expect(rows.find((r) => r.property_id === ids[0] && r.top_factor_names!.startsWith('Tab'))!.top_factor_names).toBe(
      'Tab\there; Back\\slash',
    );
  });

  it('names no factor with the separator its joined names are split on (zview_top_factors, migration 0930)', () => {
    const names = Object.values(RISK_MODELS).flatMap((model) => model.factors.map((f) => f.name));
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((name) => name.includes(';'))).toEqual([]);
  });

  it('deletes a build’s rows with the build, and writes no row for a build that is gone', async () => {
    const builds = await openBuilds(db, PRODUCTION_MODELS, AS_OF);
    const ids = (await db.selectFrom('properties').select('id').orderBy('id').limit(5).execute()).map((r) => r.id);
    await addToIndex(db, builds, PRODUCTION_MODELS, ids);
    const gone = builds[0]!;
    expect((await rowsOf(gone.id)).length).toBeGreaterThanOrEqual(5);
    const others = (await rowsOf(builds[1]!.id)).length;
    await db.deleteFrom('score_index_builds').where('id', '=', gone.id).execute();
    expect(await rowsOf(gone.id)).toHaveLength(0);
    // A writer that still holds the deleted build (a part that began before the delete) adds nothing for it.
    expect(await addToIndex(db, [gone], PRODUCTION_MODELS, ids)).toBe(0);
    expect(
      await copyIntoScoreIndex(db, [
        { build: gone.id, property: ids[0]!, score: 1, riskLevel: 'low', confidence: 1, topFactors: [], problem: null },
      ]),
    ).toBe(0);
    expect(await rowsOf(gone.id)).toHaveLength(0);
    expect(await rowsOf(builds[1]!.id)).toHaveLength(others);
  });

  it('keeps each build in a partition of its own (migration 0870), emptied when the build is deleted', async () => {
    const builds = await openBuilds(db, PRODUCTION_MODELS, '2026-05-07');
    const ids = (await db.selectFrom('properties').select('id').orderBy('id').limit(4).execute()).map((r) => r.id);
    await addToIndex(db, builds, PRODUCTION_MODELS, ids);
    const partitionRows = async (buildId: number) => {
      const { rows } = await sql<{ n: number; builds: number[] }>`
        SELECT count(*)::int AS n, coalesce(array_agg(DISTINCT build_id), '{}') AS builds FROM ${sql.table(`score_index_${buildId}`)}`.execute(
        db,
      );
      return rows[0]!;
    };
    // (Builds the earlier tests opened are reused: they may hold a row or two more.)
    const before = new Map<number, number>();
    // A run on a large build reads its partition into the buffers first (migration 0880 installs pg_prewarm).
    expect(await prewarmScoreBuild(db, builds[1]!.id)).toBe(true);
    for (const build of builds) {
      const held = await partitionRows(build.id);
      expect(held.builds).toEqual([build.id]);
      expect(held.n).toBeGreaterThanOrEqual(ids.length);
      before.set(build.id, held.n);
    }
    const { rows } = await sql<{ parent: string }>`
      SELECT inhparent::regclass::text AS parent FROM pg_inherits WHERE inhrelid = ${`score_index_${builds[0]!.id}`}::regclass`.execute(
      db,
    );
    expect(rows).toEqual([{ parent: 'score_index' }]);
    await db.deleteFrom('score_index_builds').where('id', '=', builds[0]!.id).execute();
    expect(await partitionRows(builds[0]!.id)).toEqual({ n: 0, builds: [] });
    expect(await partitionRows(builds[1]!.id)).toEqual({ n: before.get(builds[1]!.id), builds: [builds[1]!.id] });
  });
});
