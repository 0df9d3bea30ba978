import { existsSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { APP_VERSION, ERROR_CODES, VERSION_HEADER } from '@zview/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.js';
import type { Db } from './db/database.js';
import type { ImagerySources } from './domain/imagery/service.js';
import { registerErrorHandler } from './http/errors.js';
import { registerApiRoutes } from './http/index.js';
import { registerPlatformRoutes } from './http/platform.js';

export interface AppContext {
  config: ServerConfig;
  db: Db;
  /** Scene and capture queries of the imagery renderer (the world's); none = empty imagery. */
  imagery?: ImagerySources;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuildAppOptions {
  logger?: boolean;
}

/** Builds the HTTP application: API, identity provider, runtime config and the web app, on one port. */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger
      ? { level: process.env.LOG_LEVEL ?? 'info', redact: ['req.headers.authorization', 'req.headers.cookie'] }
      : false,
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  });
  app.decorate('ctx', ctx);

  app.addHook('onRequest', async (_request, reply) => {
    reply.header(VERSION_HEADER, APP_VERSION);
  });
  await app.register(helmet, {
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
  });
  registerErrorHandler(app);

  await registerPlatformRoutes(app);
  await app.register(registerApiRoutes, { prefix: '/api' });
  await registerWebApp(app, ctx.config.webDistDir);
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
