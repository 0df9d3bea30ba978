/**
 * CPU time by who spent it (Linux /proc; NaN elsewhere), the figure to trust on a shared machine:
 * unlike wall time it does not grow while a busy machine keeps a thread waiting for a core.
 *  - this process's main thread (the API's event loop in the single-process run);
 *  - its threads that existed before a run (libuv pool, V8's helpers: GC, compiler);
 *  - threads started during the run (the load generator's worker thread);
 *  - other process trees by their root pid (PostgreSQL's postmaster and backends, API processes).
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ = 100 on Linux

/**
 * A /proc stat file's CPU (utime + stime, ms), the CPU of its waited-for children (cutime +
 * cstime, ms) and nice value; undefined when the task is gone.
 */
export function taskStat(file: string): { ms: number; childrenMs: number; nice: number } | undefined {
  try {
    const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
    return {
      ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
      childrenMs: (Number(fields[13]) + Number(fields[14])) * TICK_MS,
      nice: Number(fields[16]),
    };
  } catch {
    return undefined;
  }
}

function ppidOf(pid: number): number | undefined {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** The pids of the trees rooted at `roots` (the roots included). */
export function processTree(roots: number[]): number[] {
  const all = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
  const tree = new Set(roots);
  let grew = true;
  while (grew) {
    grew = false;
    for (const pid of all) {
      if (tree.has(pid)) continue;
      const ppid = ppidOf(pid);
      if (ppid !== undefined && tree.has(ppid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return [...tree];
}

/**
 * CPU ms of the processes in the trees: each process's own (all its threads, ended ones too) and
 * that of its children that ended and were waited for (cutime + cstime). A PostgreSQL backend or
 * a pool connection that closes during a run moves its CPU into the postmaster's children's time;
 * summing live tasks only used to drop it, and a run where backends closed (an idle pool's
 * timeout) measured less than it spent, even less than nothing.
 */
function treeMs(roots: number[]): number {
  let total = 0;
  for (const pid of processTree(roots)) {
    const stat = taskStat(`/proc/${pid}/stat`); // undefined: gone meanwhile
    if (stat) total += stat.ms + stat.childrenMs;
  }
  return total;
}

function threadsMs(): Map<number, number> {
  const threads = new Map<number, number>();
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      const ms = taskStat(`/proc/self/task/${tid}/stat`)?.ms;
      if (ms !== undefined) threads.set(Number(tid), ms);
    }
  } catch {
    // no /proc
  }
  return threads;
}

export interface CpuSplit {
  /** This process's main thread. */
  main: number;
  /** This process's threads that existed when the measurement started. */
  helpers: number;
  /** Threads started during the measurement (the load generator). */
  started: number;
  /** Each named process tree. */
  trees: Record<string, number>;
}

/**
 * Starts measuring; the returned function ends it and answers CPU ms by who spent it.
 * `trees` names root pids whose whole process trees are counted (their threads included).
 */
export function measureCpu(trees: Record<string, () => number[]>): () => CpuSplit {
  // The other trees are read first at the start and last at the end: scanning /proc for them is
  // this thread's work, not the measured server's.
  const treesBefore = Object.fromEntries(Object.entries(trees).map(([name, roots]) => [name, treeMs(roots())]));
  const before = threadsMs();
  const processBefore = process.cpuUsage();
  return () => {
    const after = threadsMs();
    let main = NaN;
    let helpers = 0;
    for (const [tid, ms] of after) {
      const was = before.get(tid);
      if (tid === process.pid) main = ms - (was ?? 0);
      else if (was !== undefined) helpers += ms - was;
    }
    // Threads that ended during the run (the load generator's, once done) are gone from /proc but
    // counted in the process's usage: what is not the main thread or an old one was started since.
    const usage = process.cpuUsage(processBefore);
    const started = Math.max(0, (usage.user + usage.system) / 1000 - main - helpers);
    const treesAfter = Object.fromEntries(Object.entries(trees).map(([name, roots]) => [name, treeMs(roots())]));
    return {
      main,
      helpers,
      started,
      trees: Object.fromEntries(Object.keys(trees).map((name) => [name, treesAfter[name]! - treesBefore[name]!])),
    };
  };
}

/** The PostgreSQL server's pid (first line of postmaster.pid in its data directory). */
export function postmasterPid(dataDir: string): number {
  return Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
}
