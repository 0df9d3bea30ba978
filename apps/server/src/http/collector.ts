import { segmentBatchResponseSchema, segmentBatchSchema } from '@zview/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AnalyticsWriter } from '../db/analytics.js';
import { collectBatch } from '../domain/analytics/collector.js';
import { actorForToken } from './authenticate.js';
import { withZod } from './route-config.js';

const BASIC = /^Basic ([A-Za-z0-9+/]+=*)$/;
const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;
/** Above this Fastify refuses the body itself (413); up to it the domain names the 480 KB limit (SPEC: 480 KB per batch). */
const BODY_LIMIT = 8 * 1024 * 1024;

/** The write key of `Authorization: Basic base64(writeKey:)`. */
function basicWriteKey(request: FastifyRequest): string | undefined {
  const encoded = BASIC.exec(request.headers.authorization ?? '')?.[1];
  if (!encoded) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  return decoded.split(':')[0] || undefined;
}

/**
 * POST /v1/batch: the Segment-compatible collector (SPEC §7 "Analytics"), outside /api, where the
 * web app's analytics client (and any Segment library) sends its batches. Public as a route: the
 * write key is the credential; a bearer token (token auth) attributes the events to the signed-in
 * user and the organisation acted for, and a bad one is refused with 401 (the client clears it).
 */
export async function registerCollectorRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  const writer = new AnalyticsWriter(app.ctx.db);
  app.addHook('onClose', () => writer.close());
  app.post(
    '/v1/batch',
    {
      schema: {
        summary: 'Send a batch of analytics events',
        description:
          'The Segment-compatible collector: a batch of track, page and identify messages (480 KB at most), with the write key as `Authorization: Basic base64(writeKey:)` or `writeKey`; a bearer token attributes the events to the signed-in user.',
        body: segmentBatchSchema,
        response: { 200: segmentBatchResponseSchema },
      },
      config: { policy: 'public' },
      bodyLimit: BODY_LIMIT,
    },
    async (request, reply) => {
      const body = request.body;
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      await collectBatch(writer, app.ctx.config.runtime.ANALYTICS_WRITE_KEY, body, {
        writeKey: basicWriteKey(request) ?? body.writeKey,
        bodyBytes: Number(request.headers['content-length']) || Buffer.byteLength(JSON.stringify(body)),
        receivedAt: new Date(),
        attribute: token
          ? async (groupId) => {
              const actor = await actorForToken(app, token, groupId);
              return { userId: actor.userId, organizationId: actor.organization.id };
            }
          : undefined,
      });
      return reply.code(200).send({ success: true as const });
    },
  );
}
