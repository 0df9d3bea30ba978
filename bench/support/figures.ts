/** How the benchmarks print their figures: one definition of each unit, percentile and mark. */
import os from 'node:os';

export const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const mark = (ok: boolean) => (ok ? '✓' : '✗');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The machine's load averages (1, 5, 15 min), as printed beside every figure: the machine is shared. */
export const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The p-th percentile (nearest rank, 0–100) of the samples; NaN when there are none. */
export const percentile = (samples: number[], p: number) =>
  [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))] ?? NaN;
