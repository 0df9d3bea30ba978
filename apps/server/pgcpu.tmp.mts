import pg from 'pg';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { copyOut } from './src/db/copy-out.ts';
import { exportRowsCopy } from './src/db/portfolio-export.ts';
const c = new pg.Client('postgres://postgres:zview-local@127.0.0.1:41201/postgres'); await c.connect();
const pid = (await c.query('select pg_backend_pid() p')).rows[0].p;
const cpu = () => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (+f[11]! + +f[12]!) / 100; };
const variants: Record<string, string> = {
  current: exportRowsCopy(12, 12, true),
  plainNames: exportRowsCopy(12, 12, true).replace(/coalesce\(r\.top_factor_names,[\s\S]*?END\),/, 'r.top_factor_names,'),
  rowsOnly: `COPY (SELECT w.csv_line FROM portfolio_rows w WHERE w.portfolio_id = 12 ORDER BY w.row_number) TO STDOUT (FORMAT binary)`,
  resultsOnly: `COPY (SELECT r.score, r.risk_level, r.confidence, r.top_factor_names, r.model_version, r.problem FROM portfolio_results r WHERE r.run_id = 12 ORDER BY r.row_number) TO STDOUT (FORMAT binary)`,
  seqRows: `COPY (SELECT w.csv_line FROM portfolio_rows w WHERE w.portfolio_id = 12) TO STDOUT (FORMAT binary)`,
};
for (const name of (process.argv[2] ?? Object.keys(variants).join(',')).split(',')) {
  await c.query('BEGIN READ ONLY'); await c.query('SET LOCAL enable_nestloop = off'); await c.query('SET LOCAL jit = off');
  const c0 = cpu(); const t0 = performance.now(); let bytes = 0;
  await pipeline(c.query(copyOut(variants[name]!)), new Writable({ write(ch, _e, cb) { bytes += ch.length; cb(); } }));
  await c.query('COMMIT');
  console.log(name.padEnd(12), 'wall', ((performance.now() - t0) / 1000).toFixed(2), 'pg cpu', (cpu() - c0).toFixed(2), 'MB', (bytes / 1e6).toFixed(0));
}
await c.end();
