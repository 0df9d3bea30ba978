import {
  DEFAULT_APPEAL_DEADLINE_DAYS,
  PRODUCT_KEYS,
  type AppealAllowed,
  type AppealStatus,
  type AppealSubject,
  type ManualInputs,
  type ProductKey,
  type ScoreResult,
} from '@zview/contracts';
import type { Transaction } from 'kysely';
import {
  deadlineDaysOf,
  expireOverdueAppeals,
  findAppeal,
  findOpenAppeal,
  insertAppeal,
  insertAppealEvent,
  insertScoreVersion,
  listAppealEvents,
  listAppeals,
  listEvidence,
  listScoreVersions,
  lockAppeal,
  setDeadlineDays,
  updateAppeal,
  type AppealListFilters,
  type AppealRow,
} from '../../db/appeals.js';
import type { Db } from '../../db/database.js';
import { findPropertyRow } from '../../db/properties.js';
import type { Database } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../app-error.js';
import { hazardOfProperty, loadFeaturesOfRow, summarizeProperty } from '../property/load.js';
import { scoreProduct } from '../risk/index.js';
import { applyManualInputs, describeFeatures, inputsFor, validateManualInputs } from './features.js';
import { canTransition, isOpen, transition, type Transition } from './state-machine.js';
import { currentVersionAt, propertyInputsAt } from './amendments.js';
import { timerDaysFor } from './timer-days.js';
import { deadlinesFor, type TimerKind } from './timers.js';

/** Who acts: the user, the organisation acted for, and whether the policy lets them decide appeals. */
export interface AppealActor {
  userId: string;
  email: string;
  organizationId: number;
  canReview: boolean;
}

export interface AppealInputData extends AppealSubject {
  featureName?: string;
  /** 'mitigation': a request to credit recorded mitigations (re-score-by deadline); default 'appeal'. */
  kind?: 'appeal' | 'mitigation';
  manualInputs: ManualInputs;
  reason?: string;
}

export interface AppealRefData {
  appealId?: number;
  propertyId?: string;
  product?: ProductKey;
  note?: string;
}

const DAY_MS = 86_400_000;
export const NO_APPEAL = 'No such appeal in your organization.';

/** The property an appeal names, checked: it exists and lies in the H3 cell given. */
async function propertyOf(db: Db, subject: Pick<AppealSubject, 'propertyId' | 'h3Index'>) {
  const row = await findPropertyRow(db, subject.propertyId);
  if (!row) throw notFound(`No property ${subject.propertyId}.`);
  const summary = summarizeProperty(row);
  const hazard = hazardOfProperty(summary);
  const h3 = hazard.h3Index || row.h3_cell;
  if (subject.h3Index !== h3 && subject.h3Index !== row.h3_cell)
    throw notFound(`Property ${subject.propertyId} is not in H3 cell ${subject.h3Index}.`);
  return { row, hazard, h3, state: row.state };
}

/**
 * What a lookup scores for the property today (the same loader, features and versioned model),
 * and what the organisation's view shows: the latest published version when there is one.
 */
async function scoringState(db: Db, organizationId: number, subject: AppealSubject) {
  const { row, hazard, h3, state } = await propertyOf(db, subject);
  const features = await loadFeaturesOfRow(db, row);
  const asOf = new Date(`${features.asOf}T00:00:00Z`);
  const all = await listScoreVersions(db, organizationId, subject.propertyId);
  const versions = all.filter((v) => v.product === subject.product);
  const latest = currentVersionAt(versions, Date.now());
  const modelScore = scoreProduct(subject.product, features, hazard, asOf);
  const current: ScoreResult = latest
    ? {
        ...(latest.result as ScoreResult),
        amendedByAppeal: {
          appealId: latest.appeal_id,
          version: latest.version,
          publishedAt: latest.published_at.toISOString(),
        },
      }
    : modelScore;
  // Features are per property: what any product's appeal proved applies here too.
  const published = propertyInputsAt(all, Date.now());
  return { features, hazard, asOf, h3, state, versions, current, published };
}

/** The model run on the property's features with the published and the new manual inputs applied. */
function rescore(
  product: ProductKey,
  state: Awaited<ReturnType<typeof scoringState>>,
  inputs: ManualInputs,
): { result: ScoreResult; inputs: ManualInputs } {
  const merged = { ...state.published, ...inputs };
  const changed = applyManualInputs(product, state.features, merged);
  return { result: scoreProduct(product, changed, state.hazard, state.asOf), inputs: merged };
}

