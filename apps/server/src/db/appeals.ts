import { sql, type Transaction } from 'kysely';
import type { Db } from './database.js';
import type { AppealStatusColumn, Database } from './schema.js';

/**
 * SQL of the appeals tables (migration 0600). Every query is scoped to one organisation: the
 * caller passes the organisation it acts for, and an appeal of another one is simply not found.
 */
type Executor = Db | Transaction<Database>;
export type ManualInputsColumn = Record<string, number | string | boolean>;

const OPEN: AppealStatusColumn[] = ['draft', 'submitted', 'under_review'];

export async function deadlineDaysOf(db: Executor, organizationId: number): Promise<number | null> {
  const row = await db
    .selectFrom('appeal_settings')
    .select('deadline_days')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row?.deadline_days ?? null;
}

export async function setDeadlineDays(db: Executor, organizationId: number, days: number): Promise<void> {
  await db
    .insertInto('appeal_settings')
    .values({ organization_id: organizationId, deadline_days: days })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet({ deadline_days: days, updated_at: new Date() }))
    .execute();
}

/** An organisation's timer days for a state: its own row for the state, else its '*' row; undefined when neither. */
export async function timerDaysOf(db: Executor, organizationId: number, state: string) {
  return db
    .selectFrom('appeal_timer_settings')
    .select(['state', 'acknowledge_days', 'decide_days', 'rescore_days'])
    .where('organization_id', '=', organizationId)
    .where('state', 'in', [state, '*'])
    .orderBy(sql`state = '*'`)
    .executeTakeFirst();
}

export async function listTimerSettings(db: Executor, organizationId: number) {
  return db
    .selectFrom('appeal_timer_settings')
    .select(['state', 'acknowledge_days', 'decide_days', 'rescore_days'])
    .where('organization_id', '=', organizationId)
    .orderBy('state')
    .execute();
}

/** Replaces the organisation's timer settings with `rows` (one transaction). */
export async function replaceTimerSettings(
  trx: Transaction<Database>,
  organizationId: number,
  rows: { state: string; acknowledgeDays: number; decideDays: number; rescoreDays: number }[],
): Promise<void> {
  await trx.deleteFrom('appeal_timer_settings').where('organization_id', '=', organizationId).execute();
  if (!rows.length) return;
  await trx
    .insertInto('appeal_timer_settings')
    .values(
      rows.map((r) => ({
        organization_id: organizationId,
        state: r.state,
        acknowledge_days: r.acknowledgeDays,
        decide_days: r.decideDays,
        rescore_days: r.rescoreDays,
      })),
    )
    .execute();
}

/** An appeal with the names of the people on it and the property's address. */
function appealQuery(db: Executor, organizationId: number) {
  return db
    .selectFrom('appeals as a')
    .leftJoin('users as c', 'c.id', 'a.created_by')
    .leftJoin('users as s', 's.id', 'a.assignee_id')
    .leftJoin('properties as p', 'p.id', 'a.property_id')
    .selectAll('a')
    .select([
      'c.email as creator_email',
      sql<string | null>`c.first_name || ' ' || c.last_name`.as('creator_name'),
      's.email as assignee_email',
      sql<string | null>`s.first_name || ' ' || s.last_name`.as('assignee_name'),
      sql<string | null>`p.address_line || ', ' || p.city || ', ' || p.state || ' ' || p.zip`.as('address'),
      sql<number>`(SELECT count(*)::int FROM appeal_evidence e WHERE e.appeal_id = a.id)`.as('evidence_count'),
    ])
    .where('a.organization_id', '=', organizationId);
}
export type AppealRow = NonNullable<Awaited<ReturnType<typeof findAppeal>>>;

export async function findAppeal(db: Executor, organizationId: number, id: number) {
  return appealQuery(db, organizationId).where('a.id', '=', id).executeTakeFirst();
}

export async function findOpenAppeal(db: Executor, organizationId: number, propertyId: string, product: string) {
  return appealQuery(db, organizationId)
    .where('a.property_id', '=', propertyId)
    .where('a.product', '=', product)
    .where('a.status', 'in', OPEN)
    .executeTakeFirst();
}

