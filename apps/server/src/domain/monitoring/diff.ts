import type { Readable } from 'node:stream';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/database.js';
import { findMonitoredProducts } from '../../db/monitoring.js';
import {
  DIFF_COLUMNS,
  diffCsvStream,
  diffPages,
  diffPair,
  finishedRuns,
  pairSummary,
  storedRunDiff,
  type DiffPair,
  type DiffSide,
  type StoredDiff,
} from '../../db/run-diff.js';
import { badRequest, notFound } from '../app-error.js';
import { ownProduct } from '../portfolio/access.js';
import { xlsxFromPages, type XlsxCell } from '../portfolio/io/index.js';

/** A diff between two runs of a portfolio product, or a run and the book now (issue 41). */

export interface DiffRequest {
  portfolioId: number;
  product: string;
  from: number;
  to: number | 'now';
}

async function sidesOf(db: Db, actor: Actor, request: DiffRequest): Promise<{ from: DiffSide; to: DiffSide }> {
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
  const sides = await sidesOf(db, actor, request);
  if ('run' in sides.from && 'run' in sides.to) {
    const stored = await storedRunDiff(db, sides.from.run, sides.to.run);
    if (stored) return { stored };
  }
  return diffPair(db, sides.from, sides.to);
}

export async function diffSummary(db: Db, actor: Actor, request: DiffRequest) {
  const source = await sourceOf(db, actor, request);
  const { rows, changed, transitions } = 'stored' in source ? source.stored : await pairSummary(db, source);
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
  if (format === 'csv')
    return {
      stream: diffCsvStream(db, request.portfolioId, source),
      fileName: `${base}.csv`,
      mediaType: 'text/csv; charset=utf-8',
    };
  async function* pages() {
    yield [DIFF_COLUMNS];
    for await (const page of diffPages(db, request.portfolioId, source))
      yield page.map((r): XlsxCell[] => [
        r.row_number,
        r.ref,
        r.address,
        r.old_score,
        r.old_level,
        r.new_score,
        r.new_level,
        r.delta === null ? null : Number(r.delta),
      ]);
  }
  return {
    stream: xlsxFromPages(pages(), 'Diff'),
    fileName: `${base}.xlsx`,
    mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
}
