import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { APP_VERSION, ERROR_CODES, REQUEST_ID_HEADER, VERSION_HEADER } from '@zview/contracts';
import { validatorCompiler } from 'fastify-type-provider-zod';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.js';
import type { Db } from './db/database.js';
import type { ImagerySources } from './domain/imagery/service.js';
import type { PortfolioServices } from './portfolio-services.js';
import { registerErrorHandler } from './http/errors.js';
import { registerApiRoutes } from './http/index.js';
import { registerOpenApiGenerator } from './http/openapi.js';
import { registerPublicApi } from './http/v1/index.js';
import { registerCollectorRoutes } from './http/collector.js';
import { registerPrOverrideEcho } from './http/pr-override.js';
import { registerPublicIdentityRoutes } from './http/identity.js';
import { registerIdentityProvider } from './http/oidc.js';
import { registerOpsRoutes } from './http/ops.js';
import { registerPlatformRoutes } from './http/platform.js';
import { redactUrl } from './http/redact.js';
import { declaresResponse, registerZodResponseSerializer } from './http/response-schemas.js';
import { securityHeaders } from './http/security-headers.js';
import { initServerErrorReporting } from './error-reporting.js';
import { createLogger, requestContext } from './ops/logger.js';
import { guardSlowBodies } from './http/slow-clients.js';
import type { Logger } from 'pino';
import type { BlobStore } from './storage/blob-store.js';
import { closeOffLoopPool } from './domain/off-loop/pool.js';

export interface AppContext {
  config: ServerConfig;
  db: Db;
  /** Scene and capture queries of the imagery renderer (the world's); none = empty imagery. */
  imagery?: ImagerySources;
  /** Blob store of imported imagery pyramids; the deployment's (createBlobStore) when absent. */
  imageryBlobs?: BlobStore;
  /** Blob store, job queue and engines of the portfolio tool; created on first use when absent. */
  portfolio?: PortfolioServices;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every route registered, with its declared policy (checked by test/route-policy.test.ts). */
    registeredRoutes: { method: string; url: string; policy?: string }[];
    /** Every route with whether it declares a response schema or is exempt (checked by test/response-contracts.test.ts). */
    routeContracts: {
      method: string;
      url: string;
      response: boolean;
      exempt: boolean;
      /** Which of its inputs the route declares as schemas (checked by test/openapi-document.test.ts). */
      input: { params: boolean; querystring: boolean; body: boolean };
    }[];
  }
}

export interface BuildAppOptions {
  /** Log JSON lines to stdout (the process logger's settings). */
  logger?: boolean;
  /** Log with this pino logger instead (tests capture the lines). */
  log?: Logger;
}

/** Builds the HTTP application: API, identity provider, runtime config and the web app, on one port. */
/**
 * Fastify refuses bare hop counts (it cannot check the peer); TRUST_PROXY=N means "the N nearest
 * hops are our proxies", for a server only they can reach (HOST=localhost behind them).
 */
