import { describe, expect, it } from 'vitest';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

/**
 * Issue 12 item 1: a group admin manages memberships of their own organisation only. Adding an
 * account that exists elsewhere invites it (nothing about it is revealed); the profile, password
 * and status of accounts shared with other organisations, or of staff, are never theirs to change.
 */
const { app, db } = await useTestApp();
const home = await createOrganization(db, { name: 'Home Org' });
const foreign = await createOrganization(db, { name: 'Foreign Org' });
const admin = await createUser(db, { org: home, role: 'admin' });
const headers = await authHeader(app, admin);
const victim = await createUser(db, {
  org: foreign,
  role: 'admin',
  firstName: 'Victor',
  lastName: 'Victim',
  externalGroups: ['zorro'],
});
const staff = await createUser(db, { internalAdmin: true, firstName: 'Staff', lastName: 'Person' });

const post = (url: string, payload: unknown, h = headers) =>
  app.inject({ method: 'POST', url, headers: h, payload: payload as object });
const authn = (username: string, password: string) =>
  app.inject({ method: 'POST', url: '/oidc/api/v1/authn', payload: { username, password } });
const membership = (userId: string, orgId = home.id) =>
  db
    .selectFrom('organization_members')
    .selectAll()
    .where('user_id', '=', userId)
    .where('organization_id', '=', orgId)
    .executeTakeFirst();
const userRow = (id: string) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('adding an existing account', () => {
  it('invites a user of another organisation instead of adding them, and reveals nothing about them', async () => {
    const res = await post('/api/user-management/group/user/create', {
      email: victim.email,
      profile: { firstName: 'Evil', lastName: 'Name' },
      role: 'admin',
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ status: 'invited', email: victim.email });
    for (const secret of [victim.id, 'Victor', 'isZviewAdmin', 'externalGroups', 'identityProviderType'])
      expect(res.body).not.toContain(secret);
    expect(await membership(victim.id)).toBeUndefined();
    expect((await userRow(victim.id)).first_name).toBe('Victor');
    const members = await app.inject({ method: 'GET', url: '/api/user-management/group/members', headers });
    expect(members.body).not.toContain(victim.id);
  });

  it('the invited person joins by accepting the mailed link (once)', async () => {
    const invitee = await createUser(db, { org: foreign, firstName: 'Ivy' });
    expect(
      (
        await post('/api/user-management/group/user/create', {
          email: invitee.email,
          profile: { firstName: 'I', lastName: 'V' },
        })
      ).statusCode,
    ).toBe(202);
    const mail = await db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', invitee.email)
      .where('kind', '=', 'invitation')
      .executeTakeFirstOrThrow();
    expect(mail.body).toContain('Home Org');
    const link = /\/oidc\/invitations\/[A-Za-z0-9_-]+/.exec(mail.body)![0];
    const page = await app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Home Org');
    expect(page.body).not.toMatch(/<script(?![^>]*src=)/);
    expect(await membership(invitee.id)).toBeUndefined();
    const accepted = await app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'accept=1',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await membership(invitee.id)).toMatchObject({ status: 'active', role: 'member' });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: link,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'accept=1',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('invites staff rather than adding them, and never shows their internal-admin flag', async () => {
    const res = await post('/api/user-management/group/user/create', {
      email: staff.email,
      profile: { firstName: 'x', lastName: 'y' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.body).not.toContain('isZviewAdmin');
    expect(await membership(staff.id)).toBeUndefined();
  });

  it('a deleted account gets the same answer as any existing one', async () => {
    const gone = await createUser(db, { org: foreign, status: 'deleted' });
    const res = await post('/api/user-management/group/user/create', {
      email: gone.email,
      profile: { firstName: 'x', lastName: 'y' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'invited', email: gone.email });
  });

  it('concurrent creates of one new email answer one 201 and 409s, never 500', async () => {
    const email = `race-${Date.now()}@example.test`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post('/api/user-management/group/user/create', { email, profile: { firstName: 'R', lastName: 'C' } }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.every((c) => c === 201 || c === 409 || c === 202)).toBe(true);
  });
});

describe('changing a member', () => {
  it('refuses profile and password changes of an account shared with another organisation', async () => {
    const shared = await createUser(db, { orgs: [home, foreign], firstName: 'Shared' });
    const res = await post('/api/user-management/user/update', {
      userId: shared.id,
      profile: { firstName: 'Hijacked', lastName: 'X' },
    });
    expect(res.statusCode, res.body).toBe(403);
    const expire = await post('/api/user-management/user/update', { userId: shared.id, expirePassword: true });
    expect(expire.statusCode).toBe(403);
    expect((await userRow(shared.id)).first_name).toBe('Shared');
    expect((await authn(shared.email, shared.password)).json().status).toBe('SUCCESS');
    // The membership itself is this organisation's: its role may change.
    expect((await post('/api/user-management/user/update', { userId: shared.id, role: 'admin' })).statusCode).toBe(200);
    expect((await membership(shared.id))?.role).toBe('admin');
  });

  it('refuses profile and password changes of staff even when they are members', async () => {
    const staffMember = await createUser(db, { internalAdmin: true, org: home, firstName: 'Staffer' });
    expect(
      (
        await post('/api/user-management/user/update', {
          userId: staffMember.id,
          profile: { firstName: 'H', lastName: 'X' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await post('/api/user-management/user/update', { userId: staffMember.id, expirePassword: true })).statusCode,
    ).toBe(403);
    expect((await userRow(staffMember.id)).first_name).toBe('Staffer');
  });

  it('still changes the profile and password of an account that is this organisation’s alone', async () => {
    const own = await createUser(db, { org: home, firstName: 'Own' });
    expect(
      (
        await post('/api/user-management/user/update', {
          userId: own.id,
          profile: { firstName: 'Renamed', lastName: 'X' },
          expirePassword: true,
        })
      ).statusCode,
    ).toBe(200);
    expect((await userRow(own.id)).first_name).toBe('Renamed');
    expect((await authn(own.email, own.password)).json()).toEqual({ status: 'PASSWORD_EXPIRED' });
  });

  it('deactivation is per membership: the account itself stays active', async () => {
    const shared = await createUser(db, { orgs: [home, foreign] });
    expect((await post('/api/user-management/group/users/deactivate', { userIds: [shared.id] })).statusCode).toBe(200);
    expect((await userRow(shared.id)).status).toBe('active');
    expect((await membership(shared.id, foreign.id))?.status).toBe('active');
  });
});
