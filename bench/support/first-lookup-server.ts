/**
 * The first lookup after start in a server process of its own (issue 46: ≤ 2× a warm one), the
 * product's figure: `npm start`'s command (node --max-semi-space-size=64 scripts/start.mjs, role
 * server, no portfolio worker) on the bench's database, so the server's heap holds none of the
 * bench's seeded world or set-up, and its threads do none of the bench's client work. In the lookup
 * bench's own process, a V8Worker thread spent 15–26 ms during the first lookup; in a server of its
 * own, 0.8–2 ms (2026-11-29). Each start, once the server is warmed and idle:
 *   1. the first lookup (a token and a property the process has not seen), after an idle wait;
 *   2. `idleWarm` lookups of unseen properties with the same token, each after the same wait (like
 *      with like: on this machine any round trip after idle seconds is slower than back to back);
 *   3. a new token's first lookup (another organisation's user) after the same wait;
 *   4. `backToBack` lookups one after another.
 * Each is timed by this process's client over loopback (its own first request made before), with
 * the server's time from its request log line (whole ms) and the server's CPU per thread
 * (schedstat, ns) from before the request to its answer. `perf` records the first lookup with
 * `perf record -g` (node with --perf-basic-prof) and prints the hottest symbols by thread.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../apps/server/src/db/database.js';
import { LOG_FLUSH_MS } from '../../apps/server/src/ops/logger.js';
import { lookupUrl, median } from '../../apps/server/test/support/first-requests.js';
import { waitForBackgroundWork } from './background-work.js';
import { loadavg, mark, sleep } from './figures.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface FirstLookupStart {
  /** Bearer tokens this server process has not seen: the member's, and another organisation's user's. */
  token: string;
  otherToken: string;
  /** Addresses of properties no lookup has seen: 2 + idleWarm + backToBack of them. */
  places: string[];
}

interface Measured {
  clientMs: number;
  /** The server's request log line (whole ms). */
  serverMs: number;
  /** CPU ms by thread kind: 'main', else the thread's name (V8Worker, libuv-worker, …). */
  cpu: Record<string, number>;
}

export interface FirstLookupFigures {
  first: Measured;
  idleWarm: Measured[];
  newToken: Measured;
  backToBack: Measured[];
}

/**
 * Starts the server once per start, measures, prints each start's figures and the ratios; answers
 * whether the median ratio (first lookup against a warm one after the same idle wait) is ≤ `target`.
 */
export async function firstLookupsInServerProcesses(options: {
  db: Db;
  /** Process trees whose idleness the waits also require (PostgreSQL). */
  trees: Record<string, () => number[]>;
  /** The server's environment: PORT, HOST, PUBLIC_URL (the tokens' audience), DATABASE_URL, DATA_DIR. */
  env: Record<string, string>;
  starts: FirstLookupStart[];
  idleWarm: number;
  backToBack: number;
  target: number;
  perfDir?: string;
}): Promise<{ ok: boolean; ratios: number[] }> {
  const results: FirstLookupFigures[] = [];
  for (const [n, start] of options.starts.entries()) {
    const server = await startServer(options.env, options.perfDir !== undefined);
    try {
      const idle = () => waitForBackgroundWork(options.db, { ...options.trees, server: () => [server.pid] });
      const lookup = (place: string, token: string) => measuredLookup(server, place, token);
      // The client's own first request (undici's code, its connection) is not the server's cost.
      await fetch(`${server.base}/version`, { headers: { authorization: `Bearer ${start.token}` } }).then((r) =>
        r.text(),
      );
      await idle();
      const perf = options.perfDir ? startPerf(server.pid, path.join(options.perfDir, `perf-${n}.data`)) : undefined;
      if (perf) await sleep(500); // attached before the lookup
      const printedBefore = server.otherLines();
      const first = await lookup(start.places[0]!, start.token);
      await perf?.stop();
      if (process.env.SERVER_NODE_FLAGS) {
        await sleep(200);
        const printed = server.outputSince(printedBefore);
        console.log(`    the server printed during the first lookup (${printed.length} lines):`);
        for (const line of printed.slice(0, 60)) console.log(`      ${line.slice(0, 200)}`);
      }
      const idleWarm: Measured[] = [];
      for (let i = 0; i < options.idleWarm; i += 1) {
        await idle();
        const warmPrintedBefore = server.otherLines();
        idleWarm.push(await lookup(start.places[1 + i]!, start.token));
        if (process.env.SERVER_NODE_FLAGS) {
          await sleep(200);
          const printed = server.outputSince(warmPrintedBefore);
          console.log(`    the server printed during warm lookup ${i + 1} after idle (${printed.length} lines):`);
          for (const line of printed.slice(0, 20)) console.log(`      ${line.slice(0, 200)}`);
        }
      }
      await idle();
      const newToken = await lookup(start.places[1 + options.idleWarm]!, start.otherToken);
      const backToBack: Measured[] = [];
      for (const place of start.places.slice(2 + options.idleWarm, 2 + options.idleWarm + options.backToBack))
        backToBack.push(await lookup(place, start.token));
      results.push({ first, idleWarm, newToken, backToBack });
      printStart(n, results.at(-1)!);
      perf?.print();
    } finally {
      await server.stop();
    }
  }
  const ratios = results.map((r) => r.first.clientMs / median(r.idleWarm.map((w) => w.clientMs)));
  const ok = median(ratios) <= options.target;
  const cpuRatios = results.map((r) => (r.first.cpu.main ?? 0) / median(r.idleWarm.map((w) => w.cpu.main ?? 0)));
  console.log(
    `  first lookup in a server process of its own / a warm one after the same idle wait: ${ratios.map((r) => `${r.toFixed(1)}×`).join(', ')} ${mark(ok)} (≤ ${options.target}×, median of ${ratios.length} starts); its main thread's CPU ${cpuRatios.map((r) => `${r.toFixed(1)}×`).join(', ')}; load average ${loadavg()}`,
  );
  return { ok, ratios };
}

