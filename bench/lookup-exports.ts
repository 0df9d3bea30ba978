/**
 * Issue 46: lookups while heavy work runs beside them in the same API process: EXPORTS (default 4)
 * clients each download the XLSX export of a portfolio of EXPORT_ROWS rows (default 200,000) over
 * and over, and a portfolio of RUN_ROWS rows (default 1,000,000; 0 for none) is processed by the
 * portfolio worker process, while lookups come at a fixed 200/s for EXPORT_SECONDS (default 30).
 * Prints the server-side lookup p95 and max against the quiet p95 of the same run. Exports are
 * rendered on render threads (domain/off-loop); EXPORT_COMPARE=1 runs the same again with them
 * rendered on the API's event loop (OFF_LOOP_THREADS=0), as before. The bench's own writes are
 * checkpointed before the work starts (BESIDE_CHECKPOINT=0: not). LOOKUP_WAITS=1 also prints an
 * 8 kB fdatasync probe idle and beside the work, the temporary files and the data-file bytes
 * written meanwhile.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../apps/server/src/db/database.js';
import { superviseWorkerProcess } from '../apps/server/src/jobs/worker-supervisor.js';
import type { ChangeFeed } from '../apps/server/src/db/change-feed.js';
import { cpuByNice, describeByNice } from './support/cpu-by-nice.js';
import { describeConvoy, watchConvoy } from './support/lookup-convoy.js';
import { sampleWaits } from './support/pg-waits.js';
import { startFsyncProbe } from './support/fsync-probe.js';
import { describeDiskActivity, startDiskActivity } from './support/disk-activity.js';
import { loadavg, mark, percentile, sleep } from './support/figures.js';
import { portfolioMemberHeaders, uploadPortfolioCsv } from './support/portfolio-client.js';
import { writeSamplePortfolioCsv } from './sample-portfolio-csv.js';

const EXPORTS = Number(process.env.EXPORTS ?? 4);
const EXPORT_ROWS = Number(process.env.EXPORT_ROWS ?? 200_000);
const RUN_ROWS = Number(process.env.RUN_ROWS ?? 1_000_000);
const EXPORT_SECONDS = Number(process.env.EXPORT_SECONDS ?? 30);
const TARGET = { times: 3, maxMs: 250 };

export interface BesideExportsInput {
  app: FastifyInstance;
  db: Db;
  databaseUrl: string;
  /** The API's change feed: a lookup's server time is split into fence wait, commit wait and the rest. */
  feed: ChangeFeed;
  /** The app's DATA_DIR: the worker process reads the uploads from there. */
  dataDir: string;
  port: number;
  /** The lookups' bearer header and requests (as the fixed-rate phase sends them). */
  authorization: string;
  lookups: { method: 'GET'; path: string }[];
  rate: number;
  quietP95: number;
  /** PostgreSQL's postmaster (its backends are its children). */
  postgres: () => number[];
  /** Server-side lookup times (ms) of what `during` sends. */
  collectServerMs: (during: () => Promise<unknown>) => Promise<number[]>;
  target: (label: string, ok: boolean) => void;
}

