import type { Readable } from 'node:stream';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/database.js';
import { findMonitoredProducts } from '../../db/monitoring.js';
import {
  DIFF_COLUMNS,
  diffCounts,
  diffCsvStream,
  diffPages,
  storedRunDiff,
  type StoredDiff,
  type DiffCount,
  type DiffSide,
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
  const runs = await db
    .selectFrom('portfolio_runs')
    .select(['id', 'completed_at'])
    .where('portfolio_id', '=', request.portfolioId)
    .where('product', '=', request.product)
    .execute();
  const finished = new Set(runs.filter((r) => r.completed_at).map((r) => r.id));
  const check = (id: number) => {
    if (!finished.has(id)) throw notFound(`Run ${id} is not a finished run of this portfolio product.`);
  };
  check(request.from);
  if (request.to === 'now') {
    const monitored = (await findMonitoredProducts(db, request.portfolioId)).find((m) => m.product === request.product);
    const current = runs.filter((r) => r.completed_at).sort((a, b) => b.id - a.id)[0];
    if (!current) throw notFound('This portfolio product has no finished run.');
    const to: DiffSide = monitored
      ? { now: { portfolioId: request.portfolioId, product: request.product, baseRunId: monitored.base_run_id } }
      : { run: current.id };
    return { from: { run: request.from }, to };
  }
  check(request.to);
  if (request.to === request.from) throw badRequest('Choose two different runs.');
  return { from: { run: request.from }, to: { run: request.to } };
}

/**
 * Where a diff's rows come from: the diff kept when the later of two consecutive runs finished (a
 * few rows to read), else the two sides joined by row number (other pairs of runs, a run and now).
 */
async function sourceOf(
  db: Db,
  actor: Actor,
  request: DiffRequest,
): Promise<{ stored: StoredDiff } | { from: DiffSide; to: DiffSide }> {
  const sides = await sidesOf(db, actor, request);
  if ('run' in sides.from && 'run' in sides.to) {
    const stored = await storedRunDiff(db, sides.from.run, sides.to.run);
    if (stored) return { stored };
  }
  return sides;
}

type Transition = { from: DiffCount['from']; to: DiffCount['to']; count: number };

export async function diffSummary(db: Db, actor: Actor, request: DiffRequest) {
  const source = await sourceOf(db, actor, request);
  const summary = (rows: number, changedRows: number, transitions: Transition[], deltaSum: number) => ({
    from: request.from,
    to: request.to,
    rows,
    changed: changedRows,
    transitions: transitions.sort((a, b) => b.count - a.count),
    meanDelta: changedRows ? Math.round((deltaSum / changedRows) * 10) / 10 : null,
  });
  if ('stored' in source) {
    const { rows, changed, transitions } = source.stored;
    const deltaSum = transitions.reduce((n, t) => n + (t.deltaSum ?? 0), 0);
    return summary(
      rows,
      changed,
      transitions.map(({ from, to, count }) => ({ from, to, count })),
      deltaSum,
    );
  }
  const counts = await diffCounts(db, source.from, source.to);
  const changed = counts.filter((c) => c.changed);
  const changedRows = changed.reduce((n, c) => n + c.count, 0);
  const deltaSum = changed.reduce((n, c) => n + (c.delta ?? 0), 0);
  const transitions = new Map<string, Transition>();
  for (const c of changed) {
    const key = `${c.from}>${c.to}`;
    const t = transitions.get(key) ?? { from: c.from, to: c.to, count: 0 };
    t.count += c.count;
    transitions.set(key, t);
  }
  return summary(
    counts.reduce((n, c) => n + c.count, 0),
    changedRows,
    [...transitions.values()],
    deltaSum,
  );
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
