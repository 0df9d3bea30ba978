/**
 * The first lookup after start in a server process of its own (issue 46: ≤ 2× a warm one), the
 * product's figure: `npm start`'s command (node --max-semi-space-size=64 scripts/start.mjs, role
 * server) on a database this bench seeded, so the server's heap holds none of the bench's world or
 * set-up (bench/first-requests.ts and the lookup bench serve from the process that seeded). Each of
 * STARTS (default 3) server processes, once warmed and idle:
 *   1. the first lookup (a token and a property the process has not seen), after an idle wait;
 *   2. IDLE_WARM (default 3) lookups of unseen properties with the same token, each after the same
 *      idle wait (like with like: on this machine any round trip after idle seconds is slower);
 *   3. a new token's first lookup (another organisation's user) after the same wait;
 *   4. 10 lookups back to back.
 * Each timed by this process's client over loopback (its own first request made before: the
 * figure compared), with the server's own time as its request log line gives it (whole ms) and the
 * server process's CPU per thread (schedstat, ns) from before the request to its answer: the main thread, V8's
 * helper threads (V8Worker), libuv's pool. PERF=1 also records the server process with
 * `perf record -g` around the first lookup (node with --perf-basic-prof) and prints the hottest
 * symbols of its threads.
 * Run: npx tsx bench/first-lookup-server.ts
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../apps/server/src/config.js';
import { createDb } from '../apps/server/src/db/database.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { buildServerApp } from '../apps/server/src/server-app.js';
import { seedWorld } from '../apps/server/src/world/seed.js';
import { createOrganization, createUser, tokenFor } from '../apps/server/test/factories.js';
import { freePort } from '../apps/server/test/free-port.js';
import {
  addressesToLookUp,
  createFirstCustomer,
  lookupUrl,
  median,
} from '../apps/server/test/support/first-requests.js';
import { waitForBackgroundWork } from './support/background-work.js';
import { postmasterPid } from './support/cpu-split.js';
import { loadavg, mark, sleep } from './support/figures.js';

const STARTS = Number(process.env.STARTS ?? 3);
const IDLE_WARM = Number(process.env.IDLE_WARM ?? 3);
const BACK_TO_BACK = 10;
const PERF = Boolean(process.env.PERF);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** CPU ns of each thread of a process, by thread id, with its name (schedstat: finer than stat's 10 ms ticks). */
function threadCpu(pid: number): Map<number, { name: string; ns: number }> {
  const threads = new Map<number, { name: string; ns: number }>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      const ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      threads.set(Number(tid), { name, ns });
    } catch {
      // ended meanwhile
    }
  }
  return threads;
}

/** CPU ms by thread kind between two readings: the main thread (pid = tid) apart, others by name. */
function cpuByKind(pid: number, before: ReturnType<typeof threadCpu>, after: ReturnType<typeof threadCpu>) {
  const kinds: Record<string, number> = {};
  for (const [tid, { name, ns }] of after) {
    const kind = tid === pid ? 'main' : name;
    kinds[kind] = (kinds[kind] ?? 0) + (ns - (before.get(tid)?.ns ?? 0)) / 1e6;
  }
  return kinds;
}

interface Measured {
  serverMs: number;
  clientMs: number;
  cpu: Record<string, number>;
}

const describeCpu = (cpu: Record<string, number>) =>
  Object.entries(cpu)
    .filter(([, ms]) => ms >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, ms]) => `${kind} ${ms.toFixed(1)}`)
    .join(', ');