export function allowedFor(
  actor: AppealActor,
  appeal: Pick<AppealRow, 'status' | 'created_by'> | undefined,
): AppealAllowed {
  const status = (appeal?.status ?? null) as AppealStatus | null;
  const may = (t: Transition) => canTransition(t, status);
  const own = !appeal || appeal.created_by === actor.userId || actor.canReview;
  return {
    saveDraft: may('save_draft'),
    revertDraft: may('revert_draft') && own,
    pushDraft: may('push_draft'),
    pushAppeal: may('push_appeal'),
    review: may('review') && actor.canReview,
    publish: may('publish') && actor.canReview,
    reject: may('reject') && actor.canReview,
    expire: may('expire') && actor.canReview,
  };
}

/** GET draft_details: the model's features with current values, the open appeal, what the caller may do, the versions. */
export async function draftDetails(db: Db, actor: AppealActor, subject: AppealSubject) {
  const state = await scoringState(db, actor.organizationId, subject);
  const appeal = await findOpenAppeal(db, actor.organizationId, subject.propertyId, subject.product);
  return {
    features: describeFeatures(subject.product, state.features, state.published),
    appeal: appeal ?? null,
    allowed: allowedFor(actor, appeal),
    current: state.current,
    versions: state.versions,
  };
}

/** POST recalculate: the new score beside the current one; nothing is stored. */
export async function recalculate(db: Db, actor: AppealActor, input: AppealInputData) {
  const inputs = validateManualInputs(input.product, input.manualInputs);
  const state = await scoringState(db, actor.organizationId, input);
  const { result, inputs: merged } = rescore(input.product, state, inputs);
  return { current: state.current, recalculated: result, manualInputs: merged };
}

