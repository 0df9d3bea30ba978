/**
 * Where a lookup's server time goes while the bench runs (issue 46): the wait for the change
 * feed's fence, the wait for its usage group commit, and the rest (HTTP, routing, the lookup's
 * own work), with how many lookups shared a fence and a batch and how many batches were in flight
 * together. Measured by wrapping the feed's `fence` and UsageWriter's `write` in this process (the
 * single-process run): the server's code runs as production runs it.
 */
import { performance } from 'node:perf_hooks';
import type { ChangeFeed } from '../../apps/server/src/db/change-feed.js';
import { UsageWriter } from '../../apps/server/src/db/usage.js';

export interface ConvoyFigures {
  lookups: number;
  fenceWaitMs: number;
  commitWaitMs: number;
  fences: number;
  batches: number;
  /** Lookups written in those batches. */
  written: number;
  /** Sum over batches of the batches in flight when each was sent (itself included). */
  inFlightAtSend: number;
}

/** Starts measuring; `stop` restores the wrapped methods and answers the totals. */
export function watchConvoy(feed: ChangeFeed): { stop: () => ConvoyFigures } {
  const figures: ConvoyFigures = {
    lookups: 0,
    fenceWaitMs: 0,
    commitWaitMs: 0,
    fences: 0,
    batches: 0,
    written: 0,
    inFlightAtSend: 0,
  };
  const fencesBefore = feed.roundTrips;
  const mutableFeed = feed as { fence: () => Promise<boolean> };
  const fence = mutableFeed.fence;
  mutableFeed.fence = async () => {
    const t0 = performance.now();
    try {
      return await fence.call(feed);
    } finally {
      figures.fenceWaitMs += performance.now() - t0;
    }
  };
  const writers = new Map<UsageWriter, UsageWriter['stats']>();
  const write = UsageWriter.prototype.write;
  UsageWriter.prototype.write = async function (this: UsageWriter, w) {
    if (!writers.has(this)) writers.set(this, { ...this.stats });
    const t0 = performance.now();
    figures.lookups += 1;
    try {
      return await write.call(this, w);
    } finally {
      figures.commitWaitMs += performance.now() - t0;
    }
  };
  return {
    stop() {
      mutableFeed.fence = fence;
      UsageWriter.prototype.write = write;
      figures.fences = feed.roundTrips - fencesBefore;
      for (const [writer, before] of writers) {
        figures.batches += writer.stats.batches - before.batches;
        figures.written += writer.stats.written - before.written;
        figures.inFlightAtSend += writer.stats.inFlightAtSend - before.inFlightAtSend;
      }
      return figures;
    },
  };
}

/** The figures as the bench prints them, per lookup. */
export function describeConvoy(f: ConvoyFigures, serverMs: number[]): string {
  const n = Math.max(1, f.lookups);
  const server = serverMs.reduce((sum, ms) => sum + ms, 0) / Math.max(1, serverMs.length);
  const fenceWait = f.fenceWaitMs / n;
  const commitWait = f.commitWaitMs / n;
  return [
    `server time per lookup ${server.toFixed(2)} ms: fence wait ${fenceWait.toFixed(2)} ms + commit wait ${commitWait.toFixed(2)} ms + the rest (HTTP, lookup) ${(server - fenceWait - commitWait).toFixed(2)} ms`,
    `${(n / Math.max(1, f.fences)).toFixed(1)} lookups per fence, ${(f.written / Math.max(1, f.batches)).toFixed(1)} per group commit, ${(f.inFlightAtSend / Math.max(1, f.batches)).toFixed(2)} commits in flight when one is sent`,
  ].join('\n    ');
}
