import { describe, expect, it } from 'vitest';
import { useTestApp } from './app.js';

/** The provider's endpoints answer bad or hostile input with 4xx, never 500. */
const { app } = await useTestApp({ DEV_SAML_IDP: 'true' });
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('identity endpoints under bad input', () => {
  const cases: [string, 'GET' | 'POST' | 'DELETE', string, Record<string, string>?, string?][] = [
    ['unknown interaction', 'GET', '/oidc/interaction/does-not-exist'],
    ['session get without cookie', 'GET', '/oidc/api/v1/sessions/me'],
    [
      'session get with a forged cookie',
      'GET',
      '/oidc/api/v1/sessions/me',
      { cookie: '_session=forged; _session.sig=bad' },
    ],
    ['session delete without cookie', 'DELETE', '/oidc/api/v1/sessions/me'],
    ['authorize without client', 'GET', '/oidc/auth?response_type=code'],
    [
      'authorize with an unknown client',
      'GET',
      '/oidc/auth?client_id=evil&response_type=code&redirect_uri=https://evil.test/',
    ],
    [
      'authorize with a foreign redirect',
      'GET',
      '/oidc/auth?client_id=zview-web&response_type=code&redirect_uri=https://evil.test/cb&scope=openid',
    ],
    [
      'token with garbage',
      'POST',
      '/oidc/token',
      form,
      'grant_type=authorization_code&code=nope&client_id=zview-web&redirect_uri=x&code_verifier=y',
    ],
    ['token with JSON', 'POST', '/oidc/token', { 'content-type': 'application/json' }, '{"grant_type":1}'],
    ['revocation without client', 'POST', '/oidc/token/revocation', form, 'token=a.b.c'],
    ['revocation of an opaque token', 'POST', '/oidc/token/revocation', form, 'token=opaque&client_id=zview-web'],
    ['forgot-password with a huge email', 'POST', '/oidc/forgot-password', form, `email=${'a'.repeat(100_000)}`],
    ['reset with a malformed token', 'POST', '/oidc/reset-password/%00%00', form, 'password=x&confirm=x'],
    [
      'SSO start with a huge login hint',
      'GET',
      `/oidc/sso/saml2/x/home/oidc_client/zview-web/y?login_hint=${'a'.repeat(5000)}`,
    ],
    ['dev IdP without request', 'GET', '/oidc/dev-saml-idp'],
    ['dev IdP post without fields', 'POST', '/oidc/dev-saml-idp', form, 'email=x'],
    ['end session with a bad hint', 'GET', '/oidc/session/end?id_token_hint=garbage'],
  ];
  for (const [name, method, url, headers, payload] of cases) {
    it(name, async () => {
      const res = await app.inject({ method, url, headers, payload });
      expect(res.statusCode, res.body.slice(0, 300)).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
    });
  }

  it('revocation of an opaque token is a 200 no-op (RFC 7009)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/oidc/token/revocation',
      headers: form,
      payload: 'token=opaque&client_id=zview-web',
    });
    expect(res.statusCode).toBe(200);
  });
});
