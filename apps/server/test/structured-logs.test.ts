import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { startPortfolioWorker } from '../src/jobs/portfolio-jobs.js';
import { JobQueue } from '../src/jobs/queue.js';
import { createLogger } from '../src/ops/logger.js';
import { createPortfolioServices } from '../src/portfolio-services.js';
import { LocalBlobStore } from '../src/storage/blob-store.js';
import { useTestDatabase } from './database.js';
import { createOrganization, createUser, tokenFor } from './factories.js';
import { fakeGeocoder, fakeScorer } from './portfolio/fakes.js';
import { multipart, waitFor } from './portfolio/app.js';
import { PORTFOLIO_FEATURE, PORTFOLIO_PRODUCTS } from '@zview/contracts';

// The logs of requests and of the jobs they cause, captured line by line (issue 20).
const lines: string[] = [];
let partial = '';
const stream = {
  write(chunk: string) {
    const text = partial + chunk;
    const parts = text.split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts.filter((l) => l.length));
  },
};
const log = createLogger({ stream, level: 'debug' });

const { db, url } = await useTestDatabase();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zview-logs-'));
const config = loadConfig({ PORT: '0', PORTFOLIO_CHUNK_SIZE: '5', DATABASE_URL: url, DATA_DIR: dataDir });
const queue = new JobQueue(db, { maintenanceIntervalSeconds: 2, pollingIntervalSeconds: 0.5, log });
const services = createPortfolioServices(
  { config, db },
  { queue, scorer: fakeScorer(), blobs: new LocalBlobStore(path.join(dataDir, 'blobs')) },
);
const app = await buildApp({ config, db, portfolio: services }, { log });
await app.ready();
await startPortfolioWorker({
  db,
  blobs: services.blobs,
  queue,
  scorer: services.scorer,
  geocoder: fakeGeocoder(),
  chunkSize: services.chunkSize,
  connect: async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return client;
  },
});
afterAll(async () => {
  await app.close();
  await queue.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const REQUEST_ID = 'test-upload-request-0001';

describe('structured logs', () => {
  it('are JSON lines with the request id on every request line and on the lines of the jobs it queued, and hold no secret', async () => {
    const org = await createOrganization(db, { products: PORTFOLIO_PRODUCTS.map((p) => PORTFOLIO_FEATURE[p]) });
    const user = await createUser(db, { org });
    const token = await tokenFor(app, user);
    const secrets = {
      token,
      password: user.password,
      wrongPassword: 'Wrong-Secret-Pass-77',
      cookie: 'sid-cookie-value-0987654321',
      apiKey: 'api-key-value-1234567890',
      signature: 'c2lnbmF0dXJlLXZhbHVl',
      queryToken: 'query-token-value-5555',
    };

    // A sign-in with a password (and a wrong one): the session token answered is a secret too.
    const signIn = await app.inject({
      method: 'POST',
      url: '/oidc/api/v1/authn',
      payload: { username: user.email, password: user.password },
    });
    expect(signIn.statusCode).toBe(200);
    const sessionToken = signIn.json().sessionToken as string;
    expect(sessionToken).toBeTruthy();
    await app.inject({
      method: 'POST',
      url: '/oidc/api/v1/authn',
      payload: { username: user.email, password: secrets.wrongPassword },
    });
    // Credentials in headers and in the query string, a signed URL, an error.
    const headers = { authorization: `Bearer ${token}` };
    const me = await app.inject({
      method: 'GET',
      url: `/api/organization?token=${secrets.queryToken}`,
      headers: { ...headers, cookie: `sid=${secrets.cookie}`, 'x-api-key': secrets.apiKey },
    });
    expect(me.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/999999/tiles/1/1/1.pbf?product=zfire&run=1&exp=1&sig=${secrets.signature}&X-Amz-Signature=${secrets.signature}`,
      headers,
    });
    await app.inject({ method: 'GET', url: `/oidc/auth?client_id=x&sessionToken=${sessionToken}` });

    // An upload and a portfolio: the ingest and chunk jobs log with the creating request's id.
    const body = multipart(
      'p.csv',
      `id,latitude,longitude\n${Array.from({ length: 12 }, (_, i) => `R${i},40.${i},-105.0`).join('\n')}\n`,
    );
    const up = await app.inject({
      method: 'POST',
      url: '/api/caribou/portfolio/csv',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(201);
    const created = await app.inject({
      method: 'POST',
      url: '/api/caribou/portfolios',
      headers: { ...headers, 'x-request-id': REQUEST_ID },
      payload: { name: 'Logged', products: 'zfire', uploadedFileName: up.json().uploadedFileName },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['x-request-id']).toBe(REQUEST_ID);
    const portfolioId = created.json()[0].portfolioId as number;
    await waitFor(
      async () =>
        (
          await db
            .selectFrom('portfolio_products')
            .select('status')
            .where('portfolio_id', '=', portfolioId)
            .executeTakeFirst()
        )?.status === 'READY',
      60_000,
      'READY',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    const entries = lines.map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`not a JSON line: ${line}`);
      }
    });
    const requestLines = entries.filter((e) => e.msg === 'request');
    expect(requestLines.length).toBeGreaterThanOrEqual(7);
    for (const entry of requestLines) expect(entry.requestId, JSON.stringify(entry)).toEqual(expect.any(String));
    expect(requestLines.find((e) => e.requestId === REQUEST_ID)).toMatchObject({ statusCode: 201 });
    // Every line of the jobs carries the request id of the request that queued them.
    const jobLines = entries.filter((e) => typeof e.queue === 'string' && e.queue.startsWith('portfolio-'));
    const queues = new Set(jobLines.filter((e) => e.requestId === REQUEST_ID).map((e) => e.queue));
    expect([...queues].sort()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^portfolio-ingest/),
        expect.stringMatching(/^portfolio-score-chunk/),
      ]),
    );
    for (const entry of jobLines) {
      expect(entry.jobId).toEqual(expect.any(String));
      if (String(entry.queue).startsWith('portfolio-score-chunk') || String(entry.queue).startsWith('portfolio-ingest'))
        expect(entry.requestId).toBe(REQUEST_ID);
    }
    expect(jobLines.some((e) => e.msg === 'job done')).toBe(true);

    const all = lines.join('\n');
    if (process.env.SHOW_LOGS) console.log(all);
    for (const [name, value] of Object.entries({ ...secrets, sessionToken }))
      expect(all.includes(value), `${name} found in the logs`).toBe(false);
    expect(all).not.toMatch(/Bearer /);
  });
});
