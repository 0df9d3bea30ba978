import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './app.js';
import { CookieJar } from './browser-jar.js';
import { createOrganization, createUser } from './factories.js';
import { freePort } from './free-port.js';

/**
 * The embedded identity provider driven by an independent OIDC client library (openid-client)
 * over real HTTP on a listening port: discovery, credential sign-in, authorization code + PKCE,
 * JWKS verification, silent renewal, revocation, sign-out, and refusals.
 */
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const { app, db } = await useTestApp({ PORT: String(port), PUBLIC_URL: base });
await app.listen({ port, host: '127.0.0.1' });

const issuer = `${base}/oidc`;
const redirectUri = `${base}/login-callback`;
const scope = 'openid email groups';
let config: client.Configuration;
let org: Awaited<ReturnType<typeof createOrganization>>;
let user: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  config = await client.discovery(new URL(issuer), 'zview-web', undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
  org = await createOrganization(db, { products: ['zfire', 'zhail'] });
  user = await createUser(db, { org, role: 'admin', firstName: 'Olga', lastName: 'Ortiz', externalGroups: [] });
});

async function sessionToken(email: string, password: string): Promise<string> {
  const res = await fetch(`${issuer}/api/v1/authn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  const body = (await res.json()) as { status: string; sessionToken: string };
  expect(body.status).toBe('SUCCESS');
  return body.sessionToken;
}

/** The SPA's redirect sign-in: PKCE S256, the sessionToken on the authorize request, no page shown. */
async function signIn(jar: CookieJar, extra: Record<string, string> = {}) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...extra,
  });
  const callback = await jar.follow(url, redirectUri);
  return { callback, verifier, state };
}

describe('embedded OIDC provider with openid-client', () => {
  it('publishes discovery with S256 as the only PKCE method and the configured issuer', () => {
    const meta = config.serverMetadata();
    expect(meta.issuer).toBe(issuer);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    expect(meta.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'groups']));
    expect(meta.revocation_endpoint).toBe(`${issuer}/token/revocation`);
  });

  it('signs in with authn → authorize (sessionToken) → code exchange, tokens verify against the JWKS, API accepts, revocation makes it 401', async () => {
    const jar = new CookieJar();
    const { callback, verifier, state } = await signIn(jar, {
      sessionToken: await sessionToken(user.email, user.password),
    });
    expect(callback.searchParams.get('code')).toBeTruthy();
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });

    const jwks = createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri!));
    const { payload: access } = await jwtVerify(tokens.access_token, jwks, { issuer, audience: `${base}/api` });
    expect(access.sub).toBe(user.id);
    expect(access.client_id).toBe('zview-web');
    const { payload: id } = await jwtVerify(tokens.id_token!, jwks, { issuer, audience: 'zview-web' });
    expect(id).toMatchObject({
      sub: user.id,
      email: user.email,
      given_name: 'Olga',
      family_name: 'Ortiz',
      isGroupAdmin: true,
      isZviewAdmin: false,
      hasZorroAccess: false,
      isUserInTrialOrg: false,
      externalGroups: [],
    });

    const api = await fetch(`${base}/api/organization`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(api.status).toBe(200);
    expect(((await api.json()) as { organizations: { id: number }[] }).organizations.map((o) => o.id)).toEqual([
      org.id,
    ]);

    await client.tokenRevocation(config, tokens.access_token);
    const after = await fetch(`${base}/api/organization`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(after.status).toBe(401);
  });

  it('keeps an IdP session: session get is active, prompt=none renews silently, sign-out ends it', async () => {
    const jar = new CookieJar();
    const first = await signIn(jar, { sessionToken: await sessionToken(user.email, user.password) });
    await client.authorizationCodeGrant(config, first.callback, {
      pkceCodeVerifier: first.verifier,
      expectedState: first.state,
    });

    const session = await jar.fetch(`${issuer}/api/v1/sessions/me`);
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({ userId: user.id, login: user.email, status: 'ACTIVE' });

    const renewal = await signIn(jar, { prompt: 'none' });
    const renewed = await client.authorizationCodeGrant(config, renewal.callback, {
      pkceCodeVerifier: renewal.verifier,
      expectedState: renewal.state,
    });
    expect(decodeJwt(renewed.access_token).sub).toBe(user.id);

    expect((await jar.fetch(`${issuer}/api/v1/sessions/me`, { method: 'DELETE' })).status).toBe(204);
    expect((await jar.fetch(`${issuer}/api/v1/sessions/me`)).status).toBe(404);
    const afterLogout = await signIn(jar, { prompt: 'none' });
    expect(afterLogout.callback.searchParams.get('error')).toBe('login_required');
  });

  it('a sessionToken signs in its own account even over an existing IdP session of another user', async () => {
    const other = await createUser(db, { org, firstName: 'Pat' });
    const jar = new CookieJar();
    const first = await signIn(jar, { sessionToken: await sessionToken(user.email, user.password) });
    await client.authorizationCodeGrant(config, first.callback, {
      pkceCodeVerifier: first.verifier,
      expectedState: first.state,
    });
    const second = await signIn(jar, { sessionToken: await sessionToken(other.email, other.password) });
    const tokens = await client.authorizationCodeGrant(config, second.callback, {
      pkceCodeVerifier: second.verifier,
      expectedState: second.state,
    });
    expect(decodeJwt(tokens.access_token).sub).toBe(other.id);
    expect(((await (await jar.fetch(`${issuer}/api/v1/sessions/me`)).json()) as { userId: string }).userId).toBe(
      other.id,
    );
  });

  it('answers login_required without a sessionToken, and refuses a used or foreign sessionToken', async () => {
    const noToken = await signIn(new CookieJar());
    expect(noToken.callback.searchParams.get('error')).toBe('login_required');

    const token = await sessionToken(user.email, user.password);
    const once = await signIn(new CookieJar(), { sessionToken: token });
    expect(once.callback.searchParams.get('code')).toBeTruthy();
    const twice = await signIn(new CookieJar(), { sessionToken: token });
    expect(twice.callback.searchParams.get('error')).toBe('login_required');
  });

  it('refuses PKCE downgrades: plain method, missing challenge', async () => {
    const token = await sessionToken(user.email, user.password);
    const authorize = (params: Record<string, string>) =>
      new URL(
        `${issuer}/auth?${new URLSearchParams({ client_id: 'zview-web', response_type: 'code', redirect_uri: redirectUri, scope, state: 's', sessionToken: token, ...params })}`,
      );
    const plain = await new CookieJar().follow(
      authorize({ code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }),
      redirectUri,
    );
    expect(plain.searchParams.get('error')).toBe('invalid_request');
    const missing = await new CookieJar().follow(authorize({}), redirectUri);
    expect(missing.searchParams.get('error')).toBe('invalid_request');
    expect(missing.searchParams.get('code')).toBeNull();
  });

  it('refuses a reused authorization code and a wrong verifier', async () => {
    const jar = new CookieJar();
    const { callback, state } = await signIn(jar, { sessionToken: await sessionToken(user.email, user.password) });
    await expect(
      client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: client.randomPKCECodeVerifier(),
        expectedState: state,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });

    const second = await signIn(new CookieJar(), { sessionToken: await sessionToken(user.email, user.password) });
    await client.authorizationCodeGrant(config, second.callback, {
      pkceCodeVerifier: second.verifier,
      expectedState: second.state,
    });
    await expect(
      client.authorizationCodeGrant(config, second.callback, {
        pkceCodeVerifier: second.verifier,
        expectedState: second.state,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('rejects tampered and foreign tokens at the API', async () => {
    const jar = new CookieJar();
    const { callback, verifier, state } = await signIn(jar, {
      sessionToken: await sessionToken(user.email, user.password),
    });
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    const [h, , s] = tokens.access_token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...decodeJwt(tokens.access_token), sub: '00000000-0000-0000-0000-000000000000' })).toString('base64url')}.${s}`;
    expect((await fetch(`${base}/api/organization`, { headers: { authorization: `Bearer ${forged}` } })).status).toBe(
      401,
    );
    // The ID token is signed by the same keys but is not for the API audience.
    expect(
      (await fetch(`${base}/api/organization`, { headers: { authorization: `Bearer ${tokens.id_token}` } })).status,
    ).toBe(401);
    expect((await fetch(`${base}/api/organization`)).status).toBe(401);
  });
});
