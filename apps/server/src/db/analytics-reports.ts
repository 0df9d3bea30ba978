import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from './database.js';

/** The window and organisation a usage report covers: [from, to) in UTC. */
export interface ReportScope {
  from: Date;
  to: Date;
  organizationId?: number;
}

/** Events of proven identities only (issue 39): a user id is stored only when a token proved it. */
function scoped(db: Db, scope: ReportScope) {
  let query = db
    .selectFrom('analytics_events as e')
    .where('e.user_id', 'is not', null)
    .where('e.occurred_at', '>=', scope.from)
    .where('e.occurred_at', '<', scope.to);
  if (scope.organizationId !== undefined) query = query.where('e.organization_id', '=', scope.organizationId);
  return query;
}

/** Events and distinct users per UTC day (days without events are absent). */
export function eventsPerDay(db: Db, scope: ReportScope) {
  const day = sql<string>`to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  return scoped(db, scope)
    .select([day.as('day'), sql<string>`count(*)`.as('events'), sql<string>`count(DISTINCT e.user_id)`.as('users')])
    .groupBy(day)
    .orderBy(day)
    .execute();
}

/** Distinct signed-in users and events per organisation, most users first. */
export function activeUsersByOrganization(db: Db, scope: ReportScope, limit = 25) {
  return scoped(db, scope)
    .leftJoin('organizations as o', 'o.id', 'e.organization_id')
    .select([
      'e.organization_id',
      'o.name',
      sql<string>`count(DISTINCT e.user_id)`.as('users'),
      sql<string>`count(*)`.as('events'),
    ])
    .groupBy(['e.organization_id', 'o.name'])
    .orderBy('users', 'desc')
    .orderBy('events', 'desc')
    .limit(limit)
    .execute();
}

/** The most frequent tracked events. */
export function topEvents(db: Db, scope: ReportScope, limit = 10) {
  return scoped(db, scope)
    .where('e.type', '=', 'track')
    .where('e.event', 'is not', null)
    .select([
      'e.event',
      sql<string>`count(*)`.as('events'),
      sql<string>`count(DISTINCT coalesce(e.user_id, e.anonymous_id))`.as('users'),
    ])
    .groupBy('e.event')
    .orderBy('events', 'desc')
    .orderBy('e.event')
    .limit(limit)
    .execute();
}

/**
 * A two-step funnel: users who tracked `first` in the window, and how many of them tracked
 * `then` afterwards (after their first `first`) within the window.
 */
export async function funnel(db: Db, scope: ReportScope, first: string, then: string): Promise<[number, number]> {
  const orgFilter = (alias: string): Expression<SqlBool> =>
    scope.organizationId === undefined
      ? sql<SqlBool>`true`
      : sql<SqlBool>`${sql.ref(`${alias}.organization_id`)} = ${scope.organizationId}`;
  const { rows } = await sql<{ started: string; finished: string }>`
    WITH starts AS (
      SELECT a.user_id, min(a.occurred_at) AS at FROM analytics_events a
      WHERE a.type = 'track' AND a.event = ${first} AND a.user_id IS NOT NULL
        AND a.occurred_at >= ${scope.from} AND a.occurred_at < ${scope.to} AND ${orgFilter('a')}
      GROUP BY a.user_id
    )
    SELECT count(*) AS started,
      count(*) FILTER (WHERE EXISTS (
        SELECT 1 FROM analytics_events b
        WHERE b.type = 'track' AND b.event = ${then} AND b.user_id = s.user_id
          AND b.occurred_at >= s.at AND b.occurred_at < ${scope.to} AND ${orgFilter('b')}
      )) AS finished
    FROM starts s`.execute(db);
  return [Number(rows[0]?.started ?? 0), Number(rows[0]?.finished ?? 0)];
}

/** The newest events, with the user's email and the organisation's name when known. */
export function recentEvents(db: Db, scope: ReportScope, limit = 100) {
  return scoped(db, scope)
    .leftJoin('users as u', (join) => join.on(sql<boolean>`u.id::text = e.user_id`))
    .leftJoin('organizations as o', 'o.id', 'e.organization_id')
    .select(['e.occurred_at', 'e.type', 'e.event', 'e.user_id', 'u.email', 'e.organization_id', 'o.name'])
    .orderBy('e.occurred_at', 'desc')
    .limit(limit)
    .execute();
}

export function organizationNames(db: Db) {
  return db.selectFrom('organizations').select(['id', 'name']).orderBy('name').execute();
}
