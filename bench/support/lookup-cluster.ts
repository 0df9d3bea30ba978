/**
 * The lookup bench's cluster phase (bench/lookup.ts, LOOKUP_PROCESSES > 1): the same sustained load
 * on API processes sharing a port, started as `API_PROCESSES=2 npm start` starts them
 * (processes/api-cluster.ts: same entry, V8 flags, environment and logging, their stdout to
 * nowhere), with the same CPU split, and where the second core went against the one-process run.
 * LOOKUP_CLUSTER_PROFILE=dir: each API process's CPU profile of the sustained run, in dir
 * (summarise with tsx bench/support/profile-summary.ts dir/api-<pid>.cpuprofile).
 */
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/database.js';
import { startApiCluster } from '../../apps/server/src/processes/api-cluster.js';
import { freePort } from '../../apps/server/test/free-port.js';
import { waitForBackgroundWork, watchDatabaseActivity } from './background-work.js';
import { profileClusterProcesses } from './cluster-profile.js';
import { measureCpu, type CpuSplit } from './cpu-split.js';
import { loadavg, sleep } from './figures.js';
import { countLoops, describeLoops, type LoopCounters } from './wake-ups.js';

export interface ClusterPhase {
  processes: number;
  connections: number;
  databaseUrl: string;
  db: Db;
  postgres: () => number[];
  /** PUBLIC_URL and DATA_DIR of the app that issued the token. */
  env: NodeJS.ProcessEnv;
  authorization: string;
  lookups: autocannon.Request[];
  sustainedRun: (url: string) => Promise<autocannon.Result>;
  /** Prints the run's figure line; its lookups/s (0 for a run with failures). */
  report: (label: string, run: autocannon.Result) => number;
  /** The one-process run, to compare with. */
  one: {
    split: CpuSplit;
    run: autocannon.Result;
    transactions: number;
    waits: { commit: number; fence: number };
    loops: LoopCounters;
  };
}

/** Runs the cluster phase and prints its figures; returns its lookups/s (0 if any failed). */
export async function benchLookupCluster(phase: ClusterPhase): Promise<number> {
  const { processes, db, postgres, authorization, lookups } = phase;
  const port = await freePort();
  const profileDir = process.env.LOOKUP_CLUSTER_PROFILE ? path.resolve(process.env.LOOKUP_CLUSTER_PROFILE) : undefined;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const cluster = startApiCluster({
    count: processes,
    databaseUrl: phase.databaseUrl,
    env: {
      ...phase.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      PORTFOLIO_WORKER: 'off',
      ...(profileDir ? { API_CPU_PROFILE_DIR: profileDir } : {}),
    },
    // Their request lines are written as in production (ops/logger.ts), to nowhere.
    stdout: 'ignore',
    log: () => {},
  });
  try {
    await cluster.ready;
    const base = `http://127.0.0.1:${port}`;
    // Warm each process's caches and code paths as the single process was. Each connection
    // goes through the addresses from the first (autocannon starts every connection at the
    // first request), and stays on one process: so each connection goes through all of them,
    // or the run's first minutes pay the cold reads (1.0–1.5 transactions per lookup in an
    // 8 s run with the former warm-up of 1,200 lookups, which reached the first 120).
    await autocannon({
      url: base,
      connections: phase.connections,
      amount: lookups.length * phase.connections,
      headers: { authorization },
      requests: lookups,
    });
    // What the phases before left running (autovacuum after the exports' million-row run, a
    // checkpoint, render threads, jobs in the new processes) would take the cores this run
    // measures: wait until it is over, and say what ran during the run all the same.
    const background = await waitForBackgroundWork(db, { postgres, 'API processes': () => cluster.pids() });
    console.log(
      `  background work before the ${processes}-process run: ${background.seen.length ? background.seen.join(', ') : 'none'}; waited ${(background.waitedMs / 1000).toFixed(0)} s${background.quiet ? ' until idle' : ', still busy: the run below shares the machine with it'}`,
    );
    const during = watchDatabaseActivity(db);
    const xactsBefore = await committedTransactions(db);
    const profiles = profileDir ? await profileClusterProcesses() : undefined;
    const cpu = measureCpu({ postgres, api: () => cluster.pids() });
    const loops = countLoops(() => cluster.pids());
    // Each process on its own: whether the cluster dealt the connections out evenly.
    const eachCpu = measureCpu(Object.fromEntries(cluster.pids().map((pid) => [String(pid), () => [pid]])));
    const run = await phase.sustainedRun(base);
    const each = Object.values(eachCpu().trees);
    const split = cpu();
    const loopCounts = loops();
    const files = await profiles?.stop();
    const several = phase.report(`${processes} API processes`, run);
    console.log(`    during the run: ${await during.stop()}`);
    if (files) console.log(`    CPU profiles of the run: ${files.join(', ')}`);
    await sleep(1500); // PostgreSQL publishes its counters within a second
    const xacts = (await committedTransactions(db)) - xactsBefore;
    const n = Math.max(1, run.requests.total);
    const oneN = Math.max(1, phase.one.run.requests.total);
    console.log(
      `    database per lookup: ${(xacts / n).toFixed(2)} PostgreSQL transactions (one process: ${(phase.one.transactions / oneN).toFixed(2)})`,
    );
    const eachTotal = each.reduce((a, b) => a + b, 0);
    console.log(
      `    each API process's share of their CPU: ${each.map((ms) => `${((ms / eachTotal) * 100).toFixed(0)}%`).join(' / ')} (${phase.connections} connections dealt out by the cluster)`,
    );
    // Each process wakes for fewer lookups at a time: the fixed cost of a wake-up is paid more often.
    console.log(
      `    the API processes' event loops: ${describeLoops(loopCounts, n)}; one process: ${describeLoops(phase.one.loops, oneN)}`,
    );
    console.log(
      `    ${whereTheCoresWent(phase.one.split, phase.one.run, split, run, phase.one.waits, phase.connections)}`,
    );
    console.log(
      `    CPU per lookup: ${describeSplit(split, n, { main: 'bench main thread', helpers: 'bench helper threads', started: 'client thread' })}`,
    );
    return several;
  } finally {
    await cluster.stop();
  }
}

