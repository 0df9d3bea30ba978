import type { Readable } from 'node:stream';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/database.js';
import { findMonitoredProducts } from '../../db/monitoring.js';
import {
  diffPair,
  finishedRuns,
  pairSummary,
  storedRunDiff,
  type ChangedRowsSource,
  type DiffPair,
  type DiffSide,
  type StoredDiff,
} from '../../db/run-diff.js';
import { keptNowSummary, keptPairSummary, type KeptSummary } from '../../db/run-pair-diffs.js';
import { badRequest, notFound } from '../app-error.js';
import { ownProduct } from '../portfolio/access.js';
import { renderOffLoop } from '../off-loop/pool.js';

/** A diff between two runs of a portfolio product, or a run and the book now (issue 41). */

export interface DiffRequest {
  portfolioId: number;
  product: string;
  from: number;
  to: number | 'now';
}

type Sides = { from: DiffSide; to: DiffSide };

async function sidesOf(db: Db, actor: Actor, request: DiffRequest): Promise<Sides> {
  await ownProduct(db, actor, request.portfolioId, request.product);
  const finished = await finishedRuns(db, request.portfolioId, request.product);
  const check = (id: number) => {
    if (!finished.includes(id)) throw notFound(`Run ${id} is not a finished run of this portfolio product.`);
  };
  check(request.from);
  if (request.to === 'now') {
    const monitored = (await findMonitoredProducts(db, request.portfolioId)).find((m) => m.product === request.product);
    const current = finished[0];
    if (current === undefined) throw notFound('This portfolio product has no finished run.');
    const to: DiffSide = monitored
      ? {
          now: {
            portfolioId: request.portfolioId,
            product: request.product,
            baseRunId: monitored.base_run_id,
            changesAfter: monitored.changes_after,
          },
        }
      : { run: current };
    return { from: { run: request.from }, to };
  }
  check(request.to);
  if (request.to === request.from) throw badRequest('Choose two different runs.');
  return { from: { run: request.from }, to: { run: request.to } };
}

/**
 * Where a diff's rows come from: the diff kept when the later of two consecutive runs finished (a
 * few rows to read), else composed from the kept diffs and the book's score changes between the
 * two sides (db/run-diff.ts).
 */
async function sourceOf(db: Db, actor: Actor, request: DiffRequest): Promise<{ stored: StoredDiff } | DiffPair> {
  return sourceOfSides(db, await sidesOf(db, actor, request));
}

async function sourceOfSides(db: Db, sides: Sides): Promise<{ stored: StoredDiff } | DiffPair> {
  if ('run' in sides.from && 'run' in sides.to) {
    const stored = await storedRunDiff(db, sides.from.run, sides.to.run);
    if (stored) return { stored };
  }
  return diffPair(db, sides.from, sides.to);
}

/**
 * The summary kept for two runs at the later one's finish, or made from it and the score changes
 * since the book's base run (db/run-pair-diffs.ts); null when the sides have none.
 */
async function keptSummaryOf(db: Db, sides: Sides): Promise<KeptSummary | null> {
  if (!('run' in sides.from)) return null;
  if ('run' in sides.to) return keptPairSummary(db, sides.from.run, sides.to.run);
  const { changesAfter, ...now } = sides.to.now;
  return changesAfter === null ? null : keptNowSummary(db, sides.from.run, { ...now, changesAfter });
}

async function summaryOfSides(db: Db, sides: Sides): Promise<KeptSummary> {
  const kept = await keptSummaryOf(db, sides);
  if (kept) return kept;
  const source = await sourceOfSides(db, sides);
  return 'stored' in source ? source.stored : pairSummary(db, source);
}

export async function diffSummary(db: Db, actor: Actor, request: DiffRequest) {
  const { rows, changed, transitions } = await summaryOfSides(db, await sidesOf(db, actor, request));
  const deltaSum = transitions.reduce((n, t) => n + (t.deltaSum ?? 0), 0);
  return {
    from: request.from,
    to: request.to,
    rows,
    changed,
    transitions: transitions
      .map(({ from, to, count }) => ({ from, to, count }))
      .sort((a, b) => b.count - a.count || `${a.from}>${a.to}`.localeCompare(`${b.from}>${b.to}`)),
    meanDelta: changed ? Math.round((deltaSum / changed) * 10) / 10 : null,
  };
}

export async function diffExport(
  db: Db,
  actor: Actor,
  request: DiffRequest,
  format: 'csv' | 'xlsx',
): Promise<{ stream: Readable; fileName: string; mediaType: string }> {
  const source = await sourceOf(db, actor, request);
  const base = `portfolio_${request.portfolioId}_${request.product}_diff_${request.from}_${request.to}`;
  // Plain data for the render thread: a kept diff by its run, or the two sides and their steps.
  const rows: ChangedRowsSource =
    'stored' in source ? { stored: { runId: source.stored.runId, reversed: source.stored.reversed } } : source;
  // Rendered on a render thread (domain/off-loop): the API's thread only moves the bytes.
  const stream = renderOffLoop({ kind: 'diff-export', format, portfolioId: request.portfolioId, source: rows }, db);
  return format === 'csv'
    ? { stream, fileName: `${base}.csv`, mediaType: 'text/csv; charset=utf-8' }
    : {
        stream,
        fileName: `${base}.xlsx`,
        mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      };
}
