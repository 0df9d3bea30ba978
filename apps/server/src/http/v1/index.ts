import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authorize } from '../../auth/policy.js';
import { callerForApiKey } from '../../domain/api-keys/authenticate.js';
import { forbidden, unauthorized } from '../errors.js';
import { depsOf } from '../portfolios/context.js';
import { problemErrorHandler, problemOf, sendProblem } from './problem.js';
import { registerV1PortfolioRoutes } from './portfolios.js';
import { registerV1PropertyRoutes } from './properties.js';
import { registerV1UsageRoutes } from './usage.js';
import { registerV1MitigationRoutes } from './mitigation.js';
import { registerV1NoticeRoutes } from './notices.js';
import { registerV1ChangeRoutes } from './changes.js';

const BEARER = /^Bearer\s+(\S+)$/i;

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key a /v1 request was made with. */
    apiKeyId?: string;
  }
}

/** The key of a request: `Authorization: Bearer <key>` or `x-api-key: <key>`. */
function keyOf(request: FastifyRequest): string | undefined {
  const bearer = BEARER.exec(request.headers.authorization ?? '')?.[1];
  const header = request.headers['x-api-key'];
  return bearer ?? (typeof header === 'string' ? header.trim() : undefined);
}

/**
 * The public API (issue 19), under /v1: called with an API key, never a browser token. Each
 * request is checked against the database (key neither revoked nor expired, at this instant) and
 * takes a token from the key's bucket in the same round trip, so the limit holds across every
 * server process; over it the answer is 429 with Retry-After. Errors are RFC 9457
 * application/problem+json with a stable `code`; every answer carries x-request-id (app.ts).
 */
export async function registerPublicApi(app: FastifyInstance) {
  const settings = {
    userManagementEnabled: app.ctx.config.runtime.USER_MANAGEMENT_ENABLED,
    billingPageEnabled: app.ctx.config.runtime.BILLING_PAGE_ENABLED,
    portfolioEnabled: app.ctx.config.runtime.PORTFOLIO_ENABLED,
  };
  app.setErrorHandler(problemErrorHandler);
  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      reply,
      problemOf(404, 'not_found', `No route for ${request.method} ${request.url.split('?')[0]}.`, request),
    ),
  );

  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const policy = request.routeOptions.config?.policy;
    if (request.is404 || policy === 'public') return;
    if (!policy) throw forbidden('This route declares no policy.');
    const key = keyOf(request);
    if (!key) throw unauthorized('Send your API key as `Authorization: Bearer <key>` or `x-api-key: <key>`.');
    const caller = await callerForApiKey(app.ctx.db, key, settings);
    reply.header('ratelimit-limit', String(caller.rate.burst));
    reply.header('ratelimit-remaining', String(caller.rate.remaining));
    if (!caller.rate.allowed) {
      const seconds = Math.max(1, Math.ceil(caller.rate.retryAfterMs / 1000));
      reply.header('retry-after', String(seconds));
      return sendProblem(
        reply,
        problemOf(429, 'rate_limited', `This API key is over its rate limit. Retry in ${seconds} s.`, request),
      );
    }
    request.actor = caller.actor;
    request.apiKeyId = caller.keyId;
    authorize(caller.actor, policy);
  });

  await app.register(multipart, { limits: { fileSize: depsOf(app).maxUploadBytes, files: 1, fields: 5 } });
  await registerV1PropertyRoutes(app);
  await registerV1PortfolioRoutes(app);
  await registerV1UsageRoutes(app);
  await registerV1MitigationRoutes(app);
  await registerV1NoticeRoutes(app);
  await registerV1ChangeRoutes(app);
}
