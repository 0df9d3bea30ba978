import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import os from 'node:os';

/**
 * CPU priority of background work (issue 46): render threads, the portfolio worker process and
 * the PostgreSQL backends serving them run niced, so that on a machine with few cores a lookup
 * waiting for a core gets it first. On Linux a nice value belongs to a thread, not a process:
 * setpriority(PRIO_PROCESS, tid) changes that one thread, and threads inherit their creator's
 * value when they start. A lower priority can always be taken; it cannot be given back (without
 * CAP_SYS_NICE), so only what runs background work for its whole life is niced.
 */

/** Niceness of background work unless set (OFF_LOOP_NICENESS; 0 leaves it at normal priority). */
export function backgroundNiceness(env: NodeJS.ProcessEnv = process.env): number {
  const set = Number(env.OFF_LOOP_NICENESS);
  return Number.isInteger(set) && set >= 0 ? Math.min(19, set) : 10;
}

/** Lowers the calling thread's priority to `niceness` (never raises it). Answers whether it did. */
export function niceThisThread(niceness: number): boolean {
  return niceTask(0, niceness);
}

/**
 * Lowers every thread of this process that exists now (V8's platform threads, libuv's pool, the
 * main thread) to `niceness`; threads started later inherit the value of the thread that starts
 * them. Answers how many threads it lowered (0 where /proc or the permission is missing).
 */
export function niceThisProcess(niceness: number): number {
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return niceThisThread(niceness) ? 1 : 0;
  }
  return tids.filter((tid) => niceTask(Number(tid), niceness)).length;
}

/**
 * Lowers a PostgreSQL backend of this machine (its process id, pg's `client.processID`) to
 * `niceness`. Only a `postgres` process whose title names the connection's own client port (a
 * backend's title is `postgres: user db 127.0.0.1(port) …`) is touched, so an id sent by a
 * database on another machine, which may name any process here, is left alone.
 */
export function niceLocalBackend(pid: number | undefined, clientPort: number | undefined, niceness: number): boolean {
  if (niceness <= 0 || !isLocalBackend(pid, clientPort)) return false;
  return niceTask(pid!, niceness);
}

function isLocalBackend(pid: number | undefined, clientPort: number | undefined): boolean {
  if (!pid || !clientPort || process.platform !== 'linux') return false;
  try {
    if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') return false;
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(`(${clientPort})`);
  } catch {
    return false;
  }
}

/**
 * Whether background work's PostgreSQL backends run under SCHED_IDLE (BACKGROUND_CPU_POLICY=idle;
 * default: at their niceness only). A SCHED_IDLE process gets a core only when no other wants it,
 * and any other that wakes takes the core from it at once, where a niced one keeps it until its
 * slice ends.
 */
export function backgroundIdlePolicy(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.BACKGROUND_CPU_POLICY === 'idle';
}

/** Puts a PostgreSQL backend of this machine under SCHED_IDLE with util-linux's `chrt` (false, silently, where it cannot). */
export function idlePolicyLocalBackend(
  pid: number | undefined,
  clientPort: number | undefined,
  idle: boolean,
): Promise<boolean> {
  if (!idle || !isLocalBackend(pid, clientPort)) return Promise.resolve(false);
  return run('chrt', ['--idle', '-p', '0', String(pid)]);
}

/** This thread under SCHED_IDLE when BACKGROUND_CPU_POLICY=idle (a render thread; threads it starts inherit it). */
export function idlePolicyThisThread(idle = backgroundIdlePolicy()): Promise<boolean> {
  if (!idle || process.platform !== 'linux') return Promise.resolve(false);
  let tid: string;
  try {
    tid = readlinkSync('/proc/thread-self').split('/').pop()!;
  } catch {
    return Promise.resolve(false);
  }
  return run('chrt', ['--idle', '-p', '0', tid]);
}

/** Every thread of this process under SCHED_IDLE when BACKGROUND_CPU_POLICY=idle (the portfolio worker process). */
export function idlePolicyThisProcess(idle = backgroundIdlePolicy()): Promise<boolean> {
  if (!idle || process.platform !== 'linux') return Promise.resolve(false);
  return run('chrt', ['--all-tasks', '--idle', '-p', '0', String(process.pid)]);
}

function run(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: 5000 }, (error) => resolve(!error));
  });
}

/**
 * A thread's nice value from /proc: the calling thread's by default, or `/proc/<pid>/task/<tid>`
 * (tests, the bench; NaN where there is none).
 */
export function niceOf(procDir = '/proc/thread-self'): number {
  try {
    const stat = readFileSync(`${procDir}/stat`, 'utf8');
    // The fields after the command's closing parenthesis start at field 3 (state); nice is field 19.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  } catch {
    return NaN;
  }
}

/** The nice value of every thread of a process, with the thread's name (tests, the bench). */
export function threadNiceness(pid: number | 'self' = 'self'): { tid: number; name: string; nice: number }[] {
  try {
    return readdirSync(`/proc/${pid}/task`).map((tid) => ({
      tid: Number(tid),
      name: readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim(),
      nice: niceOf(`/proc/${pid}/task/${tid}`),
    }));
  } catch {
    return [];
  }
}

function niceTask(tid: number, niceness: number): boolean {
  if (!Number.isInteger(niceness) || niceness <= 0) return false;
  try {
    if (os.getPriority(tid) >= niceness) return true;
    os.setPriority(tid, Math.min(19, niceness));
    return true;
  } catch {
    // Not permitted here (or the thread ended): it runs at the priority it has.
    return false;
  }
}
