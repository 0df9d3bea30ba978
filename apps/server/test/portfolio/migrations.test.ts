import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as resultsPartitions from '../../src/db/migrations/0340_portfolio_results_partitions.js';
import * as geocodeCounts from '../../src/db/migrations/0350_portfolio_geocode_counts.js';
import * as rowProperty from '../../src/db/migrations/0360_portfolio_row_property.js';
import * as unusedIndexes from '../../src/db/migrations/0900_portfolio_unused_indexes.js';
import * as valuesInCsvLine from '../../src/db/migrations/0920_portfolio_values_in_csv_line.js';
import * as compactFactors from '../../src/db/migrations/0930_portfolio_compact_factors.js';
import * as rowsWithoutForeignKey from '../../src/db/migrations/0950_portfolio_rows_without_foreign_key.js';
import * as cellsPerPortfolio from '../../src/db/migrations/1881_exposure_cells_per_portfolio.js';
import * as accumulationsPerRun from '../../src/db/migrations/1882_accumulations_per_run.js';
import { topFactorsOf } from '../../src/db/portfolio-review.js';
import { exactCsvLine } from '../../src/domain/portfolio/io/csv-line.js';
import { useTestDatabase } from '../database.js';
import { createOrganization, createUser } from '../factories.js';

/**
 * Migrations 0340–0360 on a database that already holds portfolios: taken back to the shape before
 * them, filled as the older code left it (one results table, no counts), and brought forward.
 * (0900 goes back and forward with them: 0340's down renames the index 0900 drops.)
 */
const { db } = await useTestDatabase();
const raw = db as unknown as Kysely<unknown>;

/**
 * An ingested portfolio as an older release left it (its upload, the portfolio, its rows' partition
 * still empty), written in SQL: the schema may be several migrations back.
 */
async function ingestedPortfolio(file: string, header: string[], rowCount: number) {
  const org = await createOrganization(db);
  const user = await createUser(db, { org });
  const columns = JSON.stringify(header);
  await sql`
    INSERT INTO portfolio_uploads (name, organization_id, user_id, original_name, size_bytes, delimiter, has_bom, header)
    VALUES (${file}, ${org.id}, ${user.id}, ${file}, 10, ',', false, ${columns})`.execute(raw);
  const {
    rows: [portfolio],
  } = await sql<{ id: number }>`
    INSERT INTO portfolios (organization_id, name, uploaded_file_name, created_by, header, column_mapping, row_count, ingested_at)
    VALUES (${org.id}, ${file}, ${file}, ${user.id}, ${columns}, '{"layout":"coordinates"}', ${rowCount}, now()) RETURNING id`.execute(
    raw,
  );
  const id = portfolio!.id;
  await sql`CREATE TABLE ${sql.table(`portfolio_rows_${id}`)} PARTITION OF portfolio_rows FOR VALUES IN (${sql.lit(id)})`.execute(
    raw,
  );
  return { id, userId: user.id };
}

