import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { JobQueue } from '../src/jobs/queue.js';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

const { app, db } = await useTestApp({ METRICS_TOKEN: 'metrics-secret-token' });

describe('operating endpoints', () => {
  it('is alive without the database, and ready once database, migrations and queue are there', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    // The queue's schema is installed by the first process that starts it.
    const queue = new JobQueue(db);
    await queue.send(
      {
        id: 'ops-probe',
        version: 1,
        schema: (await import('zod')).z.object({}),
        expireInSeconds: 60,
        retryLimit: 0,
        retryDelaySeconds: 1,
      },
      [{}],
    );
    await queue.stop();
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', checks: { database: true, migrations: true, queue: true } });
  });

  it('is not ready while a migration this build ships is missing, and says which', async () => {
    const row = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(db);
    const name = row.rows[0]!.name;
    await sql`DELETE FROM kysely_migration WHERE name = ${name}`.execute(db);
    try {
      const answer = await app.inject({ method: 'GET', url: '/readyz' });
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBeDefined();
      expect(answer.json().detail).toContain(name);
    } finally {
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${name}, now()::text)`.execute(db);
    }
  });

  it('serves Prometheus metrics only with the metrics token', async () => {
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: 'Bearer wrong-token-of-same-len' },
        })
      ).statusCode,
    ).toBe(401);
    await app.inject({ method: 'GET', url: '/version' });
    const answer = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-secret-token' },
    });
    expect(answer.statusCode).toBe(200);
    const text = answer.body;
    expect(text).toContain('zview_http_request_duration_seconds_bucket');
    expect(text).toMatch(
      /zview_http_request_duration_seconds_count\{method="GET",route="\/version",status_code="200"\} \d+/,
    );
    expect(text).toContain('zview_http_requests_in_flight');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('zview_db_pool_connections{state="total"}');
    expect(text).toContain('zview_queue_depth');
    expect(text).toContain('zview_portfolio_rows_per_second');
  });

  it('labels requests by route pattern, never by the raw URL', async () => {
    const org = await createOrganization(db, { products: ['zfire', 'zfire-portfolio'] });
    const user = await createUser(db, { org });
    await app.inject({
      method: 'GET',
      url: '/api/caribou/portfolio/123456/metadata?x=secret',
      headers: await authHeader(app, user),
    });
    const text = (
      await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-secret-token' } })
    ).body;
    expect(text).not.toContain('123456');
    expect(text).not.toContain('secret');
  });
});
