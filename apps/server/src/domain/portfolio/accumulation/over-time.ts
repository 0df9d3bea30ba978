import type { BookOverTime } from '@zview/contracts';
import type { Actor } from '../../../auth/actor.js';
import {
  exposureHasValue,
  finishedRunFigures,
  levelMovesSince,
  type LevelFigure,
  type LevelMove,
} from '../../../db/book-over-time.js';
import type { Db } from '../../../db/database.js';
import { findMonitoredProducts } from '../../../db/monitoring.js';
import { ownProduct } from '../access.js';

/**
 * A monitored book over time (issue 43): its located rows and insured value by risk level at each
 * finished run of the product (as kept with the run's aggregates) and now — the base run's figures
 * with the rows score changes moved since taken from their old level and put in their new one. No
 * run's rows are read per request.
 */

const LEVELS = ['low', 'medium', 'high', 'none'] as const;
type Level = (typeof LEVELS)[number];
type Levels = BookOverTime['points'][number]['levels'];

const asLevel = (level: string): Level => ((LEVELS as readonly string[]).includes(level) ? (level as Level) : 'none');

function levelsOf(figures: readonly LevelFigure[]): Levels {
  const levels = Object.fromEntries(LEVELS.map((level) => [level, { count: 0, value: 0 }])) as Levels;
  for (const figure of figures) {
    levels[asLevel(figure.riskLevel)].count += figure.count;
    levels[asLevel(figure.riskLevel)].value += figure.value;
  }
  return levels;
}

/** The base run's levels with each moved row taken from its old level and put in its new one. */
export function levelsAfterMoves(base: Levels, moves: readonly LevelMove[]): Levels {
  const levels = structuredClone(base);
  for (const move of moves) {
    levels[asLevel(move.from)].count -= move.count;
    levels[asLevel(move.from)].value -= move.value;
    levels[asLevel(move.to)].count += move.count;
    levels[asLevel(move.to)].value += move.value;
  }
  return levels;
}

/** 404 for another organisation's portfolio or a product it does not have; no points unless monitored. */
export async function bookOverTime(db: Db, actor: Actor, id: number, product: string): Promise<BookOverTime> {
  await ownProduct(db, actor, id, product);
  const book = (await findMonitoredProducts(db, id)).find((p) => p.product === product);
  if (!book) return { product, monitored: false, hasValue: false, points: [] };
  const [runs, hasValue] = await Promise.all([finishedRunFigures(db, id, product), exposureHasValue(db, id)]);
  const points: BookOverTime['points'] = runs.map((run) => ({
    runId: run.runId,
    at: run.completedAt.toISOString(),
    levels: levelsOf(run.levels),
  }));
  const base = points.find((point) => point.runId === book.base_run_id);
  if (base && book.changes_after !== null) {
    const moves = await levelMovesSince(db, {
      portfolioId: id,
      product,
      baseRunId: book.base_run_id,
      changesAfter: book.changes_after,
    });
    points.push({ runId: null, at: new Date().toISOString(), levels: levelsAfterMoves(base.levels, moves) });
  }
  return { product, monitored: true, hasValue: hasValue ?? false, points };
}
