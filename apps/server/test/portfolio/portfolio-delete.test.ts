import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createMember, usePortfolioTestApp, waitFor } from './app.js';
import { portfolioSteps, type Headers } from './steps.js';

/**
 * Deleting a portfolio empties its partitions with TRUNCATE (migration 0890) rather than deleting
 * their rows one by one; while another session reads a partition, the rows are deleted as before
 * after 2 s, and the delete still succeeds.
 */
const { app, db, url } = await usePortfolioTestApp({ chunkSize: 4 });
const steps = portfolioSteps(app);

async function readyPortfolio(headers: Headers): Promise<{ id: number; runId: number }> {
  const csv = 'id,lat,lon\n' + Array.from({ length: 9 }, (_, i) => `R${i},${30 + i / 10},-97`).join('\n') + '\n';
  const id = await steps.createPortfolio(headers, csv);
  await steps.waitForStatus(headers, id, 'zfire', 'READY');
  const run = await db
    .selectFrom('portfolio_runs')
    .select('id')
    .where('portfolio_id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, runId: run.id };
}

/** A table's rows and the size of its file (a DELETE leaves the pages of dead rows until vacuum; TRUNCATE leaves none). */
async function tableState(table: string) {
  const { rows } = await sql<{ n: number; bytes: string }>`
    SELECT (SELECT count(*) FROM ${sql.table(table)})::int AS n, pg_relation_size(${table}::regclass)::text AS bytes`.execute(
    db,
  );
  return { n: rows[0]!.n, bytes: Number(rows[0]!.bytes) };
}

const deletePortfolio = (headers: Headers, id: number) =>
  app.inject({ method: 'DELETE', url: `/api/caribou/portfolio/${id}/product/zfire`, headers });

describe('deleting a portfolio', () => {
  it('empties its rows and results tables at once (their files truncated, not rows marked deleted)', async () => {
    const { headers } = await createMember(app, db);
    const { id, runId } = await readyPortfolio(headers);
    expect((await tableState(`portfolio_rows_${id}`)).n).toBe(9);
    expect((await tableState(`portfolio_results_${runId}`)).bytes).toBeGreaterThan(0);

    const res = await deletePortfolio(headers, id);
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await db.selectFrom('portfolios').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await tableState(`portfolio_rows_${id}`)).toEqual({ n: 0, bytes: 0 });
    expect(await tableState(`portfolio_results_${runId}`)).toEqual({ n: 0, bytes: 0 });
  });

  it('still deletes while another session reads its rows: the rows are deleted instead of truncated', async () => {
    const { headers } = await createMember(app, db);
    const { id } = await readyPortfolio(headers);
    const reader = new pg.Client({ connectionString: url });
    await reader.connect();
    try {
      await reader.query('BEGIN');
      await reader.query(`SELECT count(*) FROM portfolio_rows WHERE portfolio_id = ${id}`);
      const started = Date.now();
      const res = await deletePortfolio(headers, id);
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
      await reader.query('COMMIT');
      const state = await tableState(`portfolio_rows_${id}`);
      expect(state.n).toBe(0);
      // Deleted row by row: the file keeps its pages until vacuum.
      expect(state.bytes).toBeGreaterThan(0);
    } finally {
      await reader.end();
    }
  });

  it('is retried when it deadlocks with the worker building the run analysis, and succeeds', async () => {
    const { headers } = await createMember(app, db);
    const { id, runId } = await readyPortfolio(headers);
    // The run's aggregates built by the worker: its partition of portfolio_accumulations (migration 1882) exists.
    await waitFor(
      async () =>
        (await db
          .selectFrom('portfolio_accumulation_builds')
          .select('run_id')
          .where('run_id', '=', runId)
          .executeTakeFirst()) ?? undefined,
      30_000,
      "the run's aggregates",
    );
    // The analysis worker's order: read the run's results, then write rows that refer to the run.
    const analysis = new pg.Client({ connectionString: url });
    await analysis.connect();
    try {
      await analysis.query('BEGIN');
      await analysis.query(`SELECT count(*) FROM portfolio_results_${runId}`);
      // The delete takes the run, then waits to empty its results behind the read above...
      const deleting = deletePortfolio(headers, id);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // ...and the analysis now waits for the run: a cycle PostgreSQL breaks by rolling one back.
      await analysis.query(
        `INSERT INTO portfolio_accumulations (run_id, grouping, key, risk_level, count, value) VALUES (${runId}, 'deadlock-test', 'X', 'all', 1, 1)`,
      );
      await analysis.query('ROLLBACK');
      const res = await deleting;
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(await db.selectFrom('portfolios').select('id').where('id', '=', id).execute()).toEqual([]);
      // The run's aggregates' partition was emptied with it (its delete trigger, migration 1882).
      expect((await tableState(`portfolio_accumulations_${runId}`)).n).toBe(0);
    } finally {
      await analysis.end();
    }
  });
});