/** Locks the appeal's row for a transition (FOR UPDATE); undefined when the organisation has no such appeal. */
export async function lockAppeal(trx: Transaction<Database>, organizationId: number, id: number) {
  return trx
    .selectFrom('appeals')
    .select([
      'id',
      'status',
      'kind',
      'property_id',
      'product',
      'acknowledge_by',
      'decide_by',
      'rescore_by',
      'acknowledged_at',
      'decided_at',
      'rescored_at',
    ])
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertAppeal(
  trx: Executor,
  values: {
    organizationId: number;
    propertyId: string;
    h3Index: string;
    product: string;
    featureName: string | null;
    manualInputs: ManualInputsColumn;
    reason: string;
    createdBy: string;
    deadlineAt: Date;
    status: AppealStatusColumn;
    scoreBefore: number | null;
    kind: 'appeal' | 'mitigation';
    propertyState: string;
    acknowledgeBy: Date;
    decideBy: Date;
    rescoreBy: Date | null;
  },
): Promise<number> {
  const row = await trx
    .insertInto('appeals')
    .values({
      organization_id: values.organizationId,
      property_id: values.propertyId,
      h3_index: values.h3Index,
      product: values.product,
      feature_name: values.featureName,
      manual_inputs: JSON.stringify(values.manualInputs),
      reason: values.reason,
      created_by: values.createdBy,
      deadline_at: values.deadlineAt,
      status: values.status,
      score_before: values.scoreBefore,
      kind: values.kind,
      property_state: values.propertyState,
      acknowledge_by: values.acknowledgeBy,
      decide_by: values.decideBy,
      rescore_by: values.rescoreBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAppeal(
  trx: Executor,
  organizationId: number,
  id: number,
  changes: Partial<{
    status: AppealStatusColumn;
    manualInputs: ManualInputsColumn;
    reason: string;
    featureName: string | null;
    assigneeId: string;
    decidedAt: Date;
    scoreBefore: number | null;
    scoreAfter: number | null;
    acknowledgedAt: Date;
    rescoredAt: Date;
    remindedAt: Date;
  }>,
): Promise<void> {
  await trx
    .updateTable('appeals')
    .set({
      updated_at: new Date(),
      ...(changes.status !== undefined ? { status: changes.status } : {}),
      ...(changes.manualInputs !== undefined ? { manual_inputs: JSON.stringify(changes.manualInputs) } : {}),
      ...(changes.reason !== undefined ? { reason: changes.reason } : {}),
      ...(changes.featureName !== undefined ? { feature_name: changes.featureName } : {}),
      ...(changes.assigneeId !== undefined ? { assignee_id: changes.assigneeId } : {}),
      ...(changes.decidedAt !== undefined ? { decided_at: changes.decidedAt } : {}),
      ...(changes.scoreBefore !== undefined ? { score_before: changes.scoreBefore } : {}),
      ...(changes.scoreAfter !== undefined ? { score_after: changes.scoreAfter } : {}),
      ...(changes.acknowledgedAt !== undefined ? { acknowledged_at: changes.acknowledgedAt } : {}),
      ...(changes.rescoredAt !== undefined ? { rescored_at: changes.rescoredAt } : {}),
      ...(changes.remindedAt !== undefined ? { reminded_at: changes.remindedAt } : {}),
    })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .execute();
}

export interface AppealEventInput {
  appealId: number;
  organizationId: number;
  propertyId: string;
  product: string;
  action: string;
  fromStatus: AppealStatusColumn | null;
  toStatus: AppealStatusColumn;
  actorId: string | null;
  actorEmail: string | null;
  details?: Record<string, unknown>;
}

export async function insertAppealEvent(trx: Executor, event: AppealEventInput): Promise<void> {
  await trx
    .insertInto('appeal_events')
    .values({
      appeal_id: event.appealId,
      organization_id: event.organizationId,
      property_id: event.propertyId,
      product: event.product,
      action: event.action,
      from_status: event.fromStatus,
      to_status: event.toStatus,
      actor_id: event.actorId,
      actor_email: event.actorEmail,
      details: JSON.stringify(event.details ?? {}),
    })
    .execute();
}

export interface AppealListFilters {
  statuses: AppealStatusColumn[];
  product?: string;
  propertyId?: string;
  overdue?: boolean;
  kind?: 'appeal' | 'mitigation';
  /** 'deadline': the nearest unmet statutory deadline first (the deadline queue); default newest first. */
  sort?: 'created' | 'deadline';
  limit: number;
  offset: number;
  now: Date;
}

/** The nearest statutory deadline an appeal has not met yet (null when all are met or it has none). */
const NEXT_DEADLINE = sql`LEAST(
  CASE WHEN a.acknowledged_at IS NULL THEN a.acknowledge_by END,
  CASE WHEN a.decided_at IS NULL THEN a.decide_by END,
  CASE WHEN a.rescored_at IS NULL THEN a.rescore_by END)`;

export async function listAppeals(db: Executor, organizationId: number, filters: AppealListFilters) {
  let query = appealQuery(db, organizationId);
  if (filters.statuses.length) query = query.where('a.status', 'in', filters.statuses);
  if (filters.product) query = query.where('a.product', '=', filters.product);
  if (filters.propertyId) query = query.where('a.property_id', '=', filters.propertyId);
  if (filters.kind) query = query.where('a.kind', '=', filters.kind);
  if (filters.overdue !== undefined) {
    const overdue = sql<boolean>`(a.status IN ('draft', 'submitted', 'under_review') AND a.deadline_at < ${filters.now})`;
    query = query.where(filters.overdue ? overdue : sql<boolean>`NOT ${overdue}`);
  }
  const [rows, count] = await Promise.all([
    (filters.sort === 'deadline'
      ? query.orderBy(sql`${NEXT_DEADLINE} ASC NULLS LAST`).orderBy('a.id')
      : query.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc')
    )
      .limit(filters.limit)
      .offset(filters.offset)
      .execute(),
    query
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

export async function listAppealEvents(
  db: Executor,
  organizationId: number,
  scope: { appealId?: number; propertyId?: string },
) {
  let query = db
    .selectFrom('appeal_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .selectAll('e')
    .select(sql<string | null>`u.first_name || ' ' || u.last_name`.as('actor_name'))
    .where('e.organization_id', '=', organizationId);
  if (scope.appealId !== undefined) query = query.where('e.appeal_id', '=', scope.appealId);
  if (scope.propertyId !== undefined) query = query.where('e.property_id', '=', scope.propertyId);
  return query.orderBy('e.at').orderBy('e.id').execute();
}

export async function insertEvidence(
  trx: Executor,
  values: {
    appealId: number;
    organizationId: number;
    fileName: string;
    mediaType: string;
    sizeBytes: number;
    blobKey: string;
    uploadedBy: string;
  },
) {
  return trx
    .insertInto('appeal_evidence')
    .values({
      appeal_id: values.appealId,
      organization_id: values.organizationId,
      file_name: values.fileName,
      media_type: values.mediaType,
      size_bytes: values.sizeBytes,
      blob_key: values.blobKey,
      uploaded_by: values.uploadedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

function evidenceQuery(db: Executor, organizationId: number) {
  return db
    .selectFrom('appeal_evidence as e')
    .leftJoin('users as u', 'u.id', 'e.uploaded_by')
    .selectAll('e')
    .select(['u.email as uploader_email', sql<string | null>`u.first_name || ' ' || u.last_name`.as('uploader_name')])
    .where('e.organization_id', '=', organizationId);
}

export async function listEvidence(db: Executor, organizationId: number, appealId: number) {
  return evidenceQuery(db, organizationId).where('e.appeal_id', '=', appealId).orderBy('e.id').execute();
}

export async function findEvidence(db: Executor, organizationId: number, appealId: number, evidenceId: number) {
  return evidenceQuery(db, organizationId)
    .where('e.appeal_id', '=', appealId)
    .where('e.id', '=', evidenceId)
    .executeTakeFirst();
}

function versionQuery(db: Executor, organizationId: number) {
  return db
    .selectFrom('appeal_score_versions as v')
    .leftJoin('users as u', 'u.id', 'v.published_by')
    .selectAll('v')
    .select(['u.email as publisher_email', sql<string | null>`u.first_name || ' ' || u.last_name`.as('publisher_name')])
    .where('v.organization_id', '=', organizationId);
}
export type ScoreVersionRow = Awaited<ReturnType<typeof listScoreVersions>>[number];

/** Published versions of a property's product score for the organisation, oldest first. */
export async function listScoreVersions(db: Executor, organizationId: number, propertyId: string, product?: string) {
  let query = versionQuery(db, organizationId).where('v.property_id', '=', propertyId);
  if (product) query = query.where('v.product', '=', product);
  return query.orderBy('v.product').orderBy('v.version').execute();
}

/** Every published version of the organisation (what its lookups overlay), oldest first. */
export async function listOrganizationScoreVersions(db: Executor, organizationId: number) {
  return db
    .selectFrom('appeal_score_versions')
    .select(['property_id', 'product', 'version', 'appeal_id', 'result', 'published_at'])
    .where('organization_id', '=', organizationId)
    .orderBy('version')
    .execute();
}

export async function insertScoreVersion(
  trx: Transaction<Database>,
  values: {
    organizationId: number;
    propertyId: string;
    product: string;
    appealId: number;
    score: number | null;
    riskLevel: string;
    modelVersion: string;
    manualInputs: ManualInputsColumn;
    result: unknown;
    publishedBy: string;
    publishedAt: Date;
  },
): Promise<number> {
  // Versions of one property's product are numbered in order; the unique key settles a race.
  const { max } = await trx
    .selectFrom('appeal_score_versions')
    .select(sql<number>`coalesce(max(version), 0)::int`.as('max'))
    .where('organization_id', '=', values.organizationId)
    .where('property_id', '=', values.propertyId)
    .where('product', '=', values.product)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('appeal_score_versions')
    .values({
      organization_id: values.organizationId,
      property_id: values.propertyId,
      product: values.product,
      version: max + 1,
      appeal_id: values.appealId,
      score: values.score,
      risk_level: values.riskLevel,
      model_version: values.modelVersion,
      manual_inputs: JSON.stringify(values.manualInputs),
      result: JSON.stringify(values.result),
      published_by: values.publishedBy,
      published_at: values.publishedAt,
    })
    .execute();
  return max + 1;
}

/**
 * Expires every open appeal whose deadline has passed (any organisation), with its audit event,
 * in one statement; returns how many.
 */
export async function expireOverdueAppeals(db: Db, now: Date): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    WITH due AS (
      SELECT id, status FROM appeals WHERE status IN ('draft', 'submitted', 'under_review') AND deadline_at <= ${now} FOR UPDATE SKIP LOCKED
    ), expired AS (
      UPDATE appeals a SET status = 'expired', updated_at = ${now}, decided_at = ${now} FROM due WHERE a.id = due.id
      RETURNING a.id, a.organization_id, a.property_id, a.product, due.status AS from_status, a.deadline_at
    )
    INSERT INTO appeal_events (appeal_id, organization_id, property_id, product, action, from_status, to_status, actor_id, actor_email, at, details)
    SELECT id, organization_id, property_id, product, 'expired', from_status, 'expired', NULL, NULL, ${now}, jsonb_build_object('reason', 'deadline', 'deadlineAt', deadline_at)
    FROM expired
    RETURNING appeal_id AS id`.execute(db);
  return rows.length;
}

/**
 * The regulator's figures of an organisation for appeals opened in [from, to), per kind: counts,
 * median days to acknowledge and to decide, deadlines missed (met late, or passed unmet by
 * `now`), outcomes by status.
 */
export async function regulatorFigures(db: Executor, organizationId: number, from: Date, to: Date, now: Date) {
  const { rows } = await sql<{
    kind: 'appeal' | 'mitigation';
    requests: number;
    median_days_to_acknowledge: number | null;
    median_days_to_decide: number | null;
    missed_acknowledge: number;
    missed_decide: number;
    missed_rescore: number;
    open: number;
    accepted: number;
    rejected: number;
    expired: number;
    reverted: number;
  }>`
    SELECT kind,
      count(*)::int AS requests,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM acknowledged_at - created_at) / 86400) AS median_days_to_acknowledge,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM decided_at - created_at) / 86400) AS median_days_to_decide,
      count(*) FILTER (WHERE acknowledge_by < coalesce(acknowledged_at, ${now}))::int AS missed_acknowledge,
      count(*) FILTER (WHERE decide_by < coalesce(decided_at, ${now}))::int AS missed_decide,
      count(*) FILTER (WHERE rescore_by < coalesce(rescored_at, decided_at, ${now}))::int AS missed_rescore,
      count(*) FILTER (WHERE status IN ('draft', 'submitted', 'under_review'))::int AS open,
      count(*) FILTER (WHERE status = 'accepted')::int AS accepted,
      count(*) FILTER (WHERE status = 'rejected')::int AS rejected,
      count(*) FILTER (WHERE status = 'expired')::int AS expired,
      count(*) FILTER (WHERE status = 'reverted')::int AS reverted
    FROM appeals
    WHERE organization_id = ${organizationId} AND created_at >= ${from} AND created_at < ${to}
    GROUP BY kind ORDER BY kind`.execute(db);
  return rows;
}

/**
 * Open appeals of every organisation to remind (the reminder sweep): the nearest unmet deadline
 * is within `leadMs` of `now` and not reminded since its window opened (approaching), or it has
 * passed and was not reminded since (overdue). So each deadline is reminded at most twice.
 */
export async function appealsToRemind(db: Db, now: Date, leadMs: number, limit = 500) {
  const before = new Date(now.getTime() + leadMs);
  const lead = `${Math.round(leadMs / 1000)} seconds`;
  return db
    .selectFrom('appeals as a')
    .leftJoin('users as u', 'u.id', 'a.created_by')
    .select([
      'a.id',
      'a.organization_id',
      'a.property_id',
      'a.product',
      'a.status',
      'a.kind',
      'a.acknowledge_by',
      'a.decide_by',
      'a.rescore_by',
      'a.acknowledged_at',
      'a.decided_at',
      'a.rescored_at',
      'a.created_by as creator_id',
      'u.email as creator_email',
    ])
    .where('a.status', 'in', OPEN)
    .where(sql<boolean>`${NEXT_DEADLINE} < ${before}`)
    .where(
      sql<boolean>`(a.reminded_at IS NULL OR a.reminded_at < ${NEXT_DEADLINE} - ${lead}::interval
        OR (${NEXT_DEADLINE} < ${now} AND a.reminded_at < ${NEXT_DEADLINE}))`,
    )
    .limit(limit)
    .execute();
}
