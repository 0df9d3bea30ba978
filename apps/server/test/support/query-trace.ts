import { performance } from 'node:perf_hooks';
import type pg from 'pg';

/**
 * Each query the pool's clients send while it runs, with its start and end from `start` (the pool's
 * clients wrapped on acquire, unwrapped on stop), and how many of them ran one after another: a
 * request's serial round trips, the figure the first lookup's wall time follows after an idle wait
 * (each round trip then costs 0.5–0.7 ms on the shared machine, a warm one 0.06). The change feed's
 * fence runs on a connection of its own (not the pool's): pass its round-trip counter to count it.
 * Used by the benches (LOOKUP_FIRST_TRACE=1, FIRST_TRACE=1) and by token-first-request.test.ts.
 */
export interface QuerySpan {
  /** Milliseconds from the trace's start. */
  start: number;
  end: number;
  /** The statement's name, else its text (whitespace folded). */
  text: string;
}

export function traceQueries(pool: pg.Pool, fences?: () => number): { spans(): QuerySpan[]; stop(): string[] } {
  const t0 = performance.now();
  const fencesBefore = fences?.();
  const spans: (QuerySpan & { line: string })[] = [];
  const wrapped = new Map<object, unknown>();
  const onAcquire = (client: pg.PoolClient) => {
    if (wrapped.has(client)) return;
    const query = client.query;
    wrapped.set(client, query);
    (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
      const config = args[0] as string | { text?: string; name?: string };
      const text = (typeof config === 'string' ? config : (config.name ?? config.text ?? '')).replace(/\s+/g, ' ');
      const start = performance.now() - t0;
      const pid = (client as unknown as { processID: number }).processID;
      const done = () => {
        const end = performance.now() - t0;
        spans.push({
          start,
          end,
          text,
          line: `${start.toFixed(2)} → ${end.toFixed(2)} ms  pid ${pid}  ${text.slice(0, 70)}`,
        });
      };
      const last = args[args.length - 1];
      if (typeof last === 'function')
        args[args.length - 1] = (...cbArgs: unknown[]) => {
          done();
          return (last as (...a: unknown[]) => unknown)(...cbArgs);
        };
      const result = (query as (...a: unknown[]) => unknown).apply(client, args);
      if (result && typeof (result as Promise<unknown>).then === 'function')
        (result as Promise<unknown>).then(done, done);
      return result;
    };
  };
  pool.on('acquire', onAcquire);
  return {
    spans: () => [...spans].sort((a, b) => a.start - b.start),
    stop() {
      pool.off('acquire', onAcquire);
      for (const [client, query] of wrapped) (client as { query: unknown }).query = query;
      const ordered = [...spans].sort((a, b) => a.start - b.start);
      const fenceCount = fences ? fences() - fencesBefore! : undefined;
      return [
        ...ordered.map((s) => s.line),
        `${ordered.length} queries, at most ${serialSteps(ordered)} one after another${fenceCount === undefined ? '' : `, and ${fenceCount} change-feed fence(s) on its own connection`}`,
      ];
    },
  };
}

/** The longest chain of queries each sent after the one before had answered: the serial round trips. */
function serialSteps(spans: readonly { start: number; end: number }[]): number {
  const chain: number[] = [];
  spans.forEach((span, i) => {
    let before = 0;
    for (let j = 0; j < i; j += 1) if (spans[j]!.end <= span.start) before = Math.max(before, chain[j]!);
    chain.push(before + 1);
  });
  return Math.max(0, ...chain);
}
