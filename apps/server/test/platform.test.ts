import { describe, expect, it } from 'vitest';
import { useTestApp } from './app.js';

const { app } = await useTestApp();

describe('platform routes', () => {
  it('answers /version with 4.10.1 as plain text and the x-version header', async () => {
    const res = await app.inject({ method: 'GET', url: '/version' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('4.10.1');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['x-version']).toBe('4.10.1');
  });

  it('serves the runtime configuration global', async () => {
    const res = await app.inject({ method: 'GET', url: '/config.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    const match = /^window\.__ZVIEW_CONFIG__ = (.*);\n$/.exec(res.body);
    expect(match).not.toBeNull();
    const config = JSON.parse(match![1]!);
    expect(config).toMatchObject({ ENV: 'local', OIDC_CLIENT_ID: 'zview-web', VERSION: '4.10.1' });
  });

  it('sends security headers, on errors and identity provider pages too', async () => {
    for (const url of [
      '/version',
      '/api/does-not-exist',
      '/api/organization',
      '/oidc/.well-known/openid-configuration',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('answers unknown /api routes with a 404 JSON error and the version header', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-version']).toBe('4.10.1');
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No route for GET /api/does-not-exist.' } });
  });

  it('serves the web app for any other path', async () => {
    const res = await app.inject({ method: 'GET', url: '/some/deep/link?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('rejects malformed JSON with a 400 JSON error, not a 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error.code).toBeTypeOf('string');
  });

  it('reaches PostgreSQL through /readyz, while /healthz only says the process is alive', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json().checks.database).toBe(true);
    expect(ready.json().checks.migrations).toBe(true);
  });
});
