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
import { fileResponse, withZod } from '../route-config.js';
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
export async function registerAppealRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  const { db, config } = app.ctx;
  const blobs = app.ctx.portfolio?.blobs ?? new LocalBlobStore(path.join(config.dataDir, 'blobs'));
  await app.register(multipart, { limits: { fileSize: APPEAL_EVIDENCE_MAX_BYTES, files: 1, fields: 2 } });

  app.get(
    '/caribou/appeals/draft_details',
    {
      schema: {
        summary: 'An appeal draft and its score versions',
        description:
          'The open appeal of a property and product (if any), its manual inputs and the score versions so far; with `featureName`, the one feature’s details.',
        querystring: draftDetailsQuerySchema,
        response: { 200: draftDetailsResponseSchema },
      },
      config: { policy: 'appeal:read' },
    },
    async (request) => {
      const details = await appeals.draftDetails(db, appealActor(request, request.query.product), request.query);
      return {
        ...details,
        appeal: details.appeal && presentAppeal(details.appeal),
        versions: details.versions.map(presentVersion),
      };
    },
  );

  app.post(
    '/caribou/appeals/recalculate',
    {
      schema: {
        summary: 'Recalculate a score with manual inputs',
        description: 'The score the property would have with the manual inputs given; nothing is saved.',
        body: appealInputSchema,
        response: { 200: recalculateResponseSchema },
      },
      config: { policy: 'appeal:draft' },
    },
    async (request) => appeals.recalculate(db, appealActor(request, request.body.product), request.body),
  );

  const drafts = [
    [
      'features_modification',
      'appeal:draft',
      'Save an appeal draft',
      'Saves the manual inputs and reason as the draft appeal of the property and product.',
      appeals.saveDraft,
    ],
    [
      'push_appeal',
      'appeal:draft',
      'Submit an appeal',
      'Saves the manual inputs and submits the appeal for review; its statutory deadlines start.',
      appeals.pushAppeal,
    ],
    [
      'publish_features_modification',
      'appeal:review',
      'Publish an appeal’s score',
      'Reviewers: accepts the appeal and publishes the score computed with its manual inputs as a new version.',
      appeals.publishAppeal,
    ],
  ] as const;
  for (const [name, policy, summary, description, command] of drafts) {
    app.post(
      `/caribou/appeals/${name}`,
      {
        schema: { summary, description, body: appealInputSchema, response: { 200: appealChangeResponseSchema } },
        config: { policy },
      },
      async (request) => change(await command(db, appealActor(request, request.body.product), request.body)),
    );
  }

  const transitions = [
    ['revert_draft', 'appeal:draft', 'Discard an appeal draft', 'Removes the draft of an appeal not yet submitted.'],
    ['push_draft', 'appeal:draft', 'Submit an appeal draft', 'Submits the saved draft for review.'],
    ['review', 'appeal:review', 'Start reviewing an appeal', 'Reviewers: moves a submitted appeal under review.'],
    ['reject', 'appeal:review', 'Reject an appeal', 'Reviewers: rejects the appeal, with an optional note.'],
    ['expire', 'appeal:review', 'Expire an appeal', 'Reviewers: closes an appeal that was not pursued.'],
  ] as const;
  for (const [name, policy, summary, description] of transitions) {
    app.post(
      `/caribou/appeals/${name}`,
      {
        schema: {
          summary,
          description: `${description} The appeal is named by \`appealId\`, or by \`propertyId\` and \`product\` of the open appeal.`,
          body: appealRefSchema,
          response: { 200: appealChangeResponseSchema },
        },
        config: { policy },
      },
      async (request) =>
        change(await appeals.transitionAppeal(db, appealActor(request, request.body.product), name, request.body)),
    );
  }

  app.post(
    '/caribou/appeals/acknowledge',
    {
      schema: {
        summary: 'Acknowledge an appeal',
        description: 'Reviewers: acknowledges receipt of an appeal, meeting its acknowledge-by deadline.',
        body: appealRefSchema,
        response: { 200: appealChangeResponseSchema },
      },
      config: { policy: 'appeal:review' },
    },
    async (request) =>
      change(await appeals.acknowledgeAppeal(db, appealActor(request, request.body.product), request.body)),
  );

  app.get(
    '/caribou/appeals/timers',
    {
      schema: {
        summary: 'Statutory appeal deadlines',
        description: 'Days to acknowledge, decide and re-score an appeal, per state, with the defaults.',
        response: { 200: appealTimerSettingsResponseSchema },
      },
      config: { policy: 'appeal:read' },
    },
    async (request) => timerSettings(db, appealActor(request)),
  );

  app.put(
    '/caribou/appeals/timers',
    {
      schema: {
        summary: 'Set the statutory appeal deadlines',
        description: 'Reviewers: days to acknowledge, decide and re-score, one row per state (`*` for every other).',
        body: appealTimerSettingsSchema,
        response: { 200: appealTimerSettingsResponseSchema },
      },
      config: { policy: 'appeal:review' },
    },
    async (request) => updateTimerSettings(db, appealActor(request), request.body.rows),
  );

  app.get(
    '/caribou/appeals/regulator_export.csv',
    {
      schema: {
        summary: 'Regulator export of appeals',
        description:
          'Reviewers: the appeals and mitigation requests opened from `from` up to `to`, with their times and outcomes, as a CSV attachment.',
        querystring: regulatorExportQuerySchema,
        response: { 200: fileResponse('The appeals of the period, as a CSV attachment', ['text/csv']) },
      },
      config: { policy: 'appeal:review', rawResponse: true },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const csv = await regulatorCsv(db, appealActor(request), from, to);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="appeals_regulator_${from}_${to}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/caribou/appeals',
    {
      schema: {
        summary: 'List appeals',
        description:
          'The organisation’s appeals, a page at a time, filtered by status, product, property, kind or overdue; `sort=deadline` is the deadline queue.',
        querystring: appealListQuerySchema,
        response: { 200: appealListResponseSchema },
      },
      config: { policy: 'appeal:read' },
    },
    async (request) => {
      const query = request.query;
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
    {
      schema: {
        summary: 'An appeal',
        description: 'One appeal with its evidence, timeline, score versions and what the caller may do next.',
        params: appealIdParamsSchema,
        response: { 200: appealDetailResponseSchema },
      },
      config: { policy: 'appeal:read' },
    },
    async (request) => {
      const detail = await appeals.appealDetail(db, appealActor(request), request.params.id);
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
    {
      schema: {
        summary: 'Add evidence to an appeal',
        description: `A photo (JPEG, PNG, WebP) or a PDF of at most ${APPEAL_EVIDENCE_MAX_BYTES / 1024 / 1024} MB, as multipart/form-data in a field named \`file\`; its type is checked on its bytes.`,
        params: appealIdParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 201: appealEvidenceResponseSchema },
      },
      config: { policy: 'appeal:draft' },
    },
    async (request, reply) => {
      const file = await readEvidenceFile(request);
      const evidence = await addEvidence(db, blobs, appealActor(request), request.params.id, file);
      return reply.status(201).send({ evidence: presentEvidence(evidence) });
    },
  );

  app.get(
    '/caribou/appeals/:id/evidence/:evidenceId',
    {
      schema: {
        summary: 'An evidence file',
        description: 'The file as uploaded, shown inline, in the media type sniffed from its bytes.',
        params: evidenceParamsSchema,
        response: { 200: fileResponse('The evidence file', APPEAL_EVIDENCE_TYPES) },
      },
      config: { policy: 'appeal:read', rawResponse: true },
    },
    async (request, reply) => {
      const { id, evidenceId } = request.params;
      const file = await readEvidence(db, blobs, appealActor(request), id, evidenceId);
      reply
        .header('content-disposition', `inline; filename="${file.fileName.replace(/"/g, '')}"`)
        .header('x-content-type-options', 'nosniff');
      return reply.type(file.mediaType).send(file.stream);
    },
  );

  app.get(
    '/caribou/appeals/audit.csv',
    {
      schema: {
        summary: 'Audit export of appeals',
        description: 'Reviewers: every appeal event (of one property with `propertyId`), as a CSV attachment.',
        querystring: auditExportQuerySchema,
        response: { 200: fileResponse('The appeal events, as a CSV attachment', ['text/csv']) },
      },
      config: { policy: 'appeal:review', rawResponse: true },
    },
    async (request, reply) => {
      const { propertyId } = request.query;
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
    {
      schema: {
        summary: 'Appeal settings',
        description: 'The organisation’s appeal settings: the days an appeal stays open.',
        response: { 200: appealSettingsResponseSchema },
      },
      config: { policy: 'appeal:read' },
    },
    async (request) => appeals.appealSettings(db, appealActor(request)),
  );

  app.put(
    '/caribou/appeals/settings',
    {
      schema: {
        summary: 'Change the appeal settings',
        description: 'Reviewers: the days an appeal stays open (1 to 365).',
        body: appealSettingsSchema,
        response: { 200: appealSettingsResponseSchema },
      },
      config: { policy: 'appeal:review' },
    },
    async (request) => appeals.updateAppealSettings(db, appealActor(request), request.body),
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
