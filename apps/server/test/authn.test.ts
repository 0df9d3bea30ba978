import { describe, expect, it } from 'vitest';
import { THROTTLE } from '../src/auth/authn.js';
import { useTestApp } from './app.js';
import { createOrganization, createUser, TEST_PASSWORD } from './factories.js';

/** Credential sign-in (POST /oidc/api/v1/authn): every outcome the web app maps (SPEC §4, §8). */
const { app, db } = await useTestApp();
const delays: number[] = [];
app.authnOptions.delay = async (ms) => {
  delays.push(ms);
};
const org = await createOrganization(db);

const authn = (username: unknown, password: unknown, ip = '10.0.0.1') =>
  app.inject({ method: 'POST', url: '/oidc/api/v1/authn', payload: { username, password }, remoteAddress: ip });

describe('authn', () => {
  it('answers SUCCESS with a one-time session token', async () => {
    const user = await createUser(db, { org, email: 'Mixed.Case@Example.test' });
    const res = await authn('  mixed.case@example.TEST ', user.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('SUCCESS');
    expect(body.sessionToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('answers E0000004 for a wrong password and for an unknown account alike', async () => {
    const user = await createUser(db, { org });
    const wrong = await authn(user.email, 'not-the-password');
    const unknown = await authn('nobody@example.test', TEST_PASSWORD);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ errorCode: 'E0000004' });
    }
  });

  it('answers PASSWORD_EXPIRED when an admin expired the password (only after a correct password)', async () => {
    const user = await createUser(db, { org, passwordExpired: true });
    expect((await authn(user.email, user.password)).json()).toEqual({ status: 'PASSWORD_EXPIRED' });
    expect((await authn(user.email, 'wrong-password')).json()).toMatchObject({ errorCode: 'E0000004' });
  });

  it('answers access_denied for deactivated, deleted and organisation-less accounts', async () => {
    for (const user of [
      await createUser(db, { org, status: 'deactivated' }),
      await createUser(db, { org, status: 'deleted' }),
      await createUser(db, {}),
    ]) {
      const res = await authn(user.email, user.password);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ errorCode: 'access_denied' });
    }
    // Internal admins need no organisation.
    const staff = await createUser(db, { internalAdmin: true });
    expect((await authn(staff.email, staff.password)).json().status).toBe('SUCCESS');
  });

  it('slows down repeated failures, then locks the account even for the right password', async () => {
    const user = await createUser(db, { org });
    delays.length = 0;
    for (let i = 0; i < THROTTLE.accountLockAfter; i++) {
      expect((await authn(user.email, `wrong-${i}`, '10.0.0.2')).json()).toMatchObject({ errorCode: 'E0000004' });
    }
    expect(delays.length).toBe(THROTTLE.accountLockAfter - THROTTLE.slowAfter);
    expect(delays[1]!).toBeGreaterThan(delays[0]!);
    const locked = await authn(user.email, user.password, '10.0.0.3');
    expect(locked.json()).toEqual({ status: 'LOCKED_OUT' });
    // The lock ends after its time.
    await db
      .updateTable('login_throttles')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('key', '=', `account:${user.email}`)
      .execute();
    expect((await authn(user.email, user.password, '10.0.0.3')).json().status).toBe('SUCCESS');
  });

  it('answers a locked account and an unknown one alike, so the lock tells nobody which accounts exist', async () => {
    const user = await createUser(db, { org });
    const unknown = `nobody-${Date.now()}@example.test`;
    const answers = [];
    for (const email of [user.email, unknown]) {
      for (let i = 0; i <= THROTTLE.accountLockAfter; i++) await authn(email, `wrong-${i}`, '10.0.0.4');
      const res = await authn(email, 'wrong-again', '10.0.0.5');
      answers.push({ status: res.statusCode, body: res.json() });
    }
    expect(answers[0]).toEqual(answers[1]);
    // The lock holds: even the right password is refused.
    expect((await authn(user.email, user.password, '10.0.0.6')).json().status).not.toBe('SUCCESS');
  });

  it('locks an IP address that fails on many accounts (429, E0000047)', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < THROTTLE.ipLockAfter; i++) await authn(`spray-${i}@example.test`, 'wrong-password', ip);
    const user = await createUser(db, { org });
    const res = await authn(user.email, user.password, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ errorCode: 'E0000047' });
    expect(res.headers['retry-after']).toBeDefined();
  }, 60_000);

  it.each([
    ['missing fields', {}],
    ['wrong types', { username: 42, password: ['x'] }],
    ['not an email', { username: 'not-an-email', password: 'x' }],
    ['huge strings', { username: `${'a'.repeat(100_000)}@x.test`, password: 'p'.repeat(100_000) }],
  ])('answers 400 E0000001 for %s', async (_name, payload) => {
    const res = await app.inject({ method: 'POST', url: '/oidc/api/v1/authn', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'E0000001' });
  });

  it('answers 4xx for a non-JSON body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/oidc/api/v1/authn',
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(res.statusCode).toBe(400);
  });
});
