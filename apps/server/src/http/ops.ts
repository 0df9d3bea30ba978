import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpDuration, httpInFlight, registerDatabaseMetrics, registry } from '../ops/metrics.js';
import { checkReadiness } from '../ops/readiness.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/unavailable.js';

/**
 * Operating endpoints outside /api: /healthz (the process is alive: no database involved, so a
 * database outage never gets healthy processes restarted), /readyz (database, migrations and queue
 * reachable: a balancer routes only to ready processes) and /metrics (Prometheus, behind
 * METRICS_TOKEN, or loopback callers only when no token is configured).
 */
export async function registerOpsRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;
  registerDatabaseMetrics(db);

  app.addHook('onRequest', async (request) => {
    httpInFlight.inc();
    (request as FastifyRequest & { startedAt?: bigint }).startedAt = process.hrtime.bigint();
  });
  app.addHook('onResponse', async (request, reply) => {
    httpInFlight.dec();
    const started = (request as FastifyRequest & { startedAt?: bigint }).startedAt;
    if (started === undefined) return;
    // The route pattern keeps the label set small; unmatched paths share one label.
    const route = request.routeOptions.url ?? 'unmatched';
    httpDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      Number(process.hrtime.bigint() - started) / 1e9,
    );
  });

  app.get('/healthz', { config: { policy: 'public' } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', { config: { policy: 'public' } }, async (_request, reply) => {
    const readiness = await checkReadiness(db);
    reply.header('cache-control', 'no-store');
    if (!readiness.ready) reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return { status: readiness.ready ? 'ready' : 'not ready', ...readiness };
  });

  app.get('/metrics', { config: { policy: 'public' } }, async (request, reply) => {
    if (!metricsAllowed(request, config.metricsToken)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: { code: 'unauthorized', message: 'Metrics need the metrics token.' } });
    }
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}

function metricsAllowed(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.socket.remoteAddress ?? '');
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
