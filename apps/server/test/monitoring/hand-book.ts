import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { applyScores, insertWorldChange, type NewScore } from '../../src/db/monitoring.js';
import { finishRun, insertRun, resultsPartition } from '../../src/db/portfolio-runs.js';
import type { Db } from '../../src/db/database.js';
import { createMember } from '../portfolio/app.js';

/**
 * A monitored book written by hand (run-diff.test.ts, book-over-time.test.ts): eight rows on
 * properties hand-p1…hand-p8, runs whose scores are given, and changes that move the monitored
 * rows as the engine does, so that every answer can be counted by hand.
 */

export type Scores = Record<number, number>;

/** The level of a hand score (0–100): 70 and up high, 40 and up medium. */
export const level = (score: number) => (score >= 70 ? 'high' : score >= 40 ? 'medium' : 'low');

export function handBookSteps(app: FastifyInstance, db: Db) {
  /** A run of the book's zfire product with these scores, finished as the pipeline finishes one (its diffs kept). */
  async function run(portfolioId: number, userId: string, scores: Scores, previous: number | null) {
    return db.transaction().execute(async (trx) => {
      const runId = await insertRun(trx, {
        portfolio_id: portfolioId,
        product: 'zfire',
        model_version: 'hand',
        data_date: '2026-01-01',
        requested_by: userId,
        chunk_size: 8,
        chunk_count: 1,
        previous_run_id: previous,
        score_build_id: null,
      });
      for (const [row, score] of Object.entries(scores))
        await sql`INSERT INTO ${sql.table(resultsPartition(runId))} (run_id, row_number, score, risk_level, confidence, top_factors, model_version)
          VALUES (${runId}, ${Number(row)}, ${score}, ${level(score)}, 0.9, '[]', 'hand')`.execute(trx);
      await finishRun(trx, runId);
      return runId;
    });
  }

  /** Moves the monitored rows on these rows' properties (every book's) as the engine does: one statement, each change recorded. */
  async function change(scores: Scores) {
    const id = await insertWorldChange(db, {
      cause: 'correction',
      causeId: `hand-${randomUUID()}`,
      occurredOn: new Date().toISOString().slice(0, 10),
      propertyIds: Object.keys(scores).map((row) => `hand-p${row}`),
    });
    const world = await db.selectFrom('world_changes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const news: NewScore[] = Object.entries(scores).map(([row, score]) => ({
      propertyId: `hand-p${row}`,
      product: 'zfire',
      organizationId: null,
      score,
      riskLevel: level(score),
      factors: [],
      modelVersion: 'hand',
    }));
    await db.transaction().execute((trx) => applyScores(trx, world, news, new Date()));
  }

  /** A book of eight rows placed on properties hand-p1…hand-p8 of a new organisation, with its zfire product (no run yet). */
  async function handBook() {
    const { org, user, headers } = await createMember(app, db);
    const upload = `hand-${org.id}.csv`;
    await db
      .insertInto('portfolio_uploads')
      .values({
        name: upload,
        organization_id: org.id,
        user_id: user.id,
        original_name: 'hand.csv',
        size_bytes: 0,
        delimiter: ',',
        has_bom: false,
        header: '[]',
      })
      .execute();
    const { id } = await db
      .insertInto('portfolios')
      .values({
        organization_id: org.id,
        name: 'Hand book',
        uploaded_file_name: upload,
        created_by: user.id,
        header: '[]',
        column_mapping: '{}',
        row_count: 8,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`CREATE TABLE ${sql.table(`portfolio_rows_${id}`)} PARTITION OF portfolio_rows FOR VALUES IN (${sql.lit(id)})`.execute(
      db,
    );
    await sql`INSERT INTO portfolio_rows (portfolio_id, row_number, ref, address, attributes, csv_line, geo_property_id)
      SELECT ${id}, k, 'H' || k, k || ' Hand St', '{}', 'H' || k, 'hand-p' || k FROM generate_series(1, 8) k`.execute(
      db,
    );
    await db
      .insertInto('portfolio_products')
      .values({ portfolio_id: id, product: 'zfire', current_run_id: null })
      .execute();
    return { portfolioId: id, userId: user.id, headers };
  }

  /** Switches the book's zfire product to monitored, from its current run. */
  const monitor = (portfolioId: number, headers: Record<string, string>) =>
    app.inject({
      method: 'PUT',
      url: `/api/caribou/portfolio/${portfolioId}/product/zfire/monitoring`,
      headers,
      payload: { monitored: true },
    });

  return { run, change, handBook, monitor };
}