export async function lookupsBesideExports(input: BesideExportsInput): Promise<void> {
  const { app, db, port } = input;
  const work = mkdtempSync(path.join(os.tmpdir(), 'zview-bench-exports-'));
  const worker = superviseWorkerProcess({
    databaseUrl: input.databaseUrl,
    env: { DATA_DIR: input.dataDir, LOG_LEVEL: 'warn' },
    log: () => {},
  });
  try {
    // The disk's own flush time, idle and then beside the work (LOOKUP_WAITS=1): the disk's queue or PostgreSQL's waits.
    let idleFsync = '';
    if (process.env.LOOKUP_WAITS === '1') {
      const idle = startFsyncProbe(input.dataDir);
      await sleep(3000);
      idleFsync = await idle.stop();
    }
    const headers = await portfolioMemberHeaders(app, db, 'Bench Exports');
    const exported = await portfolioOf(input, headers, work, 2, 'exported');
    await growTo(db, exported, EXPORT_ROWS);
    // A checkpoint once the bench's own writes are made (the world, the exported portfolio, the
    // phases before), unless BESIDE_CHECKPOINT=0: otherwise the kernel writes them out during the
    // phase, and the phase's WAL creates and zero-fills new segments under the WAL write lock
    // every commit takes (IO:WalInitWrite, WalInitSync), as only a server that never had a
    // checkpoint does: one that has reuses the segments it wrote before
    // (docs/performance/lookups-s27-beside.md).
    await applySettings(db, process.env.BESIDE_PG_SETTINGS);
    const checkpointed = process.env.BESIDE_CHECKPOINT !== '0';
    if (checkpointed) await sql`CHECKPOINT`.execute(db);
    let runPortfolio = 0;
    if (RUN_ROWS > 0) {
      runPortfolio = await portfolioOf(input, headers, work, RUN_ROWS, 'run', false);
      console.log(`    a ${RUN_ROWS.toLocaleString('en-US')}-row portfolio is being processed by the worker process`);
    }
    const measure = async (label: string) => {
      // The downloads read on a thread of their own, as a client elsewhere would (download-worker.ts).
      const downloads = new Worker(new URL('./support/download-worker.ts', import.meta.url), {
        workerData: {
          port,
          urlPath: `/api/caribou/portfolio/${exported}/product/zfire/export?format=xlsx`,
          headers,
          loops: EXPORTS,
        },
      });
      const finished = new Promise<{ files: number; bytes: number }>((resolve, reject) => {
        downloads.once('message', resolve);
        downloads.once('error', reject);
      });
      await sleep(1000); // the exports under way
      // Who took the cores meanwhile, and at which priority (niced: background work).
      const cpu = cpuByNice({
        'this process (API thread, render threads, load generator)': { pids: () => [process.pid] },
        'worker process': { pids: () => [worker.pid()] },
        PostgreSQL: { pids: input.postgres, tree: true },
      });
      // LOOKUP_WAITS=1: what PostgreSQL's backends wait for meanwhile (sampled every LOOKUP_WAITS_MS, 5).
      const waits =
        process.env.LOOKUP_WAITS === '1'
          ? await sampleWaits(input.databaseUrl, { everyMs: Number(process.env.LOOKUP_WAITS_MS ?? 5) })
          : null;
      const fsync = waits ? startFsyncProbe(input.dataDir) : null;
      const disk = waits ? startDiskActivity(input.dataDir) : null;
      const tempBefore = waits ? await tempFiles(db) : null;
      const tempOwners = waits ? watchTempFiles(db) : null;
      const ioBefore = waits ? await ioByBackend(db) : null;
      const convoy = watchConvoy(input.feed);
      const runBefore = runPortfolio ? await runProgress(db, runPortfolio) : '';
      const ms = await input.collectServerMs(() =>
        autocannon({
          url: `http://127.0.0.1:${port}`,
          connections: 10,
          duration: EXPORT_SECONDS,
          overallRate: input.rate,
          headers: { authorization: input.authorization },
          workers: 1,
          requests: input.lookups,
        }),
      );
      const byNice = cpu();
      const convoyFigures = convoy.stop();
      const waitReport = await waits?.stop();
      const fsyncReport = await fsync?.stop();
      const diskActivity = disk?.stop();
      const tempAfter = tempBefore ? await tempFiles(db) : null;
      const tempSeen = await tempOwners?.stop();
      const ioAfter = ioBefore ? await ioByBackend(db) : null;
      const runAfter = runPortfolio ? await runProgress(db, runPortfolio) : '';
      downloads.postMessage('stop');
      const { files, bytes } = await finished;
      await downloads.terminate();
      const p95 = percentile(ms, 95);
      const max = Math.max(...ms);
      const ok = p95 <= TARGET.times * input.quietP95 && max <= TARGET.maxMs;
      console.log(
        `  lookups at ${input.rate}/s beside ${EXPORTS} XLSX exports of ${EXPORT_ROWS.toLocaleString('en-US')} rows${RUN_ROWS ? ` and a ${RUN_ROWS.toLocaleString('en-US')}-row portfolio run` : ''}, ${label}: server p95 ${p95.toFixed(1)} ms (${(p95 / input.quietP95).toFixed(1)}× quiet ${input.quietP95.toFixed(1)} ms) ${mark(p95 <= TARGET.times * input.quietP95)} (≤ ${TARGET.times}×)  max ${max.toFixed(0)} ms ${mark(max <= TARGET.maxMs)} (≤ ${TARGET.maxMs})   ${files} exports (${(bytes / 1e6).toFixed(0)} MB) finished   load average ${loadavg()}`,
      );
      console.log(`    CPU meanwhile by nice value: ${describeByNice(byNice)}`);
      console.log(`    ${describeConvoy(convoyFigures, ms)}`);
      if (runPortfolio) console.log(`    the portfolio run: at the start ${runBefore}; at the end ${runAfter}`);
      console.log(
        `    ${checkpointed ? 'a checkpoint before the work' : 'no checkpoint before the work (BESIDE_CHECKPOINT=0)'}`,
      );
      if (waitReport) console.log(`    ${waitReport}`);
      if (fsyncReport) console.log(`    idle: ${idleFsync}\n    beside the work: ${fsyncReport}`);
      if (diskActivity)
        for (const line of describeDiskActivity(diskActivity, fsync?.timed())) console.log(`    ${line}`);
      if (tempBefore && tempAfter)
        console.log(
          `    temporary files meanwhile: ${tempAfter.files - tempBefore.files} (${((tempAfter.bytes - tempBefore.bytes) / 1e6).toFixed(0)} MB)${tempSeen ? `; seen: ${tempSeen}` : ''}`,
        );
      if (ioBefore && ioAfter)
        console.log(`    data files written meanwhile (pg_stat_io): ${describeIo(ioBefore, ioAfter)}`);
      return ok;
    };
    const ok = await measure('rendered on render threads');
    input.target(`lookup p95 ≤ ${TARGET.times}× quiet and max ≤ ${TARGET.maxMs} ms beside exports`, ok);
    if (process.env.EXPORT_COMPARE === '1') {
      process.env.OFF_LOOP_THREADS = '0';
      await measure('rendered on the event loop (before)').finally(() => delete process.env.OFF_LOOP_THREADS);
    }
  } finally {
    await worker.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * BESIDE_PG_SETTINGS="name=value,…": server settings changed (ALTER SYSTEM, reloaded) before the
 * phase, to measure a setting that a reload applies (wal_writer_delay, checkpoint_timeout, the
 * flush-after settings) against the product's, in the bench's throwaway server. Not those the
 * server was started with (productSettings: the command line wins); the line printed says so.
 */
async function applySettings(db: Db, settings: string | undefined) {
  if (!settings) return;
  for (const pair of settings.split(',').filter(Boolean)) {
    const [name, value] = pair.split('=').map((s) => s.trim());
    if (!name || value === undefined || !/^[a-z_]+$/.test(name)) throw new Error(`BESIDE_PG_SETTINGS: ${pair}?`);
    await sql`ALTER SYSTEM SET ${sql.raw(name)} = ${sql.lit(value)}`.execute(db);
  }
  await sql`SELECT pg_reload_conf()`.execute(db);
  await sleep(200);
  // A setting given on the server's command line (the product's, db/embedded.ts) wins over ALTER SYSTEM.
  const { rows } = await sql<{ name: string; setting: string; source: string }>`
    SELECT name, setting, source FROM pg_settings
    WHERE name = ANY (${settings.split(',').map((pair) => pair.split('=')[0]!.trim())})`.execute(db);
  const shown = rows.map(
    (r) => `${r.name}=${r.setting}${r.source === 'command line' ? ' (NOT changed: set on the command line)' : ''}`,
  );
  console.log(`    server settings for this phase (BESIDE_PG_SETTINGS): ${shown.join(', ')}`);
}

/** The database's temporary files so far (sorts, hashes and parallel index builds that spilled). */
async function tempFiles(db: Db): Promise<{ files: number; bytes: number }> {
  const { rows } = await sql<{ files: number; bytes: number }>`
    SELECT temp_files::float8 AS files, temp_bytes::float8 AS bytes FROM pg_stat_database WHERE datname = current_database()`.execute(
    db,
  );
  return rows[0] ?? { files: 0, bytes: 0 };
}

/**
 * Who holds the temporary files seen while the phase runs (pg_ls_tmpdir every 250 ms, a file's
 * name carries its backend's pid): the backend's type, application and statement at the time,
 * and the file's largest size. A file closed outside a statement is logged with none.
 */
function watchTempFiles(db: Db): { stop(): Promise<string> } {
  const seen = new Map<string, { mb: number; owner: string }>();
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await sql<{ name: string; size: number; owner: string | null }>`
        SELECT t.name, t.size::float8 AS size,
               a.backend_type || ' ' || coalesce(nullif(a.application_name, ''), '-') || ' (' || coalesce(a.state, '?') || '): ' || left(regexp_replace(a.query, '[[:space:]]+', ' ', 'g'), 90) AS owner
        FROM pg_ls_tmpdir() t LEFT JOIN pg_stat_activity a ON a.pid = substring(t.name from 'pgsql_tmp([0-9]+)')::int`
        .execute(db)
        .catch(() => ({ rows: [] }));
      for (const r of rows) {
        const before = seen.get(r.name);
        const mb = r.size / 1e6;
        if (!before || mb > before.mb) seen.set(r.name, { mb, owner: r.owner ?? before?.owner ?? 'gone' });
      }
      await sleep(250);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return [...seen.entries()].map(([name, f]) => `${name} ${f.mb.toFixed(0)} MB by ${f.owner}`).join('; ');
    },
  };
}

