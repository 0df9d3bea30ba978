import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APP_VERSION } from '@zview/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { flushErrorReports } from '../src/error-reporting.js';
import { useTestDatabase } from './database.js';
import { startStubDsn } from './stub-dsn.js';

/**
 * Server error reports go to the configured DSN (here a stub ingest on 127.0.0.1), with the
 * environment and release, and no credential in the captured payload.
 */
const stub = await startStubDsn();
const database = await useTestDatabase();
const config = loadConfig({
  PORT: '0',
  DATABASE_URL: database.url,
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'zview-err-')),
  ERROR_REPORTING_DSN: stub.dsn,
  ENV: 'staging',
});
const app = await buildApp({ config, db: database.db });
const SECRET_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJzZWNyZXQtdXNlciJ9.c2VjcmV0LXNpZ25hdHVyZQ';
app.get('/boom', { config: { policy: 'public' } }, async () => {
  console.warn(`calling upstream with Authorization: Bearer ${SECRET_TOKEN} and password=hunter2`);
  throw new Error(`upstream refused Bearer ${SECRET_TOKEN} (sessionToken=sess-secret-1)`);
});
await app.ready();
afterAll(async () => {
  await app.close();
  await stub.close();
});

describe('server error reporting', () => {
  it('reports an unexpected error with environment and release, masking tokens, cookies and passwords everywhere', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/boom?access_token=${SECRET_TOKEN}`,
      headers: { authorization: `Bearer ${SECRET_TOKEN}`, cookie: 'zview_session=cookie-secret-2' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.message).toBe('An unexpected error occurred. Please reach out to support.');
    await flushErrorReports();
    await expect.poll(() => stub.envelopes.length).toBeGreaterThan(0);
    const event = stub.envelopes.flatMap((e) => e.items).find((item) => item.exception) as Record<string, unknown> & {
      breadcrumbs?: { message?: string }[];
    };
    expect(event).toBeDefined();
    expect(event.environment).toBe('staging');
    expect(event.release).toBe(APP_VERSION);
    expect(JSON.stringify(event.exception)).toContain('upstream refused Bearer [Filtered]');
    expect(event.breadcrumbs?.some((b) => b.message?.includes('Authorization: Bearer [Filtered]'))).toBe(true);
    const everything = stub.envelopes.map((e) => e.raw).join('\n');
    for (const secret of [SECRET_TOKEN, 'cookie-secret-2', 'sess-secret-1', 'hunter2', 'eyJ'])
      expect(everything).not.toContain(secret);
  });
});
