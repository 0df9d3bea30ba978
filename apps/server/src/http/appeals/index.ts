import path from 'node:path';
import multipart from '@fastify/multipart';
import {
  APPEAL_EVIDENCE_MAX_BYTES,
  APPEAL_EVIDENCE_TYPES,
  appealChangeResponseSchema,
  appealDetailResponseSchema,
  appealEvidenceResponseSchema,
  appealIdParamsSchema,
  appealInputSchema,
  appealListQuerySchema,
  appealListResponseSchema,
  appealRefSchema,
  appealSettingsResponseSchema,
  appealSettingsSchema,
  appealTimerSettingsResponseSchema,
  appealTimerSettingsSchema,
  regulatorExportQuerySchema,
  auditExportQuerySchema,
  draftDetailsQuerySchema,
  draftDetailsResponseSchema,
  evidenceParamsSchema,
  recalculateResponseSchema,
} from '@zview/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authorize, can } from '../../auth/policy.js';
import { auditCsv } from '../../domain/appeals/audit.js';
import { addEvidence, readEvidence, sniffEvidenceType } from '../../domain/appeals/evidence.js';
import * as appeals from '../../domain/appeals/service.js';
import { regulatorCsv, timerSettings, updateTimerSettings } from '../../domain/appeals/regulator.js';
import { LocalBlobStore } from '../../storage/blob-store.js';
import { badRequest, payloadTooLarge } from '../errors.js';
import { presentAppeal, presentEvent, presentEvidence, presentVersion } from './presenters.js';

/** The caller as the appeals domain sees it; the product of a subject must be enabled too. */
function appealActor(request: FastifyRequest, product?: string): appeals.AppealActor {
  const actor = request.actor!;
  if (product) authorize(actor, 'product:use', { product });
  return {
    userId: actor.userId,
    email: actor.email,
    organizationId: actor.organization.id,
    canReview: can(actor, 'appeal:review'),
  };
}

const change = (result: Awaited<ReturnType<typeof appeals.saveDraft>>) => ({
  appeal: presentAppeal(result.appeal),
  version: result.version,
});

/**
 * /api/caribou/appeals (SPEC §7): draft_details, recalculate, features_modification,
 * publish_features_modification, revert_draft, push_draft, push_appeal, expire; and review,
 * reject, the list, an appeal with its timeline, evidence files, the audit CSV and the deadline.
 */
