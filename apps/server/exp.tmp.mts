import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { createDb } from './src/db/database.ts';
import { exportCsv, exportXlsx, exportLayout } from './src/domain/portfolio/export.ts';
const { db } = createDb('postgres://postgres:zview-local@127.0.0.1:41201/postgres', 4);
const p = await db.selectFrom('portfolios').select(['id', 'header']).where('id', '=', 12).executeTakeFirstOrThrow();
const header = (p as any).header as string[];
const layout = exportLayout(header, null) as any;
const pgCpu = () => { let t = 0; for (const d of readdirSync('/proc')) { if (!/^\d+$/.test(d)) continue; try { const c = readFileSync(`/proc/${d}/cmdline`, 'utf8'); if (!c.startsWith('postgres')) continue; const f = readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' '); t += (+f[11]! + +f[12]!) / 100; } catch {} } return t; };
for (const fmt of (process.argv[2] ?? 'csv,csv,csv').split(',')) {
  const t0 = performance.now(); const u0 = process.cpuUsage(); const p0 = pgCpu(); let bytes = 0;
  const stream = fmt === 'csv' ? exportCsv(db, 12, 12, header, layout) : exportXlsx(db, 12, 12, header, layout);
  await pipeline(stream, new Writable({ write(ch, _e, cb) { bytes += ch.length; cb(); } }));
  const u = process.cpuUsage(u0);
  console.log(fmt, 'wall', ((performance.now() - t0) / 1000).toFixed(2), 's node cpu', ((u.user + u.system) / 1e6).toFixed(2), 'pg cpu', (pgCpu() - p0).toFixed(2), 'MB', (bytes / 1e6).toFixed(0));
}
await db.destroy();
