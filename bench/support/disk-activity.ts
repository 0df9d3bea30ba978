/**
 * What the disk under a folder was asked to do while a phase ran (issue 46, lookups beside heavy
 * work): bytes written, write requests and cache flushes from /proc/diskstats, and the dirty and
 * in-writeback page cache from /proc/meminfo, sampled every `everyMs` and summed per second. These
 * are counts, not times: they do not move with the machine's load. Beside the fsync probe's samples
 * (fsync-probe.ts) they tell whether a slow flush came with a burst of writes (the kernel's
 * writeback of pages dirtied 30 s before, a table synced at its commit) or with none.
 */
import { readFileSync, statSync } from 'node:fs';

interface DiskCounters {
  sectorsWritten: number;
  writes: number;
  flushes: number;
  inFlight: number;
}

export interface DiskSecond {
  writtenMb: number;
  writes: number;
  flushes: number;
  /** The most dirty + under-writeback page cache seen in that second (the whole machine's). */
  dirtyMb: number;
  /**
   * The most requests the device had in flight at a sample: an I/O scheduler orders only what waits
   * for a free tag (virtio's queue here has 128), so a class of I/O can matter only near that.
   */
  inFlight: number;
}

export interface DiskActivity {
  device: string;
  seconds: DiskSecond[];
  /** When the first second started (Date.now()). */
  startedAt: number;
}

/** The /proc/diskstats name of the device holding `dir` (its partition's parent is not looked for: a whole-disk filesystem here). */
function deviceOf(dir: string): string | null {
  const dev = statSync(dir).dev;
  const major = Math.floor(dev / 256) & 0xfff;
  const minor = (dev & 0xff) | (Math.floor(dev / 4096) & 0xfff00);
  const line = readFileSync('/proc/diskstats', 'utf8')
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .find((f) => Number(f[0]) === major && Number(f[1]) === minor);
  return line?.[2] ?? null;
}

function countersOf(device: string): DiskCounters | null {
  const f = readFileSync('/proc/diskstats', 'utf8')
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .find((fields) => fields[2] === device);
  if (!f) return null;
  // Fields after the name: reads, merged, sectors, ms; writes (index 7), merged, sectors (9), ms; …; flushes (18).
  return { writes: Number(f[7]), sectorsWritten: Number(f[9]), inFlight: Number(f[11]), flushes: Number(f[18] ?? 0) };
}

function dirtyMb(): number {
  const info = readFileSync('/proc/meminfo', 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(info)?.[1] ?? 0);
  return (kb('Dirty') + kb('Writeback')) / 1024;
}

/** Starts sampling the disk under `dir` (null where /proc has no such device: not Linux). */
export function startDiskActivity(dir: string, everyMs = 50): { stop(): DiskActivity } | null {
  let device: string | null;
  try {
    device = deviceOf(dir);
  } catch {
    device = null;
  }
  if (!device || !countersOf(device)) return null;
  const name = device;
  const startedAt = Date.now();
  const seconds: DiskSecond[] = [];
  let last = countersOf(name)!;
  const sample = () => {
    const now = countersOf(name);
    if (!now) return;
    const second = Math.floor((Date.now() - startedAt) / 1000);
    while (seconds.length <= second) seconds.push({ writtenMb: 0, writes: 0, flushes: 0, dirtyMb: 0, inFlight: 0 });
    const s = seconds[second]!;
    s.writtenMb += ((now.sectorsWritten - last.sectorsWritten) * 512) / 1e6;
    s.writes += now.writes - last.writes;
    s.flushes += now.flushes - last.flushes;
    s.dirtyMb = Math.max(s.dirtyMb, dirtyMb());
    s.inFlight = Math.max(s.inFlight, now.inFlight);
    last = now;
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return { device: name, seconds, startedAt };
    },
  };
}

/** The phase's totals and its seconds side by side with the probe's slowest flush in each second. */
export function describeDiskActivity(activity: DiskActivity, probe: { at: number; ms: number }[] = []): string[] {
  const { seconds, device } = activity;
  const sum = (pick: (s: DiskSecond) => number) => seconds.reduce((total, s) => total + pick(s), 0);
  const written = sum((s) => s.writtenMb);
  const probeMax = seconds.map(() => 0);
  for (const p of probe) {
    const i = Math.floor((p.at - activity.startedAt) / 1000);
    if (i >= 0 && i < probeMax.length) probeMax[i] = Math.max(probeMax[i]!, p.ms);
  }
  const row = (values: number[]) => values.map((v) => v.toFixed(0)).join(' ');
  const lines = [
    `the disk (${device}) meanwhile: ${written.toFixed(0)} MB written (${(written / Math.max(1, seconds.length)).toFixed(1)} MB/s) in ${sum((s) => s.writes).toLocaleString('en-US')} writes, ${sum((s) => s.flushes).toLocaleString('en-US')} cache flushes; most in one second ${Math.max(0, ...seconds.map((s) => s.writtenMb)).toFixed(0)} MB; dirty + writeback page cache at most ${Math.max(0, ...seconds.map((s) => s.dirtyMb)).toFixed(0)} MB`,
    `  per second, MB written:       ${row(seconds.map((s) => s.writtenMb))}`,
    `  per second, dirty + writeback: ${row(seconds.map((s) => s.dirtyMb))}`,
    `  per second, most in flight:   ${row(seconds.map((s) => s.inFlight))}`,
  ];
  if (probe.length) lines.push(`  per second, probe's max (ms):  ${row(probeMax)}`);
  return lines;
}
