import type { RiskLevel } from '@zview/contracts';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from './database.js';
import type { ChangeCause, FeatureChange, MovedFactor } from './schema.js';

/** Reading score changes of a portfolio (migration 1100): filtered pages, counts, the feed after a cursor. */

export interface ChangeFilters {
  cause?: ChangeCause | undefined;
  product?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  level?: string | undefined;
  rowNumber?: number | undefined;
}

export interface ChangeRow {
  id: string;
  changed_at: Date;
  effective_on: Date;
  portfolio_id: number;
  product: string;
  row_number: number;
  ref: string | null;
  address: string | null;
  property_id: string;
  old_score: number | null;
  new_score: number | null;
  old_level: string;
  new_level: string;
  factors: MovedFactor[];
  features: FeatureChange[];
  cause: ChangeCause;
  cause_id: string;
  new_model_version: string;
}

function whereOf(portfolioId: number, f: ChangeFilters): RawBuilder<unknown> {
  const parts = [sql`c.portfolio_id = ${portfolioId}`];
  if (f.cause) parts.push(sql`c.cause = ${f.cause}`);
  if (f.product) parts.push(sql`c.product = ${f.product}`);
  if (f.from) parts.push(sql`c.changed_at >= ${f.from}::date`);
  if (f.to) parts.push(sql`c.changed_at < ${f.to}::date + 1`);
  if (f.level) parts.push(sql`(c.old_level = ${f.level} OR c.new_level = ${f.level})`);
  if (f.rowNumber) parts.push(sql`c.row_number = ${f.rowNumber}`);
  return sql.join(parts, sql` AND `);
}

/**
 * The building features the change's cause moved on the row's property: with their values for a
 * permit or a correction (feature_changes), by name for a capture (moved_features); [] otherwise.
 */
const FEATURES = sql`coalesce((
  SELECT coalesce(w.feature_changes -> c.property_id,
    (SELECT jsonb_agg(jsonb_build_object('name', n, 'from', NULL, 'to', NULL)) FROM jsonb_array_elements_text(w.moved_features -> c.property_id) n))
  FROM world_changes w WHERE w.id = c.world_change_id), '[]'::jsonb)`;

const CHANGE_COLUMNS = sql`c.id, c.changed_at, c.effective_on, c.portfolio_id, c.product, c.row_number, r.ref,
  coalesce(r.address, concat_ws(', ', r.street, r.city, r.state, r.zip)) AS address, c.property_id, c.old_score, c.new_score,
  c.old_level, c.new_level, c.factors, c.cause, c.cause_id, c.new_model_version, ${FEATURES} AS features`;

export async function listChanges(
  db: Db,
  portfolioId: number,
  filters: ChangeFilters,
  page: { offset: number; limit: number; order?: 'newest' | 'movers' | 'history' },
): Promise<ChangeRow[]> {
  const order =
    page.order === 'movers'
      ? sql`abs(coalesce(c.new_score, 0) - coalesce(c.old_score, 0)) DESC, c.id`
      : page.order === 'history'
        ? sql`c.changed_at, c.id`
        : // Newest by when the change happened: a row placed late takes an earlier change with a later id.
          sql`c.changed_at DESC, c.id DESC`;
  const { rows } = await sql<ChangeRow>`
    SELECT ${CHANGE_COLUMNS}
    FROM score_changes c LEFT JOIN portfolio_rows r ON r.portfolio_id = c.portfolio_id AND r.row_number = c.row_number
    WHERE ${whereOf(portfolioId, filters)}
    ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  return rows;
}

export async function countChanges(db: Db, portfolioId: number, filters: ChangeFilters): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM score_changes c WHERE ${whereOf(portfolioId, filters)}`.execute(db);
  return rows[0]?.n ?? 0;
}

export async function changeTransitions(db: Db, portfolioId: number, filters: ChangeFilters) {
  const { rows } = await sql<{ product: string; from: RiskLevel; to: RiskLevel; count: number }>`
    SELECT c.product, c.old_level AS from, c.new_level AS to, count(*)::int AS count
    FROM score_changes c WHERE ${whereOf(portfolioId, filters)}
    GROUP BY 1, 2, 3 ORDER BY count(*) DESC, 1, 2, 3`.execute(db);
  return rows;
}

export async function changeCauses(db: Db, portfolioId: number, filters: ChangeFilters) {
  const { rows } = await sql<{ cause: ChangeCause; count: number }>`
    SELECT c.cause, count(*)::int AS count FROM score_changes c WHERE ${whereOf(portfolioId, filters)}
    GROUP BY 1 ORDER BY 2 DESC`.execute(db);
  return rows;
}

/** Changes of the organisation's portfolio after a cursor (a change id), oldest first. */
export async function changesAfter(
  db: Db,
  portfolioId: number,
  after: string,
  limit: number,
  product?: string,
): Promise<ChangeRow[]> {
  const { rows } = await sql<ChangeRow>`
    SELECT ${CHANGE_COLUMNS}
    FROM score_changes c LEFT JOIN portfolio_rows r ON r.portfolio_id = c.portfolio_id AND r.row_number = c.row_number
    WHERE c.portfolio_id = ${portfolioId} AND c.id > ${after}::bigint ${product ? sql`AND c.product = ${product}` : sql``}
    ORDER BY c.id LIMIT ${limit}`.execute(db);
  return rows;
}

export async function findChange(db: Db, portfolioId: number, id: string): Promise<ChangeRow | undefined> {
  const { rows } = await sql<ChangeRow>`
    SELECT ${CHANGE_COLUMNS}
    FROM score_changes c LEFT JOIN portfolio_rows r ON r.portfolio_id = c.portfolio_id AND r.row_number = c.row_number
    WHERE c.portfolio_id = ${portfolioId} AND c.id = ${id}::bigint`.execute(db);
  return rows[0];
}