export async function registerAppealRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;
  const blobs = app.ctx.portfolio?.blobs ?? new LocalBlobStore(path.join(config.dataDir, 'blobs'));
  await app.register(multipart, { limits: { fileSize: APPEAL_EVIDENCE_MAX_BYTES, files: 1, fields: 2 } });

  app.get(
    '/caribou/appeals/draft_details',
    { schema: { response: { 200: draftDetailsResponseSchema } }, config: { policy: 'appeal:read' } },
    async (request) => {
      const query = draftDetailsQuerySchema.parse(request.query);
      const details = await appeals.draftDetails(db, appealActor(request, query.product), query);
      return {
        ...details,
        appeal: details.appeal && presentAppeal(details.appeal),
        versions: details.versions.map(presentVersion),
      };
    },
  );

  app.post(
    '/caribou/appeals/recalculate',
    { schema: { response: { 200: recalculateResponseSchema } }, config: { policy: 'appeal:draft' } },
    async (request) => {
      const body = appealInputSchema.parse(request.body);
      return appeals.recalculate(db, appealActor(request, body.product), body);
    },
  );

  app.post(
    '/caribou/appeals/features_modification',
    { schema: { response: { 200: appealChangeResponseSchema } }, config: { policy: 'appeal:draft' } },
    async (request) => {
      const body = appealInputSchema.parse(request.body);
      return change(await appeals.saveDraft(db, appealActor(request, body.product), body));
    },
  );

  app.post(
    '/caribou/appeals/push_appeal',
    { schema: { response: { 200: appealChangeResponseSchema } }, config: { policy: 'appeal:draft' } },
    async (request) => {
      const body = appealInputSchema.parse(request.body);
      return change(await appeals.pushAppeal(db, appealActor(request, body.product), body));
    },
  );

  app.post(
    '/caribou/appeals/publish_features_modification',
    { schema: { response: { 200: appealChangeResponseSchema } }, config: { policy: 'appeal:review' } },
    async (request) => {
      const body = appealInputSchema.parse(request.body);
      return change(await appeals.publishAppeal(db, appealActor(request, body.product), body));
    },
  );

  const transitions = [
    ['revert_draft', 'appeal:draft'],
    ['push_draft', 'appeal:draft'],
    ['review', 'appeal:review'],
    ['reject', 'appeal:review'],
    ['expire', 'appeal:review'],
  ] as const;
  for (const [name, policy] of transitions) {
    app.post(
      `/caribou/appeals/${name}`,
      { schema: { response: { 200: appealChangeResponseSchema } }, config: { policy } },
      async (request) => {
        const ref = appealRefSchema.parse(request.body);
        return change(await appeals.transitionAppeal(db, appealActor(request, ref.product), name, ref));
      },
    );
  }

  app.post(
    '/caribou/appeals/acknowledge',
    {
      schema: { response: { 200: appealChangeResponseSchema } },
      config: {
        policy: 'appeal:review',
        openapi: { summary: 'Acknowledge receipt of an appeal (its acknowledge-by deadline)', body: appealRefSchema },
      },
    },
    async (request) => {
      const ref = appealRefSchema.parse(request.body);
      return change(await appeals.acknowledgeAppeal(db, appealActor(request, ref.product), ref));
    },
  );

  app.get(
    '/caribou/appeals/timers',
    { schema: { response: { 200: appealTimerSettingsResponseSchema } }, config: { policy: 'appeal:read' } },
    async (request) => timerSettings(db, appealActor(request)),
  );

  app.put(
    '/caribou/appeals/timers',
    {
      schema: { response: { 200: appealTimerSettingsResponseSchema } },
      config: {
        policy: 'appeal:review',
        openapi: {
          summary: 'Statutory days to acknowledge, decide and re-score, per state',
          body: appealTimerSettingsSchema,
        },
      },
    },
    async (request) => {
      const body = appealTimerSettingsSchema.parse(request.body);
      return updateTimerSettings(db, appealActor(request), body.rows);
    },
  );

  app.get(
    '/caribou/appeals/regulator_export.csv',
    {
      config: {
        policy: 'appeal:review',
        rawResponse: true,
        openapi: {
          summary: 'Regulator export: appeals and mitigation requests of a period, times and outcomes',
          query: regulatorExportQuerySchema,
        },
      },
    },
    async (request, reply) => {
      const { from, to } = regulatorExportQuerySchema.parse(request.query);
      const csv = await regulatorCsv(db, appealActor(request), from, to);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="appeals_regulator_${from}_${to}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/caribou/appeals',
    { schema: { response: { 200: appealListResponseSchema } }, config: { policy: 'appeal:read' } },
    async (request) => {
      const query = appealListQuerySchema.parse(request.query);
      const filters = {
        statuses: query.status,
        product: query.product,
        propertyId: query.propertyId,
        overdue: query.overdue === undefined ? undefined : query.overdue === 'true',
        kind: query.kind,
        sort: query.sort,
      };
      const { rows, total } = await appeals.listOrganizationAppeals(db, appealActor(request), {
        ...filters,
        limit: query.itemsPerPage,
        offset: (query.page - 1) * query.itemsPerPage,
        now: new Date(),
      });
      return { total, results: rows.map((row) => presentAppeal(row)) };
    },
  );

  app.get(
    '/caribou/appeals/:id',
    { schema: { response: { 200: appealDetailResponseSchema } }, config: { policy: 'appeal:read' } },
    async (request) => {
      const { id } = appealIdParamsSchema.parse(request.params);
      const detail = await appeals.appealDetail(db, appealActor(request), id);
      return {
        appeal: presentAppeal(detail.appeal),
        evidence: detail.evidence.map(presentEvidence),
        timeline: detail.timeline.map(presentEvent),
        versions: detail.versions.map(presentVersion),
        allowed: detail.allowed,
      };
    },
  );

  app.post(
    '/caribou/appeals/:id/evidence',
    { schema: { response: { 201: appealEvidenceResponseSchema } }, config: { policy: 'appeal:draft' } },
    async (request, reply) => {
      const { id } = appealIdParamsSchema.parse(request.params);
      const file = await readEvidenceFile(request);
      const evidence = await addEvidence(db, blobs, appealActor(request), id, file);
      return reply.status(201).send({ evidence: presentEvidence(evidence) });
    },
  );

  app.get(
    '/caribou/appeals/:id/evidence/:evidenceId',
    { config: { policy: 'appeal:read', rawResponse: true } },
    async (request, reply) => {
      const { id, evidenceId } = evidenceParamsSchema.parse(request.params);
      const file = await readEvidence(db, blobs, appealActor(request), id, evidenceId);
      reply
        .header('content-disposition', `inline; filename="${file.fileName.replace(/"/g, '')}"`)
        .header('x-content-type-options', 'nosniff');
      return reply.type(file.mediaType).send(file.stream);
    },
  );

  app.get(
    '/caribou/appeals/audit.csv',
    { config: { policy: 'appeal:review', rawResponse: true } },
    async (request, reply) => {
      const { propertyId } = auditExportQuerySchema.parse(request.query);
      const csv = await auditCsv(db, appealActor(request), propertyId);
      const name = propertyId ? `appeals_audit_${propertyId.replace(/[^\w]/g, '_')}.csv` : 'appeals_audit.csv';
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(csv);
    },
  );

  app.get(
    '/caribou/appeals/settings',
    { schema: { response: { 200: appealSettingsResponseSchema } }, config: { policy: 'appeal:read' } },
    async (request) => appeals.appealSettings(db, appealActor(request)),
  );

  app.put(
    '/caribou/appeals/settings',
    { schema: { response: { 200: appealSettingsResponseSchema } }, config: { policy: 'appeal:review' } },
    async (request) => {
      const body = appealSettingsSchema.parse(request.body);
      return appeals.updateAppealSettings(db, appealActor(request), body);
    },
  );
}

/** The one file of a multipart upload, read whole (≤ 10 MB), with its type checked on its bytes. */
async function readEvidenceFile(
  request: FastifyRequest,
): Promise<{ fileName: string; mediaType: string; data: Buffer }> {
  if (!request.isMultipart()) throw badRequest('Send the evidence as multipart/form-data in a field named "file".');
  const limitMb = APPEAL_EVIDENCE_MAX_BYTES / 1024 / 1024;
  let data: Buffer;
  let part;
  try {
    part = await request.file();
    if (!part || part.fieldname !== 'file') throw badRequest('Send the evidence in a field named "file".');
    data = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw payloadTooLarge(`Evidence files can be at most ${limitMb} MB.`);
    throw error;
  }
  if (!data.length) throw badRequest('The file is empty.');
  const sniffed = sniffEvidenceType(data.subarray(0, 16));
  if (!sniffed || !(APPEAL_EVIDENCE_TYPES as readonly string[]).includes(sniffed))
    throw badRequest('Evidence must be a photo (JPEG, PNG, WebP) or a PDF.');
  return { fileName: part.filename || 'evidence', mediaType: sniffed, data };
}
