/**
 * Where a page's CPU goes in Chromium, in figures a shared machine does not inflate:
 *  - threadCpu: each thread's CPU time (the trace's `tdur`, thread time, of its top-level tasks)
 *    during a piece of work, by process and thread (the page's main thread, maplibre's workers,
 *    the compositor, the GPU process's rasterisation…); a thread waiting for a core adds nothing.
 *  - mainThreadProfile: the page's main thread sampled by V8's profiler, self time by script and
 *    by function, to say which code the main thread's time is (wall-clock samples: under load they
 *    include waits for a core; PROFILE_OUT=file.cpuprofile keeps it for DevTools).
 */
import { writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';

interface TraceEvent {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface ThreadCpu {
  thread: string;
  cpuMs: number;
}

const TOP_LEVEL_TASKS = new Set(['ThreadControllerImpl::RunTask', 'RunTask', 'ThreadPool_RunTask']);

/** CPU time per thread while `work` runs (thread time of top-level tasks; nested ones not counted twice). */
export async function threadCpu(browser: Browser, page: Page, work: () => Promise<void>): Promise<ThreadCpu[]> {
  await browser.startTracing(page, {
    categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  await work();
  const buffer = await browser.stopTracing();
  const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
  const processes = new Map<number, string>();
  const threads = new Map<string, string>();
  for (const e of traceEvents) {
    if (e.ph !== 'M') continue;
    if (e.name === 'process_name') processes.set(e.pid, e.args?.name ?? String(e.pid));
    if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? String(e.tid));
  }
  const tasks = traceEvents
    .filter((e) => e.ph === 'X' && TOP_LEVEL_TASKS.has(e.name) && e.tdur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const byThread = new Map<string, number>();
  const openUntil = new Map<string, number>();
  for (const e of tasks) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ts < (openUntil.get(key) ?? 0)) continue; // nested in a task already counted
    openUntil.set(key, e.ts + (e.dur ?? 0));
    const name = `${processes.get(e.pid) ?? e.pid} / ${(threads.get(key) ?? String(e.tid)).replace(/\d+$/, '')}`;
    byThread.set(name, (byThread.get(name) ?? 0) + e.tdur! / 1000);
  }
  return [...byThread]
    .map(([thread, cpuMs]) => ({ thread, cpuMs }))
    .filter((t) => t.cpuMs >= 1)
    .sort((a, b) => b.cpuMs - a.cpuMs);
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileShare {
  label: string;
  ms: number;
}

/** Main-thread self time while `work` runs: by script file, and the busiest functions. */
export async function mainThreadProfile(page: Page, work: () => Promise<void>) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await work();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  await cdp.detach();
  if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const scripts = new Map<string, number>();
  const functions = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') return;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const file = url ? new URL(url).pathname.replace(/-[\w-]{8}\.js$/, '.js') : functionName || '(native)';
    scripts.set(file, (scripts.get(file) ?? 0) + ms);
    const fn = `${functionName || '(anonymous)'}  ${file}:${lineNumber + 1}`;
    functions.set(fn, (functions.get(fn) ?? 0) + ms);
  });
  const sorted = (m: Map<string, number>) => [...m].map(([label, ms]) => ({ label, ms })).sort((a, b) => b.ms - a.ms);
  return { scripts: sorted(scripts), functions: sorted(functions) };
}
