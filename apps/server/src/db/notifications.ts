import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * The SQL of the notification centre and alert rules (migration 1110): notifications written for
 * a set of recipients in one INSERT … SELECT, the inbox of a user in an organisation, and the
 * score changes that match the alert rules of their portfolios, found in one statement.
 */

/** Every active member, the group admins, or named users (with `admins: true`, the group admins too). */
export type Recipients = { userIds: string[]; admins?: boolean } | 'members' | 'admins';

export interface NotificationValues {
  organizationId: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  data: Record<string, unknown>;
  /** false: nothing to mail (emailed_at set at once, the digest skips it). */
  email: boolean;
}

/** Inserts one notification per active recipient in the organisation; returns how many. */
export async function insertNotifications(db: Db, to: Recipients, n: NotificationValues): Promise<number> {
  const who =
    to === 'members'
      ? sql`true`
      : to === 'admins'
        ? sql`m.role = 'admin'`
        : to.admins
          ? sql`(m.user_id::text = ANY(${to.userIds}::text[]) OR m.role = 'admin')`
          : sql`m.user_id::text = ANY(${to.userIds}::text[])`;
  const result = await sql`
    INSERT INTO notifications (organization_id, user_id, kind, title, body, link, data, emailed_at)
    SELECT ${n.organizationId}, m.user_id, ${n.kind}, ${n.title}, ${n.body}, ${n.link}, ${JSON.stringify(n.data)}::jsonb,
      ${n.email ? null : sql`now()`}
    FROM organization_members m
    WHERE m.organization_id = ${n.organizationId} AND m.status = 'active' AND ${who}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export function listNotifications(
  db: Db,
  userId: string,
  organizationId: number,
  options: { unreadOnly: boolean; offset: number; limit: number },
) {
  let q = db
    .selectFrom('notifications')
    .select(['id', 'kind', 'title', 'body', 'link', 'data', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .where('organization_id', '=', organizationId);
  if (options.unreadOnly) q = q.where('read_at', 'is', null);
  return q.orderBy('id', 'desc').offset(options.offset).limit(options.limit).execute();
}

export async function countUnread(db: Db, userId: string, organizationId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('organization_id', '=', organizationId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks the user's notifications read (one, or all when id is null); returns how many changed. */
export async function markRead(db: Db, userId: string, organizationId: number, id: string | null): Promise<number> {
  let q = db
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('user_id', '=', userId)
    .where('organization_id', '=', organizationId)
    .where('read_at', 'is', null);
  if (id !== null) q = q.where('id', '=', id);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function notificationExists(db: Db, userId: string, organizationId: number, id: string) {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Notifications to mail, grouped by recipient: unread, not mailed yet, older than `settleMs`. */
export async function unmailedByRecipient(db: Db, settledBefore: Date) {
  const { rows } = await sql<{
    user_id: string;
    email: string;
    organization_id: number;
    ids: string[];
    titles: string[];
    links: (string | null)[];
  }>`
    SELECT n.user_id, u.email, n.organization_id, array_agg(n.id ORDER BY n.id) AS ids,
      array_agg(n.title ORDER BY n.id) AS titles, array_agg(n.link ORDER BY n.id) AS links
    FROM notifications n JOIN users u ON u.id = n.user_id
    WHERE n.emailed_at IS NULL AND n.read_at IS NULL AND n.created_at < ${settledBefore}
    GROUP BY n.user_id, u.email, n.organization_id
    LIMIT 500`.execute(db);
  return rows;
}

export async function markEmailed(db: Db, ids: string[]) {
  if (ids.length)
    await db.updateTable('notifications').set({ emailed_at: new Date() }).where('id', 'in', ids).execute();
}

// Alert rules.

export interface AlertRuleValues {
  organizationId: number;
  portfolioId: number;
  name: string;
  kind: 'level_change' | 'threshold' | 'delta';
  threshold: number | null;
  minDelta: number | null;
  product: string | null;
  cause: string | null;
  channels: string[];
  createdBy: string;
}

export function insertAlertRule(db: Db, v: AlertRuleValues) {
  return db
    .insertInto('alert_rules')
    .values({
      organization_id: v.organizationId,
      portfolio_id: v.portfolioId,
      name: v.name,
      kind: v.kind,
      threshold: v.threshold,
      min_delta: v.minDelta,
      product: v.product,
      cause: v.cause,
      channels: v.channels,
      created_by: v.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listAlertRules(db: Db, organizationId: number, portfolioId: number) {
  return db
    .selectFrom('alert_rules')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('portfolio_id', '=', portfolioId)
    .orderBy('id')
    .execute();
}

export function findAlertRule(db: Db, organizationId: number, id: number) {
  return db
    .selectFrom('alert_rules')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export type AlertRuleChange = Partial<
  Pick<AlertRuleValues, 'name' | 'kind' | 'threshold' | 'minDelta' | 'product' | 'cause' | 'channels'> & {
    enabled: boolean;
  }
>;

export function updateAlertRule(db: Db, organizationId: number, id: number, v: AlertRuleChange) {
  return db
    .updateTable('alert_rules')
    .set({
      ...(v.name !== undefined ? { name: v.name } : {}),
      ...(v.kind !== undefined ? { kind: v.kind } : {}),
      ...(v.threshold !== undefined ? { threshold: v.threshold } : {}),
      ...(v.minDelta !== undefined ? { min_delta: v.minDelta } : {}),
      ...(v.product !== undefined ? { product: v.product } : {}),
      ...(v.cause !== undefined ? { cause: v.cause } : {}),
      ...(v.channels !== undefined ? { channels: v.channels } : {}),
      ...(v.enabled !== undefined ? { enabled: v.enabled } : {}),
    })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteAlertRule(db: Db, organizationId: number, id: number) {
  const row = await db
    .deleteFrom('alert_rules')
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export interface RuleMatchSummary {
  rule_id: number;
  rule_name: string;
  organization_id: number;
  portfolio_id: number;
  portfolio_name: string;
  channels: string[];
  changes: number;
  transitions: Record<string, number>;
}

/** The changes (by id) matching each enabled rule of their portfolio, summarised per rule. */
const MATCHED = (changeIds: readonly string[]) => sql`
  SELECT r.id AS rule_id, r.name AS rule_name, r.channels, c.*
  FROM score_changes c
  JOIN alert_rules r ON r.portfolio_id = c.portfolio_id AND r.enabled
  WHERE c.id = ANY(${changeIds}::bigint[])
    AND (r.product IS NULL OR r.product = c.product) AND (r.cause IS NULL OR r.cause = c.cause)
    AND CASE r.kind
      WHEN 'level_change' THEN c.old_level <> c.new_level
      WHEN 'threshold' THEN (coalesce(c.old_score, 0) >= r.threshold) <> (coalesce(c.new_score, 0) >= r.threshold)
      ELSE abs(coalesce(c.new_score, 0) - coalesce(c.old_score, 0)) >= r.min_delta
    END`;

export async function ruleMatches(db: Db, changeIds: readonly string[]): Promise<RuleMatchSummary[]> {
  if (!changeIds.length) return [];
  const { rows } = await sql<RuleMatchSummary>`
    WITH m AS (${MATCHED(changeIds)}),
    t AS (SELECT rule_id, old_level || '>' || new_level AS transition, count(*)::int AS n FROM m GROUP BY 1, 2)
    SELECT m.rule_id, m.rule_name, m.organization_id, m.portfolio_id, p.name AS portfolio_name, m.channels,
      count(*)::int AS changes,
      (SELECT jsonb_object_agg(t.transition, t.n) FROM t WHERE t.rule_id = m.rule_id) AS transitions
    FROM m JOIN portfolios p ON p.id = m.portfolio_id
    GROUP BY m.rule_id, m.rule_name, m.organization_id, m.portfolio_id, p.name, m.channels
    ORDER BY m.rule_id`.execute(db);
  return rows;
}

/**
 * One webhook message per change matching a rule with the webhook channel (once, whatever the
 * number of rules), event type score.changed, in the lane of its portfolio, in change order, and
 * one delivery per enabled endpoint of the organisation that takes the event. Returns the messages.
 */
export async function queueChangeWebhooks(db: Db, changeIds: readonly string[]): Promise<number> {
  if (!changeIds.length) return 0;
  const { rows } = await sql<{ n: number }>`
    WITH m AS (${MATCHED(changeIds)}),
    per_change AS (
      SELECT id, organization_id, portfolio_id, product, row_number, property_id, old_score, new_score, old_level, new_level,
        cause, cause_id, changed_at, effective_on, factors, array_agg(rule_id ORDER BY rule_id) AS rules
      FROM m WHERE 'webhook' = ANY(channels)
      GROUP BY id, organization_id, portfolio_id, product, row_number, property_id, old_score, new_score, old_level, new_level,
        cause, cause_id, changed_at, effective_on, factors
    ),
    msgs AS (
      INSERT INTO webhook_messages (organization_id, lane, event_type, payload)
      SELECT organization_id, 'portfolio:' || portfolio_id, 'score.changed', jsonb_build_object(
        'type', 'score.changed', 'timestamp', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
        'data', jsonb_build_object('changeId', id::text, 'portfolioId', portfolio_id, 'product', product, 'rowNumber', row_number,
          'propertyId', property_id, 'oldScore', old_score, 'newScore', new_score, 'oldLevel', old_level, 'newLevel', new_level,
          'cause', cause, 'causeId', cause_id, 'effectiveOn', effective_on, 'changedAt', changed_at, 'factors', factors, 'rules', rules))
      FROM per_change ORDER BY id
      RETURNING id, organization_id, lane, event_type
    ),
    deliveries AS (
      INSERT INTO webhook_deliveries (message_id, endpoint_id, lane)
      SELECT msgs.id, e.id, msgs.lane FROM msgs
      JOIN webhook_endpoints e ON e.organization_id = msgs.organization_id AND e.enabled
        AND (cardinality(e.event_types) = 0 OR msgs.event_type = ANY(e.event_types))
      RETURNING 1
    )
    SELECT (SELECT count(*)::int FROM msgs) AS n, (SELECT count(*) FROM deliveries) AS d`.execute(db);
  return rows[0]?.n ?? 0;
}