function trustProxyFunction(
  setting: ServerConfig['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const logger =
    options.log ?? (options.logger ? createLogger({ base: { role: process.env.ZVIEW_ROLE ?? 'all' } }) : undefined);
  const app = Fastify({
    ...(logger ? { loggerInstance: logger as FastifyBaseLogger } : { logger: false }),
    // Fastify's own request lines would log raw URLs; one line per request is written below.
    logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // Only configured proxies (TRUST_PROXY) may name the client: X-Forwarded-For from anyone else
    // would let a client dodge the sign-in IP lockout or lock a victim's address.
    trustProxy: trustProxyFunction(ctx.config.trustProxy),
    // A request that never completes (a multipart body without its closing boundary) is answered
    // and closed rather than held open (issue 12).
    requestTimeout: ctx.config.requestTimeoutMs,
    // Headers must arrive in full within HEADERS_TIMEOUT_S; Node checks every second (default 30 s).
    http: {
      headersTimeout: ctx.config.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, ctx.config.headersTimeoutMs),
    },
    // Every answer carries its request id (x-request-id): the client's when it sent a sane one (issue 19);
    // it is on every log line of the request (requestId) and of the jobs it queues (issue 20).
    genReqId: requestId,
  });
  app.decorate('ctx', ctx);
  // The render threads (domain/off-loop) end with the app: in-flight downloads have been drained
  // by then, and their idle threads would otherwise live a minute past a server's shutdown.
  app.addHook('onClose', () => closeOffLoopPool());
  // Beyond this many open connections the process drops new ones instead of exhausting itself.
  app.server.maxConnections = ctx.config.maxConnections;
  guardSlowBodies(app, ctx.config);
  initServerErrorReporting({ dsn: ctx.config.runtime.ERROR_REPORTING_DSN, environment: ctx.config.runtime.ENV });
  const registeredRoutes: FastifyInstance['registeredRoutes'] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  const routeContracts: FastifyInstance['routeContracts'] = [];
  app.decorate('routeContracts', routeContracts);
  const webApp = { registering: false };
  app.addHook('onRoute', (route) => {
    // The built web app's files (routes added by @fastify/static) are public by nature.
    if (webApp.registering && route.config?.policy === undefined) route.config = { ...route.config, policy: 'public' };
    for (const method of [route.method].flat()) {
      registeredRoutes.push({ method, url: route.url, policy: route.config?.policy });
      routeContracts.push({
        method,
        url: route.url,
        response: declaresResponse(route.schema as never),
        exempt: Boolean(route.config?.rawResponse),
        input: {
          params: Boolean(route.schema?.params),
          querystring: Boolean(route.schema?.querystring ?? (route.schema as { query?: unknown } | undefined)?.query),
          body: Boolean(route.schema?.body),
        },
      });
    }
  });

  const headers = {
    [VERSION_HEADER]: APP_VERSION,
    ...securityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          workerSrc: ["'self'", 'blob:'],
          childSrc: ["'self'", 'blob:'],
          connectSrc: [
            "'self'",
            ...(ctx.config.runtime.ANALYTICS_HOST ? [ctx.config.runtime.ANALYTICS_HOST] : []),
            ...dsnOrigin(ctx.config.runtime.ERROR_REPORTING_DSN),
          ],
          fontSrc: ["'self'", 'data:'],
          formAction: null,
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  };
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  // The rest of the request runs with its id and logger in context: jobs it queues carry the id.
  app.addHook('onRequest', (request, _reply, done) =>
    requestContext.run({ requestId: request.id, log: request.log }, done),
  );
  // One line per request, by a child of the app's logger that redacts nothing: the line holds only
  // fields written here (the method, the URL through redactUrl, the status, the time), and pino's
  // redaction of REDACTED_PATHS cost 7 µs a line against 2 (8.7 and 2.2 µs, session 29), about 5%
  // of a lookup's main-thread CPU. Every other line is redacted as before.
  const requestLines = logger?.child({}, { redact: [] });
  app.addHook('onResponse', async (request, reply) => {
    requestLines?.info(
      {
        requestId: request.id,
        req: { method: request.method, url: redactUrl(request.url) },
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
  await registerOpenApiGenerator(app);
  registerErrorHandler(app);
  registerPrOverrideEcho(app);
  // Every route declares its params, querystring and body as zod schemas (packages/contracts):
  // Fastify validates them before the handler, which receives the parsed values (typed by
  // fastify-type-provider-zod's ZodTypeProvider); a failure answers 400 in the product's shape (errors.ts).
  app.setValidatorCompiler(validatorCompiler);
  // An absent body is an empty one (as the handlers' own `parse(request.body ?? {})` had it):
  // a body of optional fields may be left out, and a missing required field is named.
  app.addHook('preValidation', async (request) => {
    if (request.body == null && request.routeOptions.schema?.body) request.body = {};
  });
  registerZodResponseSerializer(app, { check: process.env.NODE_ENV !== 'production' });

  await registerOpsRoutes(app);
  await registerPlatformRoutes(app);
  await registerIdentityProvider(app);
  await registerPublicIdentityRoutes(app);
  await app.register(registerApiRoutes, { prefix: '/api' });
  await registerCollectorRoutes(app);
  await app.register(registerPublicApi, { prefix: '/v1' });
  webApp.registering = true;
  await registerWebApp(app, ctx.config.webDistDir);
  webApp.registering = false;
  return app;
}

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
function requestId(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** The origin the browser sends error reports to (connect-src), if a DSN is configured. */
function dsnOrigin(dsn: string | undefined): string[] {
  if (!dsn) return [];
  try {
    return [new URL(dsn).origin];
  } catch {
    return [];
  }
}

/** Serves the built SPA: real files from dist, index.html for every other non-API path. */
async function registerWebApp(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // send's own Cache-Control (public, max-age=0) would overwrite what setHeaders sets: the
      // header is ours alone, or every page load revalidates every chunk (one round trip per wave
      // of lazy chunks on the sign-in's critical path, issue 21).
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/, so it may be cached for a year.
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const publicHost = new URL(app.ctx.config.publicUrl).hostname;
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // A page opened on another host than PUBLIC_URL (http://127.0.0.1:8080 for localhost) could not
    // sign in: the CSP and the identity provider know PUBLIC_URL only. Send the browser there (issue 12).
    if (
      request.method === 'GET' &&
      request.hostname !== publicHost &&
      (request.headers.accept ?? '').includes('text/html')
    ) {
      return reply.redirect(`${app.ctx.config.publicUrl}${request.url}`, 302);
    }
    const isApi = url === '/api' || url.startsWith('/api/');
    if (isApi || url.startsWith('/assets/') || request.method !== 'GET') {
      return reply
        .status(404)
        .send({ error: { code: ERROR_CODES.notFound, message: `No route for ${request.method} ${url}.` } });
    }
    reply.header('cache-control', 'no-cache');
    if (!hasBuild) {
      return reply
        .type('text/html')
        .send('<!doctype html><title>Z-VIEW</title><p>The web app is not built. Run <code>npm run build</code>.</p>');
    }
    return reply.sendFile('index.html');
  });
}
