import pg from 'pg';
import { exportRowsCopy } from './src/db/portfolio-export.ts';
const c = new pg.Client('postgres://postgres:zview-local@127.0.0.1:41201/postgres'); await c.connect();
await c.query('SET enable_nestloop = off');
const sel = exportRowsCopy(12, 12, true).replace(/^COPY \(/, '').replace(/\) TO STDOUT \(FORMAT binary\)$/, '');
const r = await c.query('EXPLAIN (ANALYZE, BUFFERS, TIMING OFF) ' + sel);
console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
await c.end();
