import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { APP_VERSION, ERROR_CODES, VERSION_HEADER } from '@zview/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.js';
import type { Db } from './db/database.js';
import type { ImagerySources } from './domain/imagery/service.js';
import type { PortfolioServices } from './portfolio-services.js';
import { registerErrorHandler } from './http/errors.js';
import { registerApiRoutes } from './http/index.js';
import { registerPublicIdentityRoutes } from './http/identity.js';
import { registerIdentityProvider } from './http/oidc.js';
import { registerPlatformRoutes } from './http/platform.js';
import { redactUrl } from './http/redact.js';
import { declaresResponse, registerZodResponseSerializer } from './http/response-schemas.js';
import { securityHeaders } from './http/security-headers.js';

export interface AppContext {
  config: ServerConfig;
  db: Db;
  /** Scene and capture queries of the imagery renderer (the world's); none = empty imagery. */
  imagery?: ImagerySources;
  /** Blob store, job queue and engines of the portfolio tool; created on first use when absent. */
  portfolio?: PortfolioServices;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every route registered, with its declared policy (checked by test/route-policy.test.ts). */
    registeredRoutes: { method: string; url: string; policy?: string }[];
    /** Every route with whether it declares a response schema or is exempt (checked by test/response-contracts.test.ts). */
    routeContracts: { method: string; url: string; response: boolean; exempt: boolean }[];
  }
}

export interface BuildAppOptions {
  logger?: boolean;
}

/** Builds the HTTP application: API, identity provider, runtime config and the web app, on one port. */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger
      ? {
          level: process.env.LOG_LEVEL ?? 'info',
          redact: ['req.headers.authorization', 'req.headers.cookie'],
          // URLs of the identity flows carry one-time credentials (sessionToken, code, reset links).
          serializers: {
            req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
          },
        }
      : false,
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  });
  app.decorate('ctx', ctx);
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
      routeContracts.push({ method, url: route.url, response: declaresResponse(route.schema as never), exempt: Boolean(route.config?.rawResponse) });
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
          connectSrc: ["'self'", ...(ctx.config.runtime.ANALYTICS_HOST ? [ctx.config.runtime.ANALYTICS_HOST] : [])],
          fontSrc: ["'self'", 'data:'],
          formAction: null,
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  };
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
  registerErrorHandler(app);
  registerZodResponseSerializer(app, { check: process.env.NODE_ENV !== 'production' });

  await registerPlatformRoutes(app);
  await registerIdentityProvider(app);
  await registerPublicIdentityRoutes(app);
  await app.register(registerApiRoutes, { prefix: '/api' });
  webApp.registering = true;
  await registerWebApp(app, ctx.config.webDistDir);
  webApp.registering = false;
  return app;
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
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/, so it may be cached for a year.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/');
    if (isApi || url.startsWith('/assets/') || request.method !== 'GET') {
      return reply
        .status(404)
        .send({ error: { code: ERROR_CODES.notFound, message: `No route for ${request.method} ${url}.` } });
    }
    reply.header('cache-control', 'no-cache');
    if (!hasBuild) {
      return reply.type('text/html').send('<!doctype html><title>Z-VIEW</title><p>The web app is not built. Run <code>npm run build</code>.</p>');
    }
    return reply.sendFile('index.html');
  });
}
