import { describe, expect, it } from 'vitest';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

/** Issue 12 item 3: client addresses and hosts come from configured proxies only. */
const { app, db } = await useTestApp({ PUBLIC_URL: 'https://zview.example.test' });
const trusting = await useTestApp({ PUBLIC_URL: 'https://zview.example.test', TRUST_PROXY: '1' });

const failSignIn = (target: typeof app, forwardedFor: string) =>
  target.inject({
    method: 'POST',
    url: '/oidc/api/v1/authn',
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { username: 'nobody@example.test', password: 'wrong-password' },
  });

describe('trust in proxies', () => {
  it('ignores X-Forwarded-For by default: the sign-in lockout counts the socket address', async () => {
    expect((await failSignIn(app, '203.0.113.7')).statusCode).toBe(401);
    const keys = (await db.selectFrom('login_throttles').select('key').execute()).map((r) => r.key);
    expect(keys).not.toContain('ip:203.0.113.7');
    expect(keys).toContain('ip:127.0.0.1');
  });

  it('believes X-Forwarded-For from a configured proxy (TRUST_PROXY)', async () => {
    expect((await failSignIn(trusting.app, '203.0.113.8')).statusCode).toBe(401);
    const keys = (await trusting.db.selectFrom('login_throttles').select('key').execute()).map((r) => r.key);
    expect(keys, JSON.stringify(keys)).toContain('ip:203.0.113.8');
  });

  it('signs map URLs with PUBLIC_URL, never X-Forwarded-Host', async () => {
    const org = await createOrganization(db, { products: ['zfire'] });
    const headers = await authHeader(app, await createUser(db, { org }));
    for (const target of [app, trusting.app]) {
      const h =
        target === app
          ? headers
          : await authHeader(
              trusting.app,
              await createUser(trusting.db, { org: await createOrganization(trusting.db, { products: ['zfire'] }) }),
            );
      const res = await target.inject({
        method: 'GET',
        url: '/api/map/sources',
        headers: { ...h, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain('evil.example');
      expect(res.body).toContain('https://zview.example.test/');
    }
  });
});
