/**
 * A synthetic scored book written by SQL (issue 43's benchmarks): `rows` rows in 60 metro clusters
 * across the contiguous states (~±15 km around each, one row in seven in a denser core), a value
 * each, a score and a level each, in an organisation's portfolio with one completed zfire run.
 */
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/database.js';

export interface SyntheticBook {
  portfolioId: number;
  runId: number;
}

export async function writeSyntheticBook(
  db: Db,
  organizationId: number,
  rows: number,
  name = 'Bench book',
): Promise<SyntheticBook> {
  const uploadName = crypto.randomUUID();
  await db
    .insertInto('portfolio_uploads')
    .values({
      name: uploadName,
      organization_id: organizationId,
      user_id: 'bench',
      original_name: 'bench.csv',
      size_bytes: 1,
      delimiter: ',',
      has_bom: false,
      header: JSON.stringify(['ref', 'lat', 'lon', 'tiv']),
    })
    .execute();
  const portfolio = await db
    .insertInto('portfolios')
    .values({
      organization_id: organizationId,
      name,
      uploaded_file_name: uploadName,
      created_by: 'bench',
      header: JSON.stringify(['ref', 'lat', 'lon', 'tiv']),
      column_mapping: JSON.stringify({ header: [], fields: {}, unknownColumns: [], layout: 'coordinates' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = portfolio.id;
  await sql`UPDATE portfolios SET row_count = ${rows} WHERE id = ${id}`.execute(db);
  const run = await db
    .insertInto('portfolio_runs')
    .values({
      portfolio_id: id,
      product: 'zfire',
      model_version: 'bench',
      data_date: '2026-11-01',
      requested_by: 'bench',
      chunk_size: 10_000,
      chunk_count: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`UPDATE portfolio_runs SET completed_at = now() WHERE id = ${run.id}`.execute(db);
  await db
    .insertInto('portfolio_products')
    .values({ portfolio_id: id, product: 'zfire', status: 'READY', current_run_id: run.id })
    .execute();
  await sql
    .raw(`CREATE TABLE IF NOT EXISTS portfolio_rows_${id} PARTITION OF portfolio_rows FOR VALUES IN (${id})`)
    .execute(db);
  await sql
    .raw(
      `CREATE TABLE IF NOT EXISTS portfolio_results_${run.id} PARTITION OF portfolio_results FOR VALUES IN (${run.id})`,
    )
    .execute(db);
  await sql`
    INSERT INTO portfolio_rows (portfolio_id, row_number, csv_line, ref, latitude, longitude, attributes)
    SELECT ${id}, g, 'P-' || g, 'P-' || g,
      30 + (g % 60) * 0.29 + (random() - 0.5) * CASE WHEN g % 7 = 0 THEN 0.01 ELSE 0.27 END,
      -120 + (g % 60) * 0.8 + (random() - 0.5) * CASE WHEN g % 7 = 0 THEN 0.01 ELSE 0.33 END,
      json_build_object('buildingTiv', (100000 + floor(random() * 900000))::text)
    FROM generate_series(1, ${rows}) g`.execute(db);
  await sql`
    INSERT INTO portfolio_results (run_id, row_number, score, risk_level, model_version)
    SELECT ${run.id}, g, s, CASE WHEN s < 34 THEN 'low' WHEN s < 67 THEN 'medium' ELSE 'high' END, 'bench'
    FROM (SELECT g, floor(random() * 101) AS s FROM generate_series(1, ${rows}) g) x`.execute(db);
  await sql.raw(`ANALYZE portfolio_rows_${id}; ANALYZE portfolio_results_${run.id}`).execute(db);
  return { portfolioId: id, runId: run.id };
}
