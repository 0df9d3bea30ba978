import pg from 'pg';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { copyOut } from './src/db/copy-out.ts';
const url = 'postgres://postgres:zview-local@127.0.0.1:41201/postgres';
const a = new pg.Client(url), b = new pg.Client(url); await a.connect(); await b.connect();
const rowsQ = `COPY (SELECT w.row_number, CASE WHEN w.csv_line IS NULL THEN w.raw_values END, w.geo_precision, coalesce(w.problem, w.geo_problem), w.csv_line FROM portfolio_rows w WHERE w.portfolio_id = 12 ORDER BY w.row_number) TO STDOUT (FORMAT binary)`;
const resQ = `COPY (SELECT r.row_number, r.score, r.risk_level, r.confidence, r.top_factor_names, r.model_version, r.problem FROM portfolio_results r WHERE r.run_id = 12 ORDER BY r.row_number) TO STDOUT (FORMAT binary)`;
const sink = () => new Writable({ write(ch, _e, cb) { cb(); } });
for (let i = 0; i < 3; i++) {
  await a.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  const snap = (await a.query('SELECT pg_export_snapshot() s')).rows[0].s;
  await b.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY'); await b.query(`SET TRANSACTION SNAPSHOT '${snap}'`);
  const t0 = performance.now(); const u0 = process.cpuUsage();
  await Promise.all([pipeline(a.query(copyOut(rowsQ)), sink()), pipeline(b.query(copyOut(resQ)), sink())]);
  const u = process.cpuUsage(u0);
  console.log('parallel wall', ((performance.now() - t0) / 1000).toFixed(2), 'node cpu', ((u.user + u.system) / 1e6).toFixed(2));
  await a.query('COMMIT'); await b.query('COMMIT');
}
await a.end(); await b.end();