type IoCounters = Map<string, { written: number; extended: number; fsyncs: number }>;

/** PostgreSQL's data-file writes so far by backend type (pg_stat_io: bytes written and extended, fsyncs). */
async function ioByBackend(db: Db): Promise<IoCounters> {
  const { rows } = await sql<{ type: string; written: number; extended: number; fsyncs: number }>`
    SELECT backend_type || ' (' || object || ', ' || context || ')' AS type, coalesce(sum(write_bytes), 0)::float8 AS written,
           coalesce(sum(extend_bytes), 0)::float8 AS extended, coalesce(sum(fsyncs), 0)::float8 AS fsyncs
    FROM pg_stat_io WHERE object <> 'wal' GROUP BY 1`.execute(db);
  return new Map(rows.map((r) => [r.type, r]));
}

function describeIo(before: IoCounters, after: IoCounters): string {
  const parts: string[] = [];
  for (const [type, a] of after) {
    const b = before.get(type) ?? { written: 0, extended: 0, fsyncs: 0 };
    const written = (a.written - b.written) / 1e6;
    const extended = (a.extended - b.extended) / 1e6;
    const fsyncs = a.fsyncs - b.fsyncs;
    if (written + extended >= 0.5 || fsyncs > 0)
      parts.push(`${type} ${written.toFixed(0)} MB written, ${extended.toFixed(0)} MB extended, ${fsyncs} fsyncs`);
  }
  return parts.join('; ') || 'none';
}

