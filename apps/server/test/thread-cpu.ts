import { readFileSync } from 'node:fs';

/** CPU time this thread has used (Linux: /proc/thread-self/stat, utime + stime in clock ticks of 10 ms). */
export function threadCpuMs(): number {
  const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The least CPU this thread spent on one of `times` runs of `work`. The least, not the sum: a
 * garbage collection owed by an earlier test (a 40,000-row workbook it loaded) once charged 770 ms
 * to a pair of off-loop exports that cost 30-40 ms, on a loaded CI machine.
 */
export async function leastThreadCpuMs(work: () => Promise<unknown>, times = 3): Promise<number> {
  const spent: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = threadCpuMs();
    await work();
    spent.push(threadCpuMs() - start);
  }
  return Math.min(...spent);
}
