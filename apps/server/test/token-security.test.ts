import { importJWK, SignJWT } from 'jose';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadIdentityKeys } from '../src/auth/keys.js';
import { completePasswordReset } from '../src/auth/password-reset.js';
import { newOneTimeToken } from '../src/auth/tokens.js';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

/**
 * Issue 12 items 7 and 8: a per-user not-before ends old tokens at a password reset,
 * deactivation or role change; access tokens need an expiry within a maximum lifetime, and their
 * subject is a user id, never an email.
 */
const { app, db } = await useTestApp();
const org = await createOrganization(db);
const admin = await createUser(db, { org, role: 'admin' });
const adminHeaders = await authHeader(app, admin);
const organization = (headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/organization', headers });
const post = (url: string, payload: object) => app.inject({ method: 'POST', url, headers: adminHeaders, payload });
/** Tokens minted earlier than "now" (iat is whole seconds): wait past the second. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100 - (Date.now() % 1000)));

async function resetPassword(userId: string) {
  const { token, hash } = newOneTimeToken();
  await db
    .insertInto('password_reset_tokens')
    .values({ token_hash: hash, user_id: userId, expires_at: new Date(Date.now() + 60_000), consumed_at: null })
    .execute();
  expect(await completePasswordReset(db, token, 'Another-password-1')).toBe(true);
}

describe('a per-user not-before', () => {
  it('a password reset ends earlier access tokens and IdP sessions', async () => {
    const user = await createUser(db, { org });
    const headers = await authHeader(app, user);
    expect((await organization(headers)).statusCode).toBe(200);
    await db
      .insertInto('oidc_models')
      .values({
        kind: 'Session',
        id: `s-${user.id}`,
        payload: JSON.stringify({ accountId: user.id }),
        grant_id: null,
        user_code: null,
        uid: `u-${user.id}`,
        expires_at: new Date(Date.now() + 3600_000),
        consumed_at: null,
      })
      .execute();
    await nextSecond();
    await resetPassword(user.id);
    expect((await organization(headers)).statusCode).toBe(401);
    const sessions = await db
      .selectFrom('oidc_models')
      .select('id')
      .where('kind', '=', 'Session')
      .where(sql<boolean>`payload->>'accountId' = ${user.id}`)
      .execute();
    expect(sessions).toEqual([]);
    expect((await organization(await authHeader(app, user))).statusCode).toBe(200);
  });

  it('a reactivated user’s tokens from before the deactivation stay refused', async () => {
    const user = await createUser(db, { org });
    const headers = await authHeader(app, user);
    await nextSecond();
    expect((await post('/api/user-management/group/users/deactivate', { userIds: [user.id] })).statusCode).toBe(200);
    expect((await post('/api/user-management/group/users/activate', { userIds: [user.id] })).statusCode).toBe(200);
    expect((await organization(headers)).statusCode).toBe(401);
    expect((await organization(await authHeader(app, user))).statusCode).toBe(200);
  });

  it('a role change ends earlier tokens', async () => {
    const user = await createUser(db, { org, role: 'admin' });
    const headers = await authHeader(app, user);
    await nextSecond();
    expect((await post('/api/user-management/user/update', { userId: user.id, role: 'member' })).statusCode).toBe(200);
    expect((await organization(headers)).statusCode).toBe(401);
    const promoted = await createUser(db, { org });
    const promotedHeaders = await authHeader(app, promoted);
    await nextSecond();
    expect(
      (await post('/api/user-management/group/users/assign-to-admin', { userIds: [promoted.id] })).statusCode,
    ).toBe(200);
    expect((await organization(promotedHeaders)).statusCode).toBe(401);
  });
});

const keys = await loadIdentityKeys(db);
const key = await importJWK(keys.signing[0]!, 'RS256');
const { audience } = app.ctx.config.identity;
const issuer = app.ctx.config.runtime.OIDC_ISSUER;
const user = await createUser(db, { org });
const sign = (claims: Record<string, unknown>, build: (jwt: SignJWT) => SignJWT) =>
  build(
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: keys.signing[0]!.kid })
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt(),
  ).sign(key);
describe('access-token checks', () => {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('accepts a well-formed token (so the refusals below are not vacuous)', async () => {
    const token = await sign({ sub: user.id }, (jwt) => jwt.setExpirationTime('1h'));
    expect((await organization(bearer(token))).statusCode).toBe(200);
  });

  it('refuses a token without exp', async () => {
    expect((await organization(bearer(await sign({ sub: user.id }, (jwt) => jwt)))).statusCode).toBe(401);
  });

  it('refuses a token that lives longer than the maximum lifetime', async () => {
    expect(
      (await organization(bearer(await sign({ sub: user.id }, (jwt) => jwt.setExpirationTime('30d'))))).statusCode,
    ).toBe(401);
  });

  it('never maps an email subject (or an email claim) to a user', async () => {
    const bySub = await sign({ sub: user.email }, (jwt) => jwt.setExpirationTime('1h'));
    expect((await organization(bearer(bySub))).statusCode).toBe(401);
    const byClaim = await sign({ sub: 'someone-else', email: user.email }, (jwt) => jwt.setExpirationTime('1h'));
    expect((await organization(bearer(byClaim))).statusCode).toBe(401);
  });
});
