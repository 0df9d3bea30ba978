import { describe, expect, it } from 'vitest';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

/** User management behaviour and bad input on every identity endpoint. */
const { app, db } = await useTestApp();
const org = await createOrganization(db, { name: 'Team Org' });
const admin = await createUser(db, { org, role: 'admin', firstName: 'Alice', lastName: 'Admin' });
const headers = await authHeader(app, admin);

const post = (url: string, payload: unknown, h = headers) =>
  app.inject({ method: 'POST', url, headers: h, payload: payload as object });
const authn = (username: string, password: string) =>
  app.inject({ method: 'POST', url: '/oidc/api/v1/authn', payload: { username, password } });

describe('user management', () => {
  it("a role change in one organisation ends the member's tokens there only, not in another", async () => {
    const other = await createOrganization(db, { name: 'Other Team Org' });
    const otherAdmin = await createUser(db, { org: other, role: 'admin' });
    const shared = await createUser(db, { orgs: [org, other] });
    const token = await authHeader(app, shared);
    // Tokens carry whole seconds: the change must come in a later second than the token.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const changed = await post(
      '/api/user-management/user/update',
      { userId: shared.id, role: 'member' },
      await authHeader(app, otherAdmin),
    );
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    const actingFor = (id: number) =>
      app.inject({ method: 'GET', url: `/api/organization?target_organization_id=${id}`, headers: token });
    expect((await actingFor(org.id)).statusCode).toBe(200);
    expect((await actingFor(other.id)).statusCode).toBe(401);
  });

  it('reads and updates my profile', async () => {
    const me = await app.inject({ method: 'GET', url: '/api/user-management/user/me', headers });
    expect(me.json()).toMatchObject({
      id: admin.id,
      email: admin.email,
      firstName: 'Alice',
      profile: { firstName: 'Alice', lastName: 'Admin' },
      role: 'admin',
      isGroupAdmin: true,
      identityProviderType: 'OKTA',
    });
    const updated = await post('/api/user-management/user/me', {
      profile: { firstName: '  Alicia ', lastName: 'Adams' },
    });
    expect(updated.json()).toMatchObject({ firstName: 'Alicia', lastName: 'Adams' });
  });

  it('creates a member and sends the invitation through the outbox; the link sets a password', async () => {
    const res = await post('/api/user-management/group/user/create', {
      email: 'New.Hire@Example.test',
      profile: { firstName: 'Nina', lastName: 'New' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'new.hire@example.test', role: 'member', status: 'active' });
    const mail = await db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', 'new.hire@example.test')
      .executeTakeFirstOrThrow();
    expect(mail.kind).toBe('invitation');
    const link = /http:\/\/localhost:0(\/oidc\/reset-password\/[A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    expect((await app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    const set = await app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'password=Brand-new-pass-1&confirm=Brand-new-pass-1',
    });
    expect(set.statusCode).toBe(200);
    expect((await authn('new.hire@example.test', 'Brand-new-pass-1')).json().status).toBe('SUCCESS');
    // One-time: the link no longer works.
    expect((await app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
    const again = await post('/api/user-management/group/user/create', {
      email: 'new.hire@example.test',
      profile: { firstName: 'Nina', lastName: 'New' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain('Nina');
  });

  it('deactivated users cannot sign in and their tokens stop working; activation restores them', async () => {
    const member = await createUser(db, { org });
    const memberHeaders = await authHeader(app, member);
    expect((await post('/api/user-management/group/users/deactivate', { userIds: [member.id] })).statusCode).toBe(200);
    expect((await authn(member.email, member.password)).json()).toMatchObject({ errorCode: 'access_denied' });
    expect((await app.inject({ method: 'GET', url: '/api/organization', headers: memberHeaders })).statusCode).toBe(
      401,
    );
    const list = await app.inject({ method: 'GET', url: '/api/user-management/group/members', headers });
    expect(list.json().members.find((m: { id: string }) => m.id === member.id)).toMatchObject({
      status: 'deactivated',
    });
    expect((await post('/api/user-management/group/users/activate', { userIds: [member.id] })).statusCode).toBe(200);
    expect((await authn(member.email, member.password)).json().status).toBe('SUCCESS');
  });

  it('deleted users disappear from lists; their rows and history stay', async () => {
    const member = await createUser(db, { org });
    expect((await post('/api/user-management/group/users/delete', { userIds: [member.id] })).statusCode).toBe(200);
    const list = await app.inject({ method: 'GET', url: '/api/user-management/group/members', headers });
    expect(list.json().members.map((m: { id: string }) => m.id)).not.toContain(member.id);
    const row = await db
      .selectFrom('organization_members')
      .select(['status', 'status_changed_at'])
      .where('user_id', '=', member.id)
      .where('organization_id', '=', org.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('deleted');
    expect(row.status_changed_at).not.toBeNull();
    expect((await db.selectFrom('users').select('id').where('id', '=', member.id).executeTakeFirst())?.id).toBe(
      member.id,
    );
    const audit = await db.selectFrom('audit_log').select('action').where('organization_id', '=', org.id).execute();
    expect(audit.map((a) => a.action)).toContain('user.deleted');
    // A deleted user is no longer found for other actions.
    expect((await post('/api/user-management/group/users/activate', { userIds: [member.id] })).statusCode).toBe(404);
  });

  it('assigns admins, changes roles, and expires passwords', async () => {
    const member = await createUser(db, { org });
    expect((await post('/api/user-management/group/users/assign-to-admin', { userIds: [member.id] })).statusCode).toBe(
      200,
    );
    const role = await db
      .selectFrom('organization_members')
      .select('role')
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(role.role).toBe('admin');
    expect(
      (await post('/api/user-management/user/update', { userId: member.id, role: 'member', expirePassword: true }))
        .statusCode,
    ).toBe(200);
    expect((await authn(member.email, member.password)).json()).toEqual({ status: 'PASSWORD_EXPIRED' });
  });

  it('deactivating or deleting a member acts in this organisation only: their other organisation keeps them', async () => {
    const other = await createOrganization(db, { name: 'Other Org' });
    const otherAdmin = await createUser(db, { org: other, role: 'admin' });
    const shared = await createUser(db, { orgs: [org, other] });
    const sharedHeaders = await authHeader(app, shared);
    const asOrg = (id: number) =>
      app.inject({ method: 'GET', url: `/api/organization?target_organization_id=${id}`, headers: sharedHeaders });
    const statusIn = async (h: Record<string, string>) =>
      (await app.inject({ method: 'GET', url: '/api/user-management/group/members', headers: h }))
        .json()
        .members.find((m: { id: string }) => m.id === shared.id)?.status;

    expect((await post('/api/user-management/group/users/deactivate', { userIds: [shared.id] })).statusCode).toBe(200);
    expect((await asOrg(org.id)).statusCode).toBe(404);
    expect((await asOrg(other.id)).statusCode).toBe(200);
    expect(await statusIn(headers)).toBe('deactivated');
    expect(await statusIn(await authHeader(app, otherAdmin))).toBe('active');
    expect((await authn(shared.email, shared.password)).json().status).toBe('SUCCESS');

    // Deleted here, re-added later: active again here; never touched there.
    expect((await post('/api/user-management/group/users/delete', { userIds: [shared.id] })).statusCode).toBe(200);
    expect(await statusIn(headers)).toBeUndefined();
    expect((await asOrg(other.id)).statusCode).toBe(200);
    // Re-adding an account that exists is an invitation the person accepts (issue 12).
    const readd = await post('/api/user-management/group/user/create', {
      email: shared.email,
      profile: { firstName: 'Sam', lastName: 'Shared' },
    });
    expect(readd.statusCode, readd.body).toBe(202);
    const invitation = await db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', shared.email)
      .where('kind', '=', 'invitation')
      .executeTakeFirstOrThrow();
    const link = /\/oidc\/invitations\/[A-Za-z0-9_-]+/.exec(invitation.body)![0];
    expect(
      (
        await app.inject({
          method: 'POST',
          url: link,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'accept=1',
        })
      ).statusCode,
    ).toBe(200);
    expect((await asOrg(org.id)).statusCode).toBe(200);

    // Deactivated in both: the account can no longer sign in and its token stops working.
    await post('/api/user-management/group/users/deactivate', { userIds: [shared.id] });
    await post(
      '/api/user-management/group/users/deactivate',
      { userIds: [shared.id] },
      await authHeader(app, otherAdmin),
    );
    expect((await asOrg(other.id)).statusCode).toBe(401);
    expect((await authn(shared.email, shared.password)).json()).toMatchObject({ errorCode: 'access_denied' });
  });

  it('refuses to deactivate or demote oneself', async () => {
    expect((await post('/api/user-management/group/users/deactivate', { userIds: [admin.id] })).statusCode).toBe(400);
    expect((await post('/api/user-management/user/update', { userId: admin.id, role: 'member' })).statusCode).toBe(400);
  });

  it('sends a password-reset link for me through the outbox', async () => {
    expect((await post('/api/user-management/user/me/forget-password', {})).json()).toEqual({ status: 'sent' });
    const mail = await db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', admin.email)
      .where('kind', '=', 'password_reset')
      .executeTakeFirst();
    expect(mail?.body).toContain('/oidc/reset-password/');
  });
});

describe('the forgot-password pages', () => {
  it('shows the request form, answers the same for unknown emails, and validates the new password', async () => {
    const form = await app.inject({ method: 'GET', url: '/oidc/forgot-password?login_hint=a%40b.test' });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('Forgot your password?');
    const form2 = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/oidc/forgot-password',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `email=${encodeURIComponent(email)}`,
      });
    const user = await createUser(db, { org });
    const known = await form2(user.email);
    const unknown = await form2('ghost@example.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.body.replace('ghost@example.test', user.email)).toBe(known.body);
    expect((await form2('not an email')).statusCode).toBe(400);
    const mail = await db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', user.email)
      .executeTakeFirstOrThrow();
    const link = /\/oidc\/reset-password\/[A-Za-z0-9_-]+/.exec(mail.body)![0];
    const weak = await app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'password=short&confirm=short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain('at least 10 characters');
    const differ = await app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'password=Longenough-1&confirm=Longenough-2',
    });
    expect(differ.statusCode).toBe(400);
    expect(
      (await app.inject({ method: 'GET', url: '/oidc/reset-password/not-a-real-token-at-all-xyz' })).statusCode,
    ).toBe(404);
    // Repeated requests do not flood the mailbox.
    for (let i = 0; i < 5; i++) await form2(user.email);
    const mails = await db.selectFrom('outbox').select('id').where('recipient', '=', user.email).execute();
    expect(mails.length).toBe(3);
  });
});

describe('bad input answers 4xx with a clear message, never 500', () => {
  const huge = 'x'.repeat(200_000);
  const cases: [string, string, unknown, RegExp][] = [
    ['POST', '/api/user-management/user/me', {}, /profile/],
    ['POST', '/api/user-management/user/me', { profile: { firstName: 1, lastName: [] } }, /profile\.firstName/],
    ['POST', '/api/user-management/user/me', { profile: { firstName: huge, lastName: 'x' } }, /firstName/],
    ['POST', '/api/user-management/user/me', { profile: { firstName: '   ', lastName: 'x' } }, /firstName/],
    ['POST', '/api/user-management/user/update', {}, /userId/],
    ['POST', '/api/user-management/user/update', { userId: 'not-a-uuid' }, /userId/],
    ['POST', '/api/user-management/user/update', { userId: '00000000-0000-4000-8000-000000000000' }, /User not found/],
    [
      'POST',
      '/api/user-management/user/update',
      { userId: '00000000-0000-4000-8000-000000000000', role: 'owner' },
      /role/,
    ],
    ['POST', '/api/user-management/group/users/activate', {}, /userIds/],
    ['POST', '/api/user-management/group/users/deactivate', { userIds: [] }, /userIds/],
    ['POST', '/api/user-management/group/users/delete', { userIds: 'abc' }, /userIds/],
    ['POST', '/api/user-management/group/users/assign-to-admin', { userIds: [42] }, /userIds/],
    [
      'POST',
      '/api/user-management/group/users/assign-to-admin',
      { userIds: ['00000000-0000-4000-8000-000000000000'] },
      /User not found/,
    ],
    ['POST', '/api/user-management/group/user/create', {}, /email/],
    [
      'POST',
      '/api/user-management/group/user/create',
      { email: 'nope', profile: { firstName: 'a', lastName: 'b' } },
      /email/,
    ],
    [
      'POST',
      '/api/user-management/group/user/create',
      { email: `${huge}@x.test`, profile: { firstName: 'a', lastName: 'b' } },
      /email|large/,
    ],
    ['POST', '/get-identity', { userEmail: null }, /userEmail/],
  ];
  for (const [method, url, payload, message] of cases) {
    it(`${method} ${url} ${JSON.stringify(payload).slice(0, 60)}`, async () => {
      const res = await app.inject({ method: method as 'POST', url, headers, payload: payload as object });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().error.message).toMatch(message);
    });
  }

  it('answers 400 for malformed JSON and 415 for unsupported bodies', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/user-management/user/me',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(bad.statusCode).toBe(400);
    const xml = await app.inject({
      method: 'POST',
      url: '/api/user-management/user/me',
      headers: { ...headers, 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
  });

  it('answers 401 for malformed Authorization headers and never echoes the token', async () => {
    for (const authorization of ['Bearer', 'Basic abc', 'Bearer not.a.jwt', `Bearer ${'a'.repeat(10_000)}`]) {
      const res = await app.inject({ method: 'GET', url: '/api/organization', headers: { authorization } });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('not.a.jwt');
    }
  });
});
