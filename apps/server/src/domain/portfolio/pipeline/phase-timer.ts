/**
 * PORTFOLIO_TIMINGS=1: one log line per piece of pipeline work (an ingest, a chunk of a run) with
 * the time of each of its phases, to see where the time goes, and the totals per phase of a whole
 * run in this process when it finishes (phaseTotals); PORTFOLIO_TIMINGS=totals prints only the
 * totals. Costs nothing when off.
 */
const enabled = () => process.env.PORTFOLIO_TIMINGS === '1' || process.env.PORTFOLIO_TIMINGS === 'totals';
const totals = new Map<string, Map<string, { ms: number; cpuMs: number; n: number }>>();

export type PhaseTimer = ReturnType<typeof phaseTimer>;

export function phaseTimer(work: string, group?: string) {
  const on = enabled();
  let last = performance.now();
  let lastCpu = on ? process.cpuUsage() : null;
  const laps: string[] = [];
  return {
    /** Ends a phase; its total (wall and this process's CPU) is kept under the label's first word. */
    lap(label: string) {
      if (!on) return;
      const now = performance.now();
      const cpu = process.cpuUsage(lastCpu!);
      laps.push(`${label} ${Math.round(now - last)} ms`);
      if (group) {
        const phases = totals.get(group) ?? new Map();
        totals.set(group, phases);
        const key = label.split(' ')[0]!;
        const sum = phases.get(key) ?? { ms: 0, cpuMs: 0, n: 0 };
        phases.set(key, { ms: sum.ms + (now - last), cpuMs: sum.cpuMs + (cpu.user + cpu.system) / 1000, n: sum.n + 1 });
      }
      last = now;
      lastCpu = process.cpuUsage();
    },
    done() {
      if (on && process.env.PORTFOLIO_TIMINGS === '1') console.log(`[portfolio] ${work}: ${laps.join(', ')}`);
    },
  };
}

/**
 * Prints and forgets the phase totals of a group (e.g. a run): wall time summed over its pieces, and
 * this process's CPU during them (pieces that ran side by side, like a run's chunks, overlap: each counts the other's CPU too).
 */
export function phaseTotals(group: string) {
  const phases = totals.get(group);
  totals.delete(group);
  if (!phases || !enabled()) return;
  const parts = [...phases].map(
    ([key, t]) => `${key} ${(t.ms / 1000).toFixed(1)} s (${t.n}×, process CPU ${(t.cpuMs / 1000).toFixed(1)} s)`,
  );
  console.log(`[portfolio] ${group} totals in this process: ${parts.join(', ')}`);
}
