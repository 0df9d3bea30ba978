import type { ChangesQuery } from '@zview/contracts';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/database.js';
import {
  changeCauses,
  changesAfter,
  changeTransitions,
  countChanges,
  findChange,
  listChanges,
  type ChangeRow,
} from '../../db/score-changes.js';
import { findPropertyPoint, listCapturesOfProperty } from '../../db/properties.js';
import { notFound } from '../app-error.js';
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
  const last = changes.at(-1);
  return { changes, nextCursor: last ? String(last.id) : (query.after ?? null), hasMore };
}

/**
 * The two orthophotos around a capture-caused change: the latest on or before its date ("after")
 * and the one before it ("before"); null for other causes or a property with fewer than two.
 */
export async function changeCaptures(db: Db, actor: Actor, portfolioId: number, changeId: string) {
  await ownPortfolio(db, actor, portfolioId);
  const change = await findChange(db, portfolioId, changeId);
  if (!change) throw notFound('No such change in this portfolio.');
  const property = await findPropertyPoint(db, change.property_id);
  if (change.cause !== 'capture' || !property) return { change, property: property ?? null, before: null, after: null };
  const day = change.effective_on.toISOString().slice(0, 10);
  const orthos = (await listCapturesOfProperty(db, property.id, property))
    .filter((c) => c.kind === 'ortho' && c.captured_on.toISOString().slice(0, 10) <= day)
    .map((c) => ({
      id: c.id,
      capturedOn: c.captured_on.toISOString().slice(0, 10),
      provider: c.provider,
      kind: c.kind,
      direction: c.direction,
    }));
  const after = orthos.at(-1) ?? null;
  const before = orthos.length > 1 ? orthos.at(-2)! : null;
  return { change, property, before, after };
}
