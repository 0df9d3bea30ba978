import type { Appeal, AppealEvent, AppealEvidence, ManualInputs, ScoreVersion } from '@zview/contracts';
import type { AppealRow, ScoreVersionRow } from '../../db/appeals.js';
import { missedDeadlines, nextDeadline, zoneOfState } from '../../domain/appeals/timers.js';
import type { listAppealEvents, listEvidence } from '../../db/appeals.js';

/** Shapes appeal rows into the contract's objects (packages/contracts/src/appeals.ts). */
const user = (id: string | null, name: string | null, email: string | null) =>
  id ? { id, name: name ?? email ?? '', email: email ?? '' } : null;
const OPEN = new Set(['draft', 'submitted', 'under_review']);

export function presentAppeal(row: AppealRow, now = new Date()): Appeal {
  return {
    id: row.id,
    organizationId: row.organization_id,
    propertyId: row.property_id,
    h3Index: row.h3_index,
    address: row.address,
    product: row.product as Appeal['product'],
    featureName: row.feature_name,
    status: row.status,
    manualInputs: row.manual_inputs as ManualInputs,
    reason: row.reason,
    createdBy: user(row.created_by, row.creator_name, row.creator_email),
    assignee: user(row.assignee_id, row.assignee_name, row.assignee_email),
    openedAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    deadlineAt: row.deadline_at.toISOString(),
    overdue: OPEN.has(row.status) && row.deadline_at.getTime() < now.getTime(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    scoreBefore: row.score_before,
    scoreAfter: row.score_after,
    evidenceCount: row.evidence_count,
    kind: row.kind,
    timers: presentTimers(row, now),
  };
}

function presentTimers(row: AppealRow, now: Date): Appeal['timers'] {
  const timers = {
    acknowledgeBy: row.acknowledge_by,
    decideBy: row.decide_by,
    rescoreBy: row.rescore_by,
    acknowledgedAt: row.acknowledged_at,
    decidedAt: row.decided_at,
    rescoredAt: row.rescored_at,
  };
  const next = nextDeadline(timers);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    state: row.property_state,
    timeZone: row.property_state ? zoneOfState(row.property_state) : null,
    acknowledgeBy: iso(row.acknowledge_by),
    decideBy: iso(row.decide_by),
    rescoreBy: iso(row.rescore_by),
    acknowledgedAt: iso(row.acknowledged_at),
    rescoredAt: iso(row.rescored_at),
    // An appeal closed without meeting a deadline has no next one to chase.
    next:
      next && OPEN.has(row.status)
        ? { kind: next.kind, at: next.at.toISOString(), overdue: next.at.getTime() < now.getTime() }
        : null,
    missed: missedDeadlines(
      OPEN.has(row.status) ? timers : { ...timers, rescoredAt: timers.rescoredAt ?? timers.decidedAt },
      OPEN.has(row.status) ? now : (row.decided_at ?? now),
    ),
  };
}

export function presentVersion(row: ScoreVersionRow): ScoreVersion {
  return {
    version: row.version,
    appealId: row.appeal_id,
    score: row.score,
    riskLevel: row.risk_level,
    modelVersion: row.model_version,
    manualInputs: row.manual_inputs as ManualInputs,
    publishedAt: row.published_at.toISOString(),
    publishedBy: user(row.published_by, row.publisher_name, row.publisher_email),
  };
}

export function presentEvidence(row: Awaited<ReturnType<typeof listEvidence>>[number]): AppealEvidence {
  return {
    id: row.id,
    fileName: row.file_name,
    mediaType: row.media_type as AppealEvidence['mediaType'],
    sizeBytes: row.size_bytes,
    uploadedBy: user(row.uploaded_by, row.uploader_name, row.uploader_email),
    uploadedAt: row.uploaded_at.toISOString(),
    url: `/api/caribou/appeals/${row.appeal_id}/evidence/${row.id}`,
  };
}

export function presentEvent(row: Awaited<ReturnType<typeof listAppealEvents>>[number]): AppealEvent {
  return {
    id: Number(row.id),
    appealId: row.appeal_id,
    action: row.action as AppealEvent['action'],
    fromStatus: row.from_status,
    toStatus: row.to_status,
    actor: user(row.actor_id, row.actor_name, row.actor_email),
    at: row.at.toISOString(),
    details: row.details,
  };
}
