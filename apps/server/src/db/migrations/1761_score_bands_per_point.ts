import { type Kysely, sql } from 'kysely';

/**
 * The book dashboard's score distribution was kept in bands of ten points (floor(score / 10)),
 * but scores run from 1 to 10: every row fell in the first band. Bands are now one point each
 * (1–2 … 9–10, db/portfolio-exposure.ts): the runs' kept bands are counted again that way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    WITH runs AS (
      DELETE FROM portfolio_accumulations WHERE grouping = 'score_band' RETURNING run_id
    )
    INSERT INTO portfolio_accumulations (run_id, grouping, key, risk_level, count, value)
    SELECT r.run_id, 'score_band', least(greatest(floor(r.score)::int - 1, 0), 8)::text, r.risk_level, count(*), 0
    FROM portfolio_results r
    WHERE r.run_id IN (SELECT DISTINCT run_id FROM runs) AND r.score IS NOT NULL
    GROUP BY 1, 3, 4`.execute(db);
}

export async function down(): Promise<void> {
  // The ten-point bands were wrong: nothing to go back to.
}
