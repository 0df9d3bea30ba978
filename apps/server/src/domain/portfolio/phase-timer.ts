/**
 * PORTFOLIO_TIMINGS=1: one log line per piece of pipeline work (an ingest, a chunk of a run) with
 * the time of each of its phases, to see where the time goes. Costs nothing when off.
 */
export function phaseTimer(work: string) {
  const enabled = process.env.PORTFOLIO_TIMINGS === '1';
  let last = performance.now();
  const laps: string[] = [];
  return {
    lap(label: string) {
      if (!enabled) return;
      const now = performance.now();
      laps.push(`${label} ${Math.round(now - last)} ms`);
      last = now;
    },
    done() {
      if (enabled) console.log(`[portfolio] ${work}: ${laps.join(', ')}`);
    },
  };
}
