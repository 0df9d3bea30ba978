import type { ChangesQuery } from '@zview/contracts';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/database.js';
import {
  changeCauses,
  changesAfter,
  changeTransitions,
  countChanges,
  listChanges,
  type ChangeRow,
} from '../../db/score-changes.js';
import { ownPortfolio } from '../portfolio/access.js';

/** The changes view of a portfolio: counts by product and level transition, by cause, top movers, a page. */
export async function portfolioChanges(db: Db, actor: Actor, portfolioId: number, query: ChangesQuery) {
  await ownPortfolio(db, actor, portfolioId);
  const { page, itemsPerPage, ...filters } = query;
  const [total, transitions, byCause, topMovers, changes] = await Promise.all([
    countChanges(db, portfolioId, filters),
    changeTransitions(db, portfolioId, filters),
    changeCauses(db, portfolioId, filters),
    listChanges(db, portfolioId, filters, { offset: 0, limit: 10, order: 'movers' }),
    listChanges(db, portfolioId, filters, {
      offset: (page - 1) * itemsPerPage,
      limit: itemsPerPage,
      order: filters.rowNumber ? 'history' : 'newest',
    }),
  ]);
  return { total, page, itemsPerPage, transitions, byCause, topMovers, changes };
}

/** The /v1 feed: changes after a cursor, oldest first, one more read to say whether more follow. */
export async function changesFeed(
  db: Db,
  actor: Actor,
  portfolioId: number,
  query: { after?: string | undefined; limit: number; product?: string | undefined },
): Promise<{ changes: ChangeRow[]; nextCursor: string | null; hasMore: boolean }> {
  await ownPortfolio(db, actor, portfolioId);
  const rows = await changesAfter(db, portfolioId, query.after ?? '0', query.limit + 1, query.product);
  const hasMore = rows.length > query.limit;
  const changes = rows.slice(0, query.limit);
  return { changes, nextCursor: changes.at(-1)?.id ?? query.after ?? null, hasMore };
}
