import { readFileSync } from 'node:fs';

/**
 * How often event loops slept and woke, and their read and write system calls (Linux /proc; NaN
 * elsewhere), counted on main threads only (`/proc/<pid>/task/<pid>`): the event loop's. Counts,
 * unlike CPU and wall time, do not grow with a busy machine's queue for a core (involuntary
 * switches do: they are the machine taking the core, printed apart). A process that handles fewer
 * lookups per wake-up pays each wake-up's fixed cost (epoll, timers, microtask drains) more often.
 */
export interface LoopCounters {
  /** Voluntary context switches: the thread slept (epoll_wait, a lock) and was woken. */
  wakeUps: number;
  /** Involuntary: preempted while runnable (the machine's load). */
  preempted: number;
  reads: number;
  writes: number;
}

function countersOf(pid: number): LoopCounters | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/task/${pid}/status`, 'utf8');
    const io = readFileSync(`/proc/${pid}/task/${pid}/io`, 'utf8');
    const field = (text: string, name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(text)?.[1]);
    return {
      wakeUps: field(status, 'voluntary_ctxt_switches'),
      preempted: field(status, 'nonvoluntary_ctxt_switches'),
      reads: field(io, 'syscr'),
      writes: field(io, 'syscw'),
    };
  } catch {
    return undefined;
  }
}

const sum = (all: (LoopCounters | undefined)[]): LoopCounters =>
  all.reduce<LoopCounters>(
    (total, c) => ({
      wakeUps: total.wakeUps + (c?.wakeUps ?? NaN),
      preempted: total.preempted + (c?.preempted ?? NaN),
      reads: total.reads + (c?.reads ?? NaN),
      writes: total.writes + (c?.writes ?? NaN),
    }),
    { wakeUps: 0, preempted: 0, reads: 0, writes: 0 },
  );

/** Starts counting on the main threads of `pids()`; the returned function gives the counts since. */
export function countLoops(pids: () => number[]): () => LoopCounters {
  const ids = pids();
  const before = sum(ids.map(countersOf));
  return () => {
    const after = sum(ids.map(countersOf));
    return {
      wakeUps: after.wakeUps - before.wakeUps,
      preempted: after.preempted - before.preempted,
      reads: after.reads - before.reads,
      writes: after.writes - before.writes,
    };
  };
}

/** "0.52 wake-ups, 1.10 reads, 1.30 writes per lookup (0.20 preemptions)". */
export function describeLoops(c: LoopCounters, lookups: number): string {
  const per = (x: number) => (x / Math.max(1, lookups)).toFixed(2);
  return `${per(c.wakeUps)} wake-ups, ${per(c.reads)} read and ${per(c.writes)} write system calls per lookup (preempted ${per(c.preempted)})`;
}