async function deadlineFor(db: Db, organizationId: number, from: Date): Promise<Date> {
  const days = (await deadlineDaysOf(db, organizationId)) ?? DEFAULT_APPEAL_DEADLINE_DAYS;
  return new Date(from.getTime() + days * DAY_MS);
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * The open appeal of the subject after `name` (save_draft, push_appeal or publish) with the
 * inputs: created when there is none, else updated; the transition is checked on the locked row.
 */
async function changeWithInputs(
  db: Db,
  actor: AppealActor,
  name: 'save_draft' | 'push_appeal' | 'publish',
  input: AppealInputData,
) {
  const inputs = validateManualInputs(input.product, input.manualInputs);
  const state = await scoringState(db, actor.organizationId, input);
  const now = new Date();
  const deadlineAt = await deadlineFor(db, actor.organizationId, now);
  const kind = input.kind ?? 'appeal';
  const deadlines = deadlinesFor(now, state.state, await timerDaysFor(db, actor.organizationId, state.state), kind);
  const recalculated = name === 'publish' ? rescore(input.product, state, inputs) : null;
  const related = name === 'publish' ? await relatedRescores(db, actor.organizationId, input, inputs) : [];
  try {
    return await db.transaction().execute(async (trx) => {
      const open = await findOpenAppeal(trx, actor.organizationId, input.propertyId, input.product);
      const locked = open ? await lockAppeal(trx, actor.organizationId, open.id) : undefined;
      const from = (locked?.status ?? null) as AppealStatus | null;
      if (from !== null && !isOpen(from)) throw conflict('The appeal changed meanwhile: reload it.');
      const to = transition(name, from);
      const event = {
        organizationId: actor.organizationId,
        propertyId: input.propertyId,
        product: input.product,
        actorId: actor.userId,
        actorEmail: actor.email,
      };
      let appealId: number;
      if (!locked) {
        appealId = await insertAppeal(trx, {
          ...event,
          h3Index: state.h3,
          featureName: input.featureName ?? Object.keys(inputs)[0] ?? null,
          manualInputs: inputs,
          reason: input.reason ?? '',
          createdBy: actor.userId,
          deadlineAt,
          status: to,
          scoreBefore: state.current.score,
          kind,
          propertyState: state.state,
          acknowledgeBy: deadlines.acknowledgeBy,
          decideBy: deadlines.decideBy,
          rescoreBy: deadlines.rescoreBy,
        });
        await insertAppealEvent(trx, {
          ...event,
          appealId,
          action: 'created',
          fromStatus: null,
          toStatus: 'draft',
          details: {
            manualInputs: inputs,
            reason: input.reason ?? '',
            kind,
            state: state.state,
            acknowledgeBy: deadlines.acknowledgeBy.toISOString(),
            decideBy: deadlines.decideBy.toISOString(),
            rescoreBy: deadlines.rescoreBy?.toISOString() ?? null,
          },
        });
      } else {
        appealId = locked.id;
        await updateAppeal(trx, actor.organizationId, appealId, {
          status: to,
          manualInputs: inputs,
          ...(input.reason !== undefined ? { reason: input.reason } : {}),
          ...(input.featureName !== undefined ? { featureName: input.featureName } : {}),
          scoreBefore: state.current.score,
        });
        if (name === 'save_draft')
          await insertAppealEvent(trx, {
            ...event,
            appealId,
            action: 'draft_saved',
            fromStatus: from,
            toStatus: to,
            details: { manualInputs: inputs },
          });
      }
      if (name === 'push_appeal')
        await insertAppealEvent(trx, {
          ...event,
          appealId,
          action: 'submitted',
          fromStatus: from ?? 'draft',
          toStatus: to,
          details: { manualInputs: inputs },
        });
      let version: number | null = null;
      if (recalculated)
        version = await publishVersion(
          trx,
          actor,
          appealId,
          input.product,
          input.propertyId,
          from ?? 'draft',
          recalculated,
          state.current.score,
          now,
        );
      for (const other of related) await publishRelatedVersion(trx, actor, appealId, input.propertyId, other, now);
      if (recalculated) await meetDeadlines(trx, actor, appealId, ['acknowledge', 'decide', 'rescore'], now);
      return { appeal: (await findAppeal(trx, actor.organizationId, appealId))!, version };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('Another appeal of this property and product was opened meanwhile: reload it.');
    throw error;
  }
}

async function publishVersion(
  trx: Transaction<Database>,
  actor: AppealActor,
  appealId: number,
  product: ProductKey,
  propertyId: string,
  from: AppealStatus,
  recalculated: { result: ScoreResult; inputs: ManualInputs },
  scoreBefore: number | null,
  now: Date,
): Promise<number> {
  const { result, inputs } = recalculated;
  const version = await insertScoreVersion(trx, {
    organizationId: actor.organizationId,
    propertyId,
    product,
    appealId,
    score: result.score,
    riskLevel: result.riskLevel,
    modelVersion: result.modelVersion,
    manualInputs: inputs,
    result,
    publishedBy: actor.userId,
    publishedAt: now,
  });
  await updateAppeal(trx, actor.organizationId, appealId, {
    status: 'accepted',
    decidedAt: now,
    assigneeId: actor.userId,
    scoreAfter: result.score,
    manualInputs: inputs,
  });
  await insertAppealEvent(trx, {
    appealId,
    organizationId: actor.organizationId,
    propertyId,
    product,
    action: 'published',
    fromStatus: from,
    toStatus: 'accepted',
    actorId: actor.userId,
    actorEmail: actor.email,
    details: {
      version,
      scoreBefore,
      scoreAfter: result.score,
      riskLevel: result.riskLevel,
      modelVersion: result.modelVersion,
      manualInputs: inputs,
    },
  });
  return version;
}

interface RelatedRescore {
  product: ProductKey;
  scoreBefore: number | null;
  recalculated: { result: ScoreResult; inputs: ManualInputs };
}

/**
 * The other products of the property the published inputs touch (their models read a feature
 * the appeal changed), each re-scored with the property's inputs, so one recorded mitigation or
 * corrected roof reaches every product (issue 42).
 */
async function relatedRescores(
  db: Db,
  organizationId: number,
  subject: AppealSubject,
  inputs: ManualInputs,
): Promise<RelatedRescore[]> {
  const related: RelatedRescore[] = [];
  for (const product of PRODUCT_KEYS) {
    if (product === subject.product) continue;
    const own = inputsFor(product, inputs);
    if (!Object.keys(own).length) continue;
    const state = await scoringState(db, organizationId, { ...subject, product });
    if (state.current.score === null) continue;
    related.push({ product, scoreBefore: state.current.score, recalculated: rescore(product, state, own) });
  }
  return related;
}

async function publishRelatedVersion(
  trx: Transaction<Database>,
  actor: AppealActor,
  appealId: number,
  propertyId: string,
  related: RelatedRescore,
  now: Date,
): Promise<void> {
  const { result, inputs } = related.recalculated;
  const version = await insertScoreVersion(trx, {
    organizationId: actor.organizationId,
    propertyId,
    product: related.product,
    appealId,
    score: result.score,
    riskLevel: result.riskLevel,
    modelVersion: result.modelVersion,
    manualInputs: inputs,
    result,
    publishedBy: actor.userId,
    publishedAt: now,
  });
  await insertAppealEvent(trx, {
    appealId,
    organizationId: actor.organizationId,
    propertyId,
    product: related.product,
    action: 'rescored',
    fromStatus: 'accepted',
    toStatus: 'accepted',
    actorId: actor.userId,
    actorEmail: actor.email,
    details: {
      product: related.product,
      version,
      scoreBefore: related.scoreBefore,
      scoreAfter: result.score,
      riskLevel: result.riskLevel,
      modelVersion: result.modelVersion,
      manualInputs: inputs,
    },
  });
}

const MET_COLUMN = { acknowledge: 'acknowledged_at', decide: 'decided_at', rescore: 'rescored_at' } as const;
const DUE_COLUMN = { acknowledge: 'acknowledge_by', decide: 'decide_by', rescore: 'rescore_by' } as const;

/**
 * Marks the statutory deadlines `kinds` of an appeal met at `now` (those it has and has not met
 * yet), each with a `deadline_met` event in the audit trail saying whether it was on time.
 * Deciding also acknowledges; re-scoring applies to mitigation requests only.
 */
async function meetDeadlines(
  trx: Transaction<Database>,
  actor: AppealActor,
  appealId: number,
  kinds: TimerKind[],
  now: Date,
): Promise<void> {
  const row = (await lockAppeal(trx, actor.organizationId, appealId))!;
  for (const kind of kinds) {
    const due = row[DUE_COLUMN[kind]];
    if (!due || (kind !== 'decide' && row[MET_COLUMN[kind]])) continue;
    if (kind === 'decide' && row.decided_at && row.decided_at.getTime() !== now.getTime()) continue;
    if (kind === 'acknowledge') await updateAppeal(trx, actor.organizationId, appealId, { acknowledgedAt: now });
    if (kind === 'rescore') await updateAppeal(trx, actor.organizationId, appealId, { rescoredAt: now });
    await insertAppealEvent(trx, {
      appealId,
      organizationId: actor.organizationId,
      propertyId: row.property_id,
      product: row.product,
      action: 'deadline_met',
      fromStatus: row.status as AppealStatus,
      toStatus: row.status as AppealStatus,
      actorId: actor.userId,
      actorEmail: actor.email,
      details: { deadline: kind, due: due.toISOString(), metAt: now.toISOString(), onTime: now <= due },
    });
  }
}

/** POST acknowledge: the organisation acknowledges receipt of the appeal (the acknowledge-by deadline). */
export async function acknowledgeAppeal(db: Db, actor: AppealActor, ref: AppealRefData) {
  const target =
    ref.appealId !== undefined
      ? await findAppeal(db, actor.organizationId, ref.appealId)
      : await findOpenAppeal(db, actor.organizationId, ref.propertyId!, ref.product!);
  if (!target)
    throw notFound(ref.appealId !== undefined ? NO_APPEAL : 'There is no open appeal of this property and product.');
  if (target.acknowledged_at) throw conflict('This appeal was acknowledged already.');
  if (!isOpen(target.status as AppealStatus))
    throw conflict(`This appeal is ${target.status.replace('_', ' ')}: it needs no acknowledgement.`);
  return db.transaction().execute(async (trx) => {
    const now = new Date();
    await insertAppealEvent(trx, {
      appealId: target.id,
      organizationId: actor.organizationId,
      propertyId: target.property_id,
      product: target.product,
      action: 'acknowledged',
      fromStatus: target.status,
      toStatus: target.status,
      actorId: actor.userId,
      actorEmail: actor.email,
      details: ref.note ? { note: ref.note } : {},
    });
    await meetDeadlines(trx, actor, target.id, ['acknowledge'], now);
    return { appeal: (await findAppeal(trx, actor.organizationId, target.id))!, version: null };
  });
}

/** POST features_modification: saves the draft (creating it when there is no open appeal). */
export const saveDraft = (db: Db, actor: AppealActor, input: AppealInputData) =>
  changeWithInputs(db, actor, 'save_draft', input);
/** POST push_appeal: submits the appeal with these inputs (creating it when there is none). */
export const pushAppeal = (db: Db, actor: AppealActor, input: AppealInputData) =>
  changeWithInputs(db, actor, 'push_appeal', input);
/** POST publish_features_modification: accepts the appeal and publishes a new score version. */
export const publishAppeal = (db: Db, actor: AppealActor, input: AppealInputData) =>
  changeWithInputs(db, actor, 'publish', input);

const ACTION_OF: Record<'revert_draft' | 'push_draft' | 'review' | 'reject' | 'expire', string> = {
  revert_draft: 'reverted',
  push_draft: 'submitted',
  review: 'review_started',
  reject: 'rejected',
  expire: 'expired',
};

/** POST revert_draft, push_draft, review, reject, expire: one transition of an existing appeal. */
export async function transitionAppeal(db: Db, actor: AppealActor, name: keyof typeof ACTION_OF, ref: AppealRefData) {
  const target =
    ref.appealId !== undefined
      ? await findAppeal(db, actor.organizationId, ref.appealId)
      : await findOpenAppeal(db, actor.organizationId, ref.propertyId!, ref.product!);
  if (!target)
    throw notFound(ref.appealId !== undefined ? NO_APPEAL : 'There is no open appeal of this property and product.');
  if (name === 'revert_draft' && target.created_by !== actor.userId && !actor.canReview)
    throw forbidden('Only the author of a draft or a reviewer can revert it.');
  return db.transaction().execute(async (trx) => {
    const locked = (await lockAppeal(trx, actor.organizationId, target.id))!;
    const from = locked.status as AppealStatus;
    const to = transition(name, from);
    const now = new Date();
    await updateAppeal(trx, actor.organizationId, target.id, {
      status: to,
      ...(name === 'review' ? { assigneeId: actor.userId } : {}),
      ...(to === 'rejected' || to === 'expired' || to === 'reverted' ? { decidedAt: now } : {}),
    });
    await insertAppealEvent(trx, {
      appealId: target.id,
      organizationId: actor.organizationId,
      propertyId: target.property_id,
      product: target.product,
      action: ACTION_OF[name],
      fromStatus: from,
      toStatus: to,
      actorId: actor.userId,
      actorEmail: actor.email,
      details: ref.note ? { note: ref.note } : {},
    });
    if (name === 'review') await meetDeadlines(trx, actor, target.id, ['acknowledge'], now);
    if (name === 'reject') await meetDeadlines(trx, actor, target.id, ['acknowledge', 'decide'], now);
    return { appeal: (await findAppeal(trx, actor.organizationId, target.id))!, version: null };
  });
}

/** GET /caribou/appeals/:id: the appeal, its evidence, its timeline and the property's versions. */
export async function appealDetail(db: Db, actor: AppealActor, id: number) {
  const appeal = await findAppeal(db, actor.organizationId, id);
  if (!appeal) throw notFound(NO_APPEAL);
  const [evidence, timeline, versions] = await Promise.all([
    listEvidence(db, actor.organizationId, id),
    listAppealEvents(db, actor.organizationId, { appealId: id }),
    listScoreVersions(db, actor.organizationId, appeal.property_id, appeal.product),
  ]);
  return {
    appeal,
    evidence,
    timeline,
    versions,
    allowed: allowedFor(actor, isOpen(appeal.status as AppealStatus) ? appeal : { ...appeal, status: appeal.status }),
  };
}

export async function listOrganizationAppeals(db: Db, actor: AppealActor, filters: AppealListFilters) {
  return listAppeals(db, actor.organizationId, filters);
}

export async function appealSettings(db: Db, actor: AppealActor) {
  return { deadlineDays: (await deadlineDaysOf(db, actor.organizationId)) ?? DEFAULT_APPEAL_DEADLINE_DAYS };
}

export async function updateAppealSettings(db: Db, actor: AppealActor, settings: { deadlineDays: number }) {
  await setDeadlineDays(db, actor.organizationId, settings.deadlineDays);
  return settings;
}

/** The scheduled job's work: every open appeal past its deadline becomes expired. */
export async function expireOverdue(db: Db, now = new Date()): Promise<number> {
  return expireOverdueAppeals(db, now);
}
