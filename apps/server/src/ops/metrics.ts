import { sql } from 'kysely';
import client from 'prom-client';
import type { Db } from '../db/database.js';
import { poolOf } from '../db/database.js';

/**
 * Prometheus metrics of this process (prom-client). Every process of a fleet (server or worker)
 * exposes its own at /metrics; Prometheus adds them up. Collectors that read the database run at
 * scrape time, bounded, and answer nothing rather than fail the scrape when it is away.
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

export const httpDuration = new client.Histogram({
  name: 'zview_http_request_duration_seconds',
  help: 'HTTP request latency by route (the route pattern, never the raw URL).',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const httpInFlight = new client.Gauge({
  name: 'zview_http_requests_in_flight',
  help: 'HTTP requests being answered now.',
  registers: [registry],
});

export const jobDuration = new client.Histogram({
  name: 'zview_job_duration_seconds',
  help: 'Background job durations by queue (job type and version).',
  labelNames: ['queue', 'outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers: [registry],
});

export const usageQueued = new client.Gauge({
  name: 'zview_usage_write_queue',
  help: 'Usage and lookup records waiting for their group commit (the usage write lag, in records).',
  registers: [registry],
});

/** Database-backed gauges: pool use of this process, queue depth, portfolio throughput. */
export function registerDatabaseMetrics(db: Db): void {
  if (registry.getSingleMetric('zview_db_pool_connections')) return;
  new client.Gauge({
    name: 'zview_db_pool_connections',
    help: 'Connections of this process pool by state.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = poolOf(db);
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new client.Gauge({
    name: 'zview_queue_depth',
    help: 'Jobs waiting or running, by queue.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await bounded(
        sql<{ name: string; state: string; count: number }>`
          SELECT name, state::text AS state, count(*)::int AS count FROM pgboss.job
          WHERE state IN ('created', 'retry', 'active') GROUP BY name, state`.execute(db),
      );
      for (const row of rows?.rows ?? []) this.set({ queue: row.name, state: row.state }, row.count);
    },
  });
  new client.Gauge({
    name: 'zview_portfolio_rows_per_second',
    help: 'Portfolio rows committed per second over the last minute (all workers).',
    registers: [registry],
    async collect() {
      const result = await bounded(
        sql<{ rows: number }>`SELECT coalesce(sum(row_count), 0)::int AS rows FROM portfolio_run_chunks
          WHERE committed_at > now() - interval '60 seconds'`.execute(db),
      );
      this.set((result?.rows[0]?.rows ?? 0) / 60);
    },
  });
}

/** A scrape must not hang on a frozen database: give up after a second. */
async function bounded<T>(query: Promise<T>): Promise<T | undefined> {
  const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 1000).unref());
  return Promise.race([query.catch(() => undefined), timeout]);
}