const work = mkdtempSync(path.join(os.tmpdir(), 'zview-bench-first-server-'));
const pgDir = path.join(work, 'pg');
const embedded = await startEmbeddedPostgres({ dataDir: pgDir, port: 0 });
const { db } = createDb(embedded.url, 5);
const postgres = () => [postmasterPid(pgDir)];
console.log(`started ${new Date().toISOString()}, load average ${loadavg()}`);
const results: { first: Measured; idleWarm: Measured[]; newToken: Measured; backToBack: Measured[] }[] = [];
try {
  await migrateToLatest(db);
  await seedWorld(embedded.url, { properties: 2000 });
  const port = await freePort();
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: embedded.url,
    DATA_DIR: path.join(work, 'data'),
  };
  // Tokens are issued by an app of this process with the server's identity settings (the signing
  // keys are the database's), then this app is closed: the server process sees each first.
  const issuer = await buildServerApp(loadConfig(env), db, { logger: false });
  await issuer.ready();
  const { user } = await createFirstCustomer(db);
  const perStart = 2 + IDLE_WARM + BACK_TO_BACK;
  const places = await addressesToLookUp(db, STARTS * perStart);
  const tokens: { first: string; other: string }[] = [];
  for (let i = 0; i < STARTS; i += 1) {
    const other = await createUser(db, {
      org: await createOrganization(db, { name: `Other Co ${i}`, products: ['zfire', 'zhail', 'zwind', 'zproperty'] }),
    });
    tokens.push({ first: await tokenFor(issuer, user), other: await tokenFor(issuer, other) });
  }
  await issuer.close();

  for (let start = 0; start < STARTS; start += 1) {
    const mine = places.slice(start * perStart, (start + 1) * perStart);
    const server = await startServer(env);
    try {
      const base = `http://127.0.0.1:${port}`;
      const lookup = async (place: string, token: string): Promise<Measured> => {
        const before = threadCpu(server.pid);
        const t0 = performance.now();
        const res = await fetch(base + lookupUrl(place), { headers: { authorization: `Bearer ${token}` } });
        await res.text();
        const clientMs = performance.now() - t0;
        const cpu = cpuByKind(server.pid, before, threadCpu(server.pid));
        if (res.status !== 200) throw new Error(`lookup answered ${res.status}`);
        return { serverMs: await server.responseTime(lookupUrl(place)), clientMs, cpu };
      };
      const idle = () => waitForBackgroundWork(db, { postgres, server: () => [server.pid] });
      // The client's own first request (undici's code, its connection) is not the server's cost.
      await fetch(`${base}/version`, { headers: { authorization: `Bearer ${tokens[start]!.first}` } }).then((r) =>
        r.text(),
      );
      await idle();
      const perf = PERF ? startPerf(server.pid, path.join(work, `perf-${start}.data`)) : undefined;
      if (perf) await sleep(500);
      const first = await lookup(mine[0]!, tokens[start]!.first);
      if (perf) await perf.stop();
      const idleWarm: Measured[] = [];
      for (let i = 0; i < IDLE_WARM; i += 1) {
        await idle();
        idleWarm.push(await lookup(mine[1 + i]!, tokens[start]!.first));
      }
      await idle();
      const newToken = await lookup(mine[1 + IDLE_WARM]!, tokens[start]!.other);
      const backToBack: Measured[] = [];
      for (const place of mine.slice(2 + IDLE_WARM)) backToBack.push(await lookup(place, tokens[start]!.first));
      results.push({ first, idleWarm, newToken, backToBack });
      report(start, results.at(-1)!);
      if (perf) perf.print();
    } finally {
      await server.stop();
    }
  }
  const ratios = results.map((r) => r.first.clientMs / median(r.idleWarm.map((w) => w.clientMs)));
  console.log(
    `first lookup / a warm one after the same idle wait, round trip: ${ratios.map((r) => `${r.toFixed(1)}×`).join(', ')} ${mark(median(ratios) <= 2)} (≤ 2×, median of ${STARTS} starts); load average ${loadavg()}`,
  );
} finally {
  await db.destroy();
  await embedded.stop();
  rmSync(work, { recursive: true, force: true });
}

