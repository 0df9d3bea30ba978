// @vitest-environment jsdom
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP_VERSION } from '@zview/contracts';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../test/render';
import { flushErrorReports, reportError, startErrorReporting } from './error-reporting';

/** A stub Sentry ingest on 127.0.0.1 that keeps the raw envelopes it receives. */
const envelopes: string[] = [];
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    envelopes.push(Buffer.concat(chunks).toString('utf8'));
    res.writeHead(200, { 'access-control-allow-origin': '*' });
    res.end('{}');
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const dsn = `http://publickey@127.0.0.1:${(server.address() as AddressInfo).port}/2`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJicm93c2VyIn0.YnJvd3Nlci1zaWduYXR1cmU';

describe('browser error reporting', () => {
  it('sends nothing and loads nothing without a DSN', async () => {
    expect(await startErrorReporting(testConfig())).toBe(false);
    reportError(new Error('ignored'));
    expect(await flushErrorReports()).toBe(true);
    expect(envelopes).toEqual([]);
  });

  it('reports with environment and release, and masks bearer tokens, cookies, session tokens and passwords in the report and breadcrumbs', async () => {
    expect(await startErrorReporting(testConfig({ ENV: 'endo', ERROR_REPORTING_DSN: dsn }))).toBe(true);
    console.warn(`retrying with Authorization: Bearer ${TOKEN}`, {
      headers: { cookie: 'zview_session=c-secret' },
      password: 'hunter2',
    });
    document.cookie = 'zview_session=doc-cookie-secret';
    reportError(new Error(`request failed: Bearer ${TOKEN}`), {
      sessionToken: 'sess-secret',
      url: `/login-callback?code=code-secret&state=1`,
    });
    await flushErrorReports();
    await vi.waitFor(() => expect(envelopes.join('\n')).toContain('"exception"'));
    const raw = envelopes.join('\n');
    const event = JSON.parse(raw.split('\n').find((line) => line.includes('"exception"'))!) as {
      environment: string;
      release: string;
    };
    expect(event.environment).toBe('endo');
    expect(event.release).toBe(APP_VERSION);
    expect(raw).toContain('retrying with Authorization: Bearer [Filtered]'); // the console breadcrumb
    // Session replay only around errors, every time (SPEC §9).
    const Sentry = await import('@sentry/react');
    expect(Sentry.getClient()?.getOptions()).toMatchObject({
      replaysOnErrorSampleRate: 1,
      replaysSessionSampleRate: 0,
    });
    for (const secret of [TOKEN, 'c-secret', 'hunter2', 'sess-secret', 'code-secret', 'doc-cookie-secret', 'eyJ'])
      expect(raw).not.toContain(secret);
  });
});
