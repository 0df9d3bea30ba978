/** What a benchmark reads about processes from /proc: memory, CPU seconds, a PostgreSQL cluster's processes. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Resident memory (and its peak, VmHWM) of a process, from /proc; 0 when it is gone. */
export function procMemory(pid: number): { rss: number; hwm: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

/** CPU seconds a process has used (user + system; with `reaped`, also its children that have exited). */
export function cpuSeconds(pid: number, reaped = false): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // After the name: state is field 3, so utime (14), stime (15), cutime (16), cstime (17) are at 11–14.
    const ticks = [11, 12, ...(reaped ? [13, 14] : [])].reduce((sum, i) => sum + Number(fields[i]), 0);
    return ticks / 100;
  } catch {
    return 0;
  }
}

/** The postmaster and its children (the PostgreSQL processes of the cluster in pgDataDir). */
export function postgresPids(pgDataDir: string): number[] {
  const postmaster = Number(readFileSync(path.join(pgDataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return Number(readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    });
  return [postmaster, ...children.map(Number)];
}

/** CPU seconds of a PostgreSQL cluster: the postmaster (with its reaped children) and its live children. */
export function postgresCpu(pgDataDir: string): number {
  return totalCpu(readPostgres(pgDataDir));
}

/** A reading's CPU seconds in all: every live process's and the reaped children's. */
export function totalCpu(reading: PostgresReading): number {
  let seconds = reading.reaped;
  for (const { cpu } of reading.children.values()) seconds += cpu;
  return seconds;
}

/** One reading of a PostgreSQL cluster's processes: each live child's role and CPU seconds, and the reaped children's. */
export interface PostgresReading {
  children: Map<number, { role: string; cpu: number }>;
  reaped: number;
}

/**
 * Reads the CPU of a PostgreSQL cluster's processes with their roles: 'backends' (client
 * connections), each auxiliary process by its title ('checkpointer', 'autovacuum worker', …).
 * Two readings apart say where PostgreSQL's time went (cpuByRoleSince): a query's backends, or
 * the writes and vacuums after a run.
 */
export function readPostgres(pgDataDir: string): PostgresReading {
  const [postmaster, ...pids] = postgresPids(pgDataDir);
  const children = new Map<number, { role: string; cpu: number }>();
  children.set(postmaster!, { role: 'postmaster', cpu: cpuSeconds(postmaster!) });
  for (const pid of pids) {
    let title: string;
    try {
      title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
    } catch {
      continue; // gone meanwhile
    }
    // A backend's title is "postgres: user database host(port) state"; an auxiliary's, "postgres: role".
    const role = /^postgres: \S+ \S+ [^ ]*\(\d+\)/.test(title)
      ? 'backends'
      : title.replace(/^postgres: /, '').replace(/ (\d+|postgres)$/, '') || 'unnamed';
    children.set(pid, { role, cpu: cpuSeconds(pid) });
  }
  return { children, reaped: cpuSeconds(postmaster!, true) - cpuSeconds(postmaster!) };
}

/** What each role used between two readings, largest first (those of 0.05 s and more): "backends 1.9, checkpointer 0.4". */
export function cpuByRoleSince(before: PostgresReading, after: PostgresReading): string {
  // A child reaped meanwhile adds its whole life to `reaped`: what it had used before is not new.
  let exited = after.reaped - before.reaped;
  for (const [pid, { cpu }] of before.children) if (!after.children.has(pid)) exited -= cpu;
  const roles = new Map<string, number>([['exited', exited]]);
  for (const [pid, { role, cpu }] of after.children)
    roles.set(role, (roles.get(role) ?? 0) + cpu - (before.children.get(pid)?.cpu ?? 0));
  return [...roles]
    .filter(([, seconds]) => seconds >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([role, seconds]) => `${role} ${seconds.toFixed(1)}`)
    .join(', ');
}
