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
  const [postmaster, ...children] = postgresPids(pgDataDir);
  return cpuSeconds(postmaster!, true) + children.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
}