/** Where the portfolio's run is: its status, chunks committed, and whether its analysis (exposure) is built. */
async function runProgress(db: Db, portfolioId: number): Promise<string> {
  const { rows } = await sql<{ status: string; chunks: number; of: number | null; exposure: boolean }>`
    SELECT p.status, (SELECT count(*)::int FROM portfolio_run_chunks c WHERE c.run_id = p.current_run_id) AS chunks,
           r.chunk_count AS of, EXISTS (SELECT 1 FROM portfolio_exposure_builds b WHERE b.portfolio_id = p.portfolio_id) AS exposure
    FROM portfolio_products p LEFT JOIN portfolio_runs r ON r.id = p.current_run_id WHERE p.portfolio_id = ${portfolioId}`.execute(
    db,
  );
  const r = rows[0];
  return r ? `${r.status}, ${r.chunks} of ${r.of ?? '?'} chunks${r.exposure ? ', exposure built' : ''}` : 'not started';
}

/** A zfire portfolio of `rows` sample rows, uploaded and created; READY when `wait`. */
async function portfolioOf(
  input: BesideExportsInput,
  headers: Record<string, string>,
  work: string,
  rows: number,
  name: string,
  wait = true,
): Promise<number> {
  const file = path.join(work, `${name}.csv`);
  await writeSamplePortfolioCsv(file, rows);
  // The client's file is on another machine in production: on the disk before the phase, not
  // written out by the kernel in the middle of it.
  const written = await open(file, 'r');
  await written.datasync().finally(() => written.close());
  const { uploadedFileName } = await uploadPortfolioCsv(input.port, headers, file, `${name}.csv`);
  const created = await input.app.inject({
    method: 'POST',
    url: '/api/caribou/portfolios',
    headers,
    payload: {
      name: `Bench ${name}`,
      description: 'bench',
      portfolioType: 'homeowners',
      products: 'zfire',
      uploadedFileName,
    },
  });
  if (created.statusCode !== 201) throw new Error(`portfolio ${created.statusCode}: ${created.body}`);
  const id = created.json<{ portfolioId: number }[]>()[0]!.portfolioId;
  for (let waited = 0; wait; waited += 500) {
    const status = await input.db
      .selectFrom('portfolio_products')
      .select('status')
      .where('portfolio_id', '=', id)
      .executeTakeFirst();
    if (status?.status === 'READY') break;
    if (waited > 300_000) throw new Error(`portfolio ${id} not READY after 5 minutes (${status?.status})`);
    await sleep(500);
  }
  return id;
}

/** The portfolio's first row and result copied to rows 3…`rows` (what a big upload would store, in seconds). */
async function growTo(db: Db, id: number, rows: number) {
  const { runId } = await db
    .selectFrom('portfolio_products')
    .select('current_run_id as runId')
    .where('portfolio_id', '=', id)
    .executeTakeFirstOrThrow();
  await sql`INSERT INTO portfolio_rows
            SELECT (jsonb_populate_record(r, jsonb_build_object('row_number', g))).*
            FROM portfolio_rows r, generate_series(3, ${rows}) g
            WHERE r.portfolio_id = ${id} AND r.row_number = 1`.execute(db);
  await sql`INSERT INTO portfolio_results
            SELECT (jsonb_populate_record(r, jsonb_build_object('row_number', g))).*
            FROM portfolio_results r, generate_series(3, ${rows}) g
            WHERE r.run_id = ${runId} AND r.row_number = 1`.execute(db);
  await sql`UPDATE portfolios SET row_count = ${rows} WHERE id = ${id}`.execute(db);
  await sql`ANALYZE portfolio_rows`.execute(db);
}