function report(start: number, r: (typeof results)[number]) {
  const warmMs = median(r.idleWarm.map((w) => w.clientMs));
  const b2b = median(r.backToBack.map((w) => w.clientMs));
  const mainOf = (m: Measured) => m.cpu.main ?? 0;
  console.log(`start ${start + 1} (load average ${loadavg()}):`);
  console.log(
    `  first lookup: ${r.first.clientMs.toFixed(1)} ms (server's log ${r.first.serverMs} ms), ${(r.first.clientMs / warmMs).toFixed(1)}× a warm one after the same idle wait (${r.idleWarm.map((w) => `${w.clientMs.toFixed(1)} (${w.serverMs})`).join(', ')} ms), ${(r.first.clientMs / b2b).toFixed(1)}× back to back (median ${b2b.toFixed(1)} ms)`,
  );
  console.log(
    `    server CPU by thread, ms: first ${describeCpu(r.first.cpu)}; a warm one after idle ${describeCpu(r.idleWarm[0]!.cpu)}; main thread ${mainOf(r.first).toFixed(1)} against ${median(r.idleWarm.map(mainOf)).toFixed(1)}`,
  );
  console.log(
    `  a new token's first lookup after the same wait: ${r.newToken.clientMs.toFixed(1)} ms (server's log ${r.newToken.serverMs} ms), CPU ${describeCpu(r.newToken.cpu)}`,
  );
}

/** `npm start`'s server (role server, no portfolio worker), once it listens; its request lines kept for their time. */
async function startServer(env: Record<string, string>): Promise<{
  pid: number;
  responseTime(url: string): Promise<number>;
  stop(): Promise<void>;
}> {
  const flags = ['--max-semi-space-size=64', ...(PERF ? ['--perf-basic-prof'] : [])];
  const child: ChildProcess = spawn(process.execPath, [...flags, path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      SKIP_WEB_BUILD: '1',
      ZVIEW_ROLE: 'server',
      PORTFOLIO_WORKER: 'off',
      WORLD_PROPERTIES: '0',
      SEED_DEMO: 'false',
      DEV_SAML_IDP: 'false',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  let output = '';
  let buffered = '';
  const running = new Promise<void>((resolve, reject) => {
    const onData = (data: Buffer) => {
      const text = data.toString();
      output += text.slice(0, 10_000);
      buffered += text;
      const complete = buffered.split('\n');
      buffered = complete.pop()!;
      for (const line of complete) {
        if (line.includes('is running at')) resolve();
        if (line.startsWith('{'))
          try {
            lines.push(JSON.parse(line));
          } catch {
            // not a log line
          }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before it listened:\n${output}`)));
  });
  await running;
  return {
    pid: child.pid!,
    async responseTime(url) {
      for (let i = 0; i < 100; i += 1) {
        const line = lines.find((l) => l.msg === 'request' && (l.req as { url?: string } | undefined)?.url === url);
        if (line) return Number(line.ms);
        await sleep(10);
      }
      throw new Error(`no request line for ${url}`);
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** `perf record -g` of the server process around the first lookup; `print` lists each thread kind's hottest symbols. */
function startPerf(pid: number, file: string) {
  const recorder = spawn('perf', ['record', '-g', '-F', '20000', '-p', String(pid), '-o', file], { stdio: 'ignore' });
  return {
    async stop() {
      // perf needs a moment to attach before the lookup, and to write after.
      const exited = new Promise((resolve) => recorder.once('exit', resolve));
      recorder.kill('SIGINT');
      await exited;
    },
    print() {
      const report = spawnSync(
        'perf',
        [
          'report',
          '-i',
          file,
          '--stdio',
          '--no-children',
          '--sort',
          'comm,dso,sym',
          '--percent-limit',
          '1.5',
          '-g',
          'none',
        ],
        { encoding: 'utf8' },
      );
      console.log(
        report.stdout
          .split('\n')
          .filter((l) => l.trim() && !l.startsWith('#'))
          .slice(0, 40)
          .map((l) => `    ${l}`)
          .join('\n'),
      );
    },
  };
}