describe('portfolio migrations on existing data', () => {
  // First: the next test takes 0340 back, which rebuilds portfolio_results without the later columns.
  it('keeps results and index rows whose factors are only names and contributions readable both ways (0930 back and forward)', async () => {
    const { id, userId } = await ingestedPortfolio('factors.csv', ['id'], 3);
    const {
      rows: [run],
    } = await sql<{ id: number }>`
      INSERT INTO portfolio_runs (portfolio_id, product, model_version, data_date, requested_by, chunk_size, chunk_count, completed_at)
      VALUES (${id}, 'zfire', 'v1', '2026-11-01', ${userId}, 3, 1, now()) RETURNING id`.execute(raw);
    await sql`CREATE TABLE ${sql.table(`portfolio_results_${run!.id}`)} PARTITION OF portfolio_results FOR VALUES IN (${sql.lit(run!.id)})`.execute(
      raw,
    );
    const factors = [
      [
        { name: 'Slope', contribution: 0.55 },
        { name: 'Distance to fire station', contribution: -0.21000000000000002 },
      ],
      [{ name: 'Roof age', contribution: 1e-7 }],
      [],
    ];
    // Written as names and contributions (the index's writers and a run since 0930), as jsonb (before), and a row with a problem.
    await sql`
      INSERT INTO portfolio_results (run_id, row_number, score, risk_level, confidence, top_factors, top_factor_names, top_factor_contributions, model_version, problem)
      VALUES (${run!.id}, 1, 6.2, 'medium', 0.9, NULL, 'Slope; Distance to fire station', '{0.55,-0.21000000000000002}', 'v1', NULL),
             (${run!.id}, 2, 2.1, 'low', 0.9, ${JSON.stringify(factors[1])}, 'Roof age', NULL, 'v1', NULL),
             (${run!.id}, 3, NULL, 'none', NULL, NULL, '', '{}', 'v1', 'No location.')`.execute(raw);
    const {
      rows: [build],
    } = await sql<{ id: number }>`
      INSERT INTO score_index_builds (product, model_version, as_of, world_revision) VALUES ('zfire', 'v0930', '2026-11-01', 1) RETURNING id`.execute(
      raw,
    );
    await sql`
      INSERT INTO score_index (build_id, property_id, score, risk_level, confidence, problem, top_factor_names, top_factor_contributions)
      VALUES (${build!.id}, 'p-1', 6.2, 'medium', 0.9, NULL, 'Slope; Distance to fire station', '{0.55,-0.21000000000000002}')`.execute(
      raw,
    );
    // And a run in progress: its results table is not attached yet, and changes with the rest.
    const {
      rows: [open],
    } = await sql<{ id: number }>`
      INSERT INTO portfolio_runs (portfolio_id, product, model_version, data_date, requested_by, chunk_size, chunk_count)
      VALUES (${id}, 'zwind', 'v1', '2026-11-01', ${userId}, 3, 1) RETURNING id`.execute(raw);
    const openTable = sql.table(`portfolio_results_${open!.id}`);
    await sql`CREATE TABLE ${openTable} (LIKE portfolio_results INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`.execute(raw);
    await sql`
      INSERT INTO ${openTable} (run_id, row_number, score, risk_level, confidence, top_factors, top_factor_names, top_factor_contributions, model_version)
      VALUES (${open!.id}, 1, 6.2, 'medium', 0.9, NULL, 'Slope; Distance to fire station', '{0.55,-0.21000000000000002}', 'v1')`.execute(
      raw,
    );
    // Neither kept: refused, in both tables.
    await expect(
      sql`INSERT INTO portfolio_results (run_id, row_number, risk_level, model_version, top_factors) VALUES (${run!.id}, 9, 'none', 'v1', NULL)`.execute(
        raw,
      ),
    ).rejects.toThrow(/portfolio_results_factors_kept/);
    await expect(
      sql`INSERT INTO score_index (build_id, property_id, risk_level) VALUES (${build!.id}, 'p-2', 'none')`.execute(
        raw,
      ),
    ).rejects.toThrow(/score_index_factors_kept/);

    const read = async () => ({
      results: (
        await db
          .selectFrom('portfolio_results')
          .select(['row_number', topFactorsOf()])
          .where('run_id', '=', run!.id)
          .orderBy('row_number')
          .execute()
      ).map((r) => r.top_factors),
      index: (
        await db.selectFrom('score_index').select(topFactorsOf()).where('build_id', '=', build!.id).execute()
      ).map((r) => r.top_factors),
    });
    expect(await read()).toEqual({ results: factors, index: [factors[0]] });

    await compactFactors.down(raw);
    // Every row has its jsonb again, the same factors, to the last bit of each contribution.
    const { rows: back } = await sql<{ top_factors: unknown }>`
      SELECT top_factors FROM portfolio_results WHERE run_id = ${run!.id} ORDER BY row_number`.execute(raw);
    expect(back.map((r) => r.top_factors)).toEqual(factors);
    const { rows: index } = await sql<{ top_factors: unknown }>`
      SELECT top_factors FROM score_index WHERE build_id = ${build!.id}`.execute(raw);
    expect(index.map((r) => r.top_factors)).toEqual([factors[0]]);
    const { rows: openBack } = await sql<Record<string, unknown>>`SELECT * FROM ${openTable}`.execute(raw);
    expect(openBack[0]!.top_factors).toEqual(factors[0]);
    expect(openBack[0]).not.toHaveProperty('top_factor_contributions');
    await compactFactors.up(raw);
    expect(await read()).toEqual({ results: factors, index: [factors[0]] });
    const { rows: openForward } = await sql<Record<string, unknown>>`SELECT * FROM ${openTable}`.execute(raw);
    expect(openForward[0]).toHaveProperty('top_factor_contributions', null);
    await sql`DROP TABLE ${openTable}`.execute(raw);
    // The next test moves every result through migration 0340's older table.
    await sql`DELETE FROM portfolio_results WHERE run_id = ${run!.id}`.execute(raw);
  });

  it('moves results into per-run partitions with chunk counts, and counts the rows by geocoding precision', async () => {
    for (const migration of [unusedIndexes, rowProperty, geocodeCounts, resultsPartitions]) await migration.down(raw);

    const { id, userId } = await ingestedPortfolio('old.csv', ['id'], 5);
    await sql`
      INSERT INTO portfolio_rows (portfolio_id, row_number, raw_values, problem, geo_latitude, geo_longitude, geo_precision, geocoded_at)
      VALUES (${id}, 1, '{}', NULL, 30, -97, 'coordinates', now()), (${id}, 2, '{}', NULL, 30, -97, 'rooftop', now()),
             (${id}, 3, '{}', NULL, 30, -97, 'rooftop', now()), (${id}, 4, '{}', 'No location.', NULL, NULL, NULL, NULL),
             (${id}, 5, '{}', NULL, NULL, NULL, NULL, NULL)`.execute(raw);
    // A finished run of two chunks (chunk size 2) and an unfinished one with nothing committed.
    const { rows: runs } = await sql<{ id: number }>`
      INSERT INTO portfolio_runs (portfolio_id, product, model_version, data_date, requested_by, chunk_size, chunk_count, completed_at)
      VALUES (${id}, 'zfire', 'v1', '2026-11-01', ${userId}, 2, 3, now()), (${id}, 'zfire', 'v1', '2026-11-02', ${userId}, 2, 3, NULL) RETURNING id`.execute(
      raw,
    );
    const [done, open] = runs.map((r) => r.id) as [number, number];
    await sql`INSERT INTO portfolio_run_chunks (run_id, chunk_index, row_count) VALUES (${done}, 0, 2), (${done}, 1, 2), (${done}, 2, 1)`.execute(
      raw,
    );
    await sql`
      INSERT INTO portfolio_results (run_id, row_number, score, risk_level, confidence, top_factors, model_version, problem)
      VALUES (${done}, 1, 2, 'low', 0.9, '[]', 'v1', NULL), (${done}, 2, 8, 'high', 0.9, '[]', 'v1', NULL),
             (${done}, 3, 5, 'medium', 0.9, '[]', 'v1', NULL), (${done}, 4, NULL, 'none', NULL, '[]', 'v1', 'No location.'),
             (${done}, 5, 9, 'high', 0.9, '[]', 'v1', NULL)`.execute(raw);

    for (const migration of [resultsPartitions, geocodeCounts, rowProperty, unusedIndexes]) await migration.up(raw);

    const { rows: partitions } = await sql<{ name: string; attached: boolean }>`
      SELECT relname AS name, relispartition AS attached FROM pg_class WHERE relname IN (${`portfolio_results_${done}`}, ${`portfolio_results_${open}`}) ORDER BY relname`.execute(
      raw,
    );
    expect(partitions.map((p) => p.attached)).toEqual([true, true]);
    const results = await db
      .selectFrom('portfolio_results')
      .select(['row_number', 'risk_level'])
      .where('run_id', '=', done)
      .orderBy('row_number')
      .execute();
    expect(results.map((r) => r.risk_level)).toEqual(['low', 'high', 'medium', 'none', 'high']);
    const chunks = await db
      .selectFrom('portfolio_run_chunks')
      .select(['chunk_index', 'summary'])
      .where('run_id', '=', done)
      .orderBy('chunk_index')
      .execute();
    expect(chunks.map((c) => c.summary)).toEqual([
      { low: 1, medium: 0, high: 1, none: 0, errors: 0 },
      { low: 0, medium: 1, high: 0, none: 0, errors: 1 },
      { low: 0, medium: 0, high: 1, none: 0, errors: 0 },
    ]);
    const counts = await db
      .selectFrom('portfolios')
      .select('geocode_counts')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(counts.geocode_counts).toEqual({ coordinates: 1, rooftop: 2, unusable: 1, pending: 1 });
    // Deleting the runs deletes their results (the trigger), the unfinished run's table too.
    await db.deleteFrom('portfolio_runs').where('portfolio_id', '=', id).execute();
    expect(
      await db.selectFrom('portfolio_results').select('row_number').where('run_id', 'in', [done, open]).execute(),
    ).toEqual([]);
  });

  it('keeps rows whose values live only in their CSV line readable both ways (0920 back and forward)', async () => {
    const { id } = await ingestedPortfolio('lines.csv', ['a', 'b', 'c'], 3);
    const kept = [
      ['P1', 'note 1, block 1', '-97.5'],
      ['', '', ''],
      ['x', 'y,z', ''],
    ];
    for (const [i, values] of kept.entries())
      await sql`INSERT INTO portfolio_rows (portfolio_id, row_number, raw_values, csv_line) VALUES (${id}, ${i + 1}, NULL, ${exactCsvLine(values, 3)})`.execute(
        raw,
      );
    // Neither kept: refused.
    await expect(
      sql`INSERT INTO portfolio_rows (portfolio_id, row_number) VALUES (${id}, 9)`.execute(raw),
    ).rejects.toThrow(/portfolio_rows_values_kept/);

    await valuesInCsvLine.down(raw);
    // The values are back in raw_values (writing them cleared the lines, as any write of them does).
    const back = await sql<{ raw_values: string[] }>`
      SELECT raw_values FROM portfolio_rows WHERE portfolio_id = ${id} ORDER BY row_number`.execute(raw);
    expect(back.rows.map((r) => r.raw_values)).toEqual(kept);
    await valuesInCsvLine.up(raw);
  });

  it('takes portfolio_rows’ foreign key away and back (0950), the rows kept', async () => {
    const { id } = await ingestedPortfolio('keyless.csv', ['a'], 1);
    await sql`INSERT INTO portfolio_rows (portfolio_id, row_number, csv_line) VALUES (${id}, 1, 'A')`.execute(raw);
    const foreignKeys = async () =>
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_constraint
          WHERE conrelid = 'portfolio_rows'::regclass AND contype = 'f'`.execute(raw)
      ).rows[0]!.n;
    expect(await foreignKeys()).toBe(0);
    await rowsWithoutForeignKey.down(raw);
    expect(await foreignKeys()).toBe(1);
    await expect(
      sql`INSERT INTO portfolio_rows (portfolio_id, row_number, csv_line) VALUES (${id + 1_000_000}, 1, 'A')`.execute(
        raw,
      ),
    ).rejects.toThrow();
    await rowsWithoutForeignKey.up(raw);
    expect(await foreignKeys()).toBe(0);
    expect(await db.selectFrom('portfolio_rows').select('csv_line').where('portfolio_id', '=', id).execute()).toEqual([
      { csv_line: 'A' },
    ]);
  });

  it('moves exposure cells into a partition per portfolio and back (1881), a deleted build’s cells emptied', async () => {
    const { id } = await ingestedPortfolio('cells.csv', ['id'], 2);
    const other = await ingestedPortfolio('cells-2.csv', ['id'], 2);
    await cellsPerPortfolio.down(raw);
    for (const p of [id, other.id]) {
      await sql`INSERT INTO portfolio_exposure_builds (portfolio_id, run_id, row_count, has_value) VALUES (${p}, 0, 2, true)`.execute(
        raw,
      );
      await sql`INSERT INTO portfolio_exposure_cells VALUES (${p}, 250, 1, 2, 2, 10, 60, -190, 300, -950), (${p}, 1000, 0, 0, 2, 10, 60, -190, 300, -950)`.execute(
        raw,
      );
    }
    await cellsPerPortfolio.up(raw);
    const cellsOf = async (p: number) =>
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(`portfolio_exposure_cells_${p}`)}`.execute(
          raw,
        )
      ).rows[0]!.n;
    expect([await cellsOf(id), await cellsOf(other.id)]).toEqual([2, 2]);
    // A build deleted (its portfolio deleted) empties its cells' partition, and only its.
    await sql`DELETE FROM portfolio_exposure_builds WHERE portfolio_id = ${id}`.execute(raw);
    expect([await cellsOf(id), await cellsOf(other.id)]).toEqual([0, 2]);
    await cellsPerPortfolio.down(raw);
    const back = await sql<{ portfolio_id: number }>`SELECT portfolio_id FROM portfolio_exposure_cells`.execute(raw);
    expect(back.rows.map((r) => r.portfolio_id)).toEqual([other.id, other.id]);
    await cellsPerPortfolio.up(raw);
    expect(await cellsOf(other.id)).toBe(2);
  });

  it('moves run aggregates into a partition per run and back (1882), a deleted run’s partition emptied', async () => {
    const { id, userId } = await ingestedPortfolio('aggregates.csv', ['id'], 2);
    const runs: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      const { rows } = await sql<{ id: number }>`
        INSERT INTO portfolio_runs (portfolio_id, product, model_version, data_date, requested_by, chunk_size, chunk_count, completed_at)
        VALUES (${id}, 'zfire', 'v1', '2026-11-01', ${userId}, 2, 1, now()) RETURNING id`.execute(raw);
      runs.push(rows[0]!.id);
    }
    await accumulationsPerRun.down(raw);
    for (const run of runs)
      await sql`INSERT INTO portfolio_accumulations VALUES (${run}, 'state', 'TX', 'all', 2, 10), (${run}, 'state', 'TX', 'low', 2, 10)`.execute(
        raw,
      );
    await accumulationsPerRun.up(raw);
    const rowsOf = async (run: number) =>
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(`portfolio_accumulations_${run}`)}`.execute(
          raw,
        )
      ).rows[0]!.n;
    expect([await rowsOf(runs[0]!), await rowsOf(runs[1]!)]).toEqual([2, 2]);
    // A deleted run's partition is emptied (not dropped: that would lock every run's aggregates).
    await sql`DELETE FROM portfolio_runs WHERE id = ${runs[0]!}`.execute(raw);
    expect([await rowsOf(runs[0]!), await rowsOf(runs[1]!)]).toEqual([0, 2]);
    await accumulationsPerRun.down(raw);
    const back = await sql<{
      run_id: number;
    }>`SELECT run_id FROM portfolio_accumulations WHERE run_id = ANY(${runs})`.execute(raw);
    expect(back.rows.map((r) => r.run_id)).toEqual([runs[1], runs[1]]);
    await accumulationsPerRun.up(raw);
    expect(await rowsOf(runs[1]!)).toBe(2);
  });
});