function printStart(n: number, r: FirstLookupFigures) {
  const warmMs = median(r.idleWarm.map((w) => w.clientMs));
  const b2b = median(r.backToBack.map((w) => w.clientMs));
  const main = (m: Measured) => m.cpu.main ?? 0;
  console.log(`  start ${n + 1} (load average ${loadavg()}):`);
  console.log(
    `    first lookup ${r.first.clientMs.toFixed(1)} ms (server's log ${r.first.serverMs} ms): ${(r.first.clientMs / warmMs).toFixed(1)}× a warm one after the same idle wait (${r.idleWarm.map((w) => `${w.clientMs.toFixed(1)} (${w.serverMs})`).join(', ')} ms), ${(r.first.clientMs / b2b).toFixed(1)}× back to back (median ${b2b.toFixed(1)} ms)`,
  );
  console.log(
    `    server CPU by thread, ms: first ${describeCpu(r.first.cpu)}; warm after idle ${describeCpu(r.idleWarm[0]!.cpu)}; main thread ${main(r.first).toFixed(1)} against ${median(r.idleWarm.map(main)).toFixed(1)}`,
  );
  console.log(
    `    a new token's first lookup after the same wait: ${r.newToken.clientMs.toFixed(1)} ms (server's log ${r.newToken.serverMs} ms), CPU ${describeCpu(r.newToken.cpu)}`,
  );
}

async function measuredLookup(server: ServerProcess, place: string, token: string): Promise<Measured> {
  const before = threadCpu(server.pid);
  const t0 = performance.now();
  const res = await fetch(server.base + lookupUrl(place), { headers: { authorization: `Bearer ${token}` } });
  await res.text();
  const clientMs = performance.now() - t0;
  const cpu = cpuByKind(server.pid, before, threadCpu(server.pid));
  if (res.status !== 200) throw new Error(`lookup answered ${res.status}`);
  return { clientMs, serverMs: await server.loggedMs(lookupUrl(place)), cpu };
}

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

/** CPU ms by thread kind between two readings: the main thread (tid = pid) apart, the others by name. */
function cpuByKind(pid: number, before: ReturnType<typeof threadCpu>, after: ReturnType<typeof threadCpu>) {
  const kinds: Record<string, number> = {};
  for (const [tid, { name, ns }] of after) {
    const kind = tid === pid ? 'main' : name;
    kinds[kind] = (kinds[kind] ?? 0) + (ns - (before.get(tid)?.ns ?? 0)) / 1e6;
  }
  return kinds;
}

const describeCpu = (cpu: Record<string, number>) =>
  Object.entries(cpu)
    .filter(([, ms]) => ms >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, ms]) => `${kind} ${ms.toFixed(1)}`)
    .join(', ');

interface ServerProcess {
  pid: number;
  /** How many lines the server printed that are not log lines, and those since a count. */
  otherLines(): number;
  outputSince(from: number): string[];
  base: string;
  /** The server's time for a request, from its request log line. */
  loggedMs(url: string): Promise<number>;
  stop(): Promise<void>;
}

/** `npm start`'s server, once it listens (after its warm-up); its request lines kept for their time. */
async function startServer(env: Record<string, string>, perf: boolean): Promise<ServerProcess> {
  // SERVER_NODE_FLAGS: V8 diagnostics for the server (e.g. --trace-deopt); what it prints during the
  // first lookup is shown (`outputSince`).
  const flags = [
    '--max-semi-space-size=64',
    ...(perf ? ['--perf-basic-prof'] : []),
    ...(process.env.SERVER_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
  ];
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
  /** The server's lines that are not log lines (V8's traces). */
  const other: string[] = [];
  let output = '';
  let partial = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (data: Buffer) => {
      const text = data.toString();
      if (output.length < 20_000) output += text;
      const complete = (partial + text).split('\n');
      partial = complete.pop()!;
      for (const line of complete) {
        if (line.includes('is running at')) resolve();
        if (!line.startsWith('{')) {
          if (line.trim()) other.push(line);
          continue;
        }
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
  return {
    pid: child.pid!,
    otherLines: () => other.length,
    outputSince: (from: number) => other.slice(from),
    base: `http://${env.HOST ?? '127.0.0.1'}:${env.PORT}`,
    async loggedMs(url) {
      // A quiet server writes its lines within LOG_FLUSH_MS (ops/logger.ts buffers them).
      for (let i = 0; i < 100 + LOG_FLUSH_MS / 10; i += 1) {
        const line = lines.find((l) => l.msg === 'request' && (l.req as { url?: string } | undefined)?.url === url);
        if (line) return Number(line.ms);
        await sleep(10);
      }
      return NaN;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** `perf record -g` of a process until `stop`; `print` lists the hottest symbols by thread. */
function startPerf(pid: number, file: string) {
  const recorder = spawn('perf', ['record', '-g', '-F', '20000', '-p', String(pid), '-o', file], { stdio: 'ignore' });
  return {
    async stop() {
      const exited = new Promise((resolve) => recorder.once('exit', resolve));
      recorder.kill('SIGINT');
      await exited;
    },
    print() {
      const args = ['report', '-i', file, '--stdio', '--no-children', '--sort', 'comm,dso,sym'];
      const report = spawnSync('perf', [...args, '--percent-limit', '1', '-g', 'none'], { encoding: 'utf8' });
      for (const line of report.stdout
        .split('\n')
        .filter((l) => l.trim() && !l.startsWith('#'))
        .slice(0, 40))
        console.log(`      ${line.trim()}`);
    },
  };
}