/** Transactions committed in the database so far (PostgreSQL's statistics, published within a second). */
export async function committedTransactions(db: Db): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`SELECT xact_commit::int8 AS n FROM pg_stat_database WHERE datname = current_database()`.execute(db);
  return rows[0]?.n ?? NaN;
}

/**
 * Where the second core goes: cores each party kept busy in the one-process and the cluster runs
 * (CPU over wall time), and what a lookup cost each in both. When one process already keeps the
 * machine's cores busy, a second process cannot add any; when it does not, the cluster's extra
 * CPU per lookup (smaller group commits and fences per process) says where it went.
 */
function whereTheCoresWent(
  one: CpuSplit,
  oneRun: autocannon.Result,
  several: CpuSplit,
  severalRun: autocannon.Result,
  waits: { commit: number; fence: number },
  connections: number,
): string {
  const cores = os.cpus().length;
  const busy = (ms: number, run: autocannon.Result) => ms / (run.duration * 1000);
  const per = (ms: number, run: autocannon.Result) => ms / Math.max(1, run.requests.total);
  const oneApi = one.main + one.helpers;
  const severalApi = several.trees.api ?? 0;
  const onePg = one.trees.postgres ?? 0;
  const severalPg = several.trees.postgres ?? 0;
  const oneTotal = busy(oneApi + onePg + one.started, oneRun);
  const lines = [
    `cores busy (of ${cores}): one process ${oneTotal.toFixed(2)} (API ${busy(oneApi, oneRun).toFixed(2)}, PostgreSQL ${busy(onePg, oneRun).toFixed(2)}, client ${busy(one.started, oneRun).toFixed(2)}); ` +
      `cluster ${busy(severalApi + severalPg + several.started, severalRun).toFixed(2)} (API ${busy(severalApi, severalRun).toFixed(2)}, PostgreSQL ${busy(severalPg, severalRun).toFixed(2)}, client ${busy(several.started, severalRun).toFixed(2)})`,
    `CPU per lookup, one process → cluster: API ${per(oneApi, oneRun).toFixed(3)} → ${per(severalApi, severalRun).toFixed(3)} ms, PostgreSQL ${per(onePg, oneRun).toFixed(3)} → ${per(severalPg, severalRun).toFixed(3)} ms, client ${per(one.started, oneRun).toFixed(3)} → ${per(several.started, severalRun).toFixed(3)} ms`,
    oneTotal >= cores * 0.85
      ? `one process already kept ${oneTotal.toFixed(2)} of ${cores} cores busy: a second process has no core to add, only its own fences and smaller group commits to pay`
      : `one process left ${(cores - oneTotal).toFixed(2)} of ${cores} cores to others: its lookups spent ${(waits.commit * 100).toFixed(0)}% of their server time waiting for group commits (WAL flush) and ${(waits.fence * 100).toFixed(0)}% for fences. ` +
        `With the same ${connections} connections a second process adds no lookups in flight, only smaller group commits and fences per process (the CPU per lookup above): it serves more only where the cores one process leaves are idle` +
        (os.loadavg()[0]! > cores
          ? `; here the load average (${loadavg()}) is above the ${cores} cores, so two runnable event loops also get a larger share of cores other work takes, which a machine of its own would not give`
          : ` (load average ${loadavg()})`),
  ];
  return lines.join('\n    ');
}

/** "0.21 ms API main thread + … = 0.45 ms (a core serves 2,200/s)". */
export function describeSplit(
  split: CpuSplit,
  n: number,
  names: { main: string; helpers: string; started: string },
): string {
  const parts: [string, number][] = [
    [names.main, split.main],
    [names.helpers, split.helpers],
    [names.started, split.started],
    ...Object.entries(split.trees).map(([name, ms]): [string, number] => [
      name === 'api' ? 'API processes' : name === 'postgres' ? 'PostgreSQL' : name,
      ms,
    ]),
  ];
  return `${parts.map(([name, ms]) => `${(ms / n).toFixed(3)} ms ${name}`).join(' + ')} = ${(cpuMs(split) / n).toFixed(3)} ms (two cores at most ${Math.round(mostPerSecond(split, n)).toLocaleString('en-US')}/s)`;
}

/** Requests a second two cores would serve, fully used, at the CPU per request of `split` over `n`. */
export function mostPerSecond(split: CpuSplit, n: number): number {
  return (2 * n * 1000) / cpuMs(split);
}

/** Every party's CPU in `split`, in ms. */
function cpuMs(split: CpuSplit): number {
  return split.main + split.helpers + split.started + Object.values(split.trees).reduce((a, b) => a + b, 0);
}
