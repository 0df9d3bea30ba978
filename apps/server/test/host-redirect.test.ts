import { describe, expect, it } from 'vitest';
import { useTestApp } from './app.js';

/**
 * Issue 12 item 10: the app opened on another host than PUBLIC_URL (e.g. http://127.0.0.1:8080
 * when PUBLIC_URL is http://localhost:8080) would have its identity calls blocked by the CSP:
 * page navigations are redirected to PUBLIC_URL, where sign-in works.
 */
const { app } = await useTestApp({ PUBLIC_URL: 'http://localhost:8080' });
const html = { accept: 'text/html,application/xhtml+xml' };

describe('another host than PUBLIC_URL', () => {
  it('redirects a page opened on 127.0.0.1 to PUBLIC_URL, keeping the path and query', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/zportfolio?x=1',
      headers: { ...html, host: '127.0.0.1:8080' },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('http://localhost:8080/zportfolio?x=1');
    const home = await app.inject({ method: 'GET', url: '/', headers: { ...html, host: '127.0.0.1:8080' } });
    expect(home.headers.location).toBe('http://localhost:8080/');
  });

  it('serves the page on PUBLIC_URL’s own host', async () => {
    const res = await app.inject({ method: 'GET', url: '/zportfolio', headers: { ...html, host: 'localhost:8080' } });
    expect(res.statusCode).toBe(200);
  });

  it('leaves API and identity calls alone (they answer on any host)', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/health', headers: { host: '127.0.0.1:8080' } });
    expect(api.statusCode).toBe(200);
    const discovery = await app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      headers: { host: '127.0.0.1:8080' },
    });
    expect(discovery.statusCode).toBe(200);
  });

  it('ignores X-Forwarded-Host unless a proxy is trusted', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/',
      headers: { ...html, host: 'localhost:8080', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});
