import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { DEV_IDP_CERT } from '../src/auth/dev-saml-idp/sign.js';
import { registerSamlIdp } from '../src/auth/saml.js';
import { insertApiKey } from '../src/db/api-keys.js';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

/**
 * Who may call which /api route (SPEC §6), for every role, acting for their own organisation
 * and for a foreign one; and no route answers with another organisation's data.
 */
const { app, db } = await useTestApp();
const home = await createOrganization(db, { name: 'Home Org', products: ['zfire', 'zhail'] });
const foreign = await createOrganization(db, { name: 'Foreign Org', products: ['zwind'] });
const trialOrg = await createOrganization(db, { name: 'Trial Org', products: ['zfire'], isTrial: true });
const foreignMember = await createUser(db, { org: foreign, firstName: 'Foreign', lastName: 'Person' });

const roles = {
  ordinary: { user: await createUser(db, { org: home }), org: home },
  groupAdmin: { user: await createUser(db, { org: home, role: 'admin' }), org: home },
  internalAdmin: { user: await createUser(db, { internalAdmin: true }), org: home },
  trial: { user: await createUser(db, { org: trialOrg, role: 'admin' }), org: trialOrg },
  sso: {
    user: await createUser(db, { org: home, role: 'admin', sso: true, externalGroups: ['underwriters'] }),
    org: home,
  },
} as const;
type Role = keyof typeof roles;

interface RouteCase {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  /** The concrete path, when the route has parameters (may create the subject in the organisation). */
  path?: (orgId: number) => Promise<string>;
  /** Body builder; receives a fresh member of the organisation acted for. */
  body?: (memberId: string) => unknown;
  allowed: Role[];
  status?: number;
}
const everyone: Role[] = ['ordinary', 'groupAdmin', 'internalAdmin', 'trial', 'sso'];
const managers: Role[] = ['groupAdmin', 'internalAdmin'];
const withUserManagement: Role[] = ['ordinary', 'groupAdmin', 'internalAdmin'];

const routes: RouteCase[] = [
  { method: 'GET', url: '/api/organization', allowed: everyone },
  { method: 'GET', url: '/api/faq', allowed: everyone },
  { method: 'GET', url: '/api/user-management/user/me', allowed: everyone },
  {
    method: 'POST',
    url: '/api/user-management/user/me',
    body: () => ({ profile: { firstName: 'New', lastName: 'Name' } }),
    allowed: withUserManagement,
  },
  { method: 'POST', url: '/api/user-management/user/me/forget-password', allowed: withUserManagement },
  {
    method: 'POST',
    url: '/api/user-management/user/update',
    body: (id) => ({ userId: id, profile: { firstName: 'A', lastName: 'B' }, role: 'member' }),
    allowed: managers,
  },
  { method: 'GET', url: '/api/user-management/group/members', allowed: withUserManagement },
  {
    method: 'POST',
    url: '/api/user-management/group/users/assign-to-admin',
    body: (id) => ({ userIds: [id] }),
    allowed: managers,
  },
  {
    method: 'POST',
    url: '/api/user-management/group/users/activate',
    body: (id) => ({ userIds: [id] }),
    allowed: managers,
  },
  {
    method: 'POST',
    url: '/api/user-management/group/users/deactivate',
    body: (id) => ({ userIds: [id] }),
    allowed: managers,
  },
  {
    method: 'POST',
    url: '/api/user-management/group/users/delete',
    body: (id) => ({ userIds: [id] }),
    allowed: managers,
  },
  {
    method: 'POST',
    url: '/api/user-management/group/user/create',
    body: () => ({
      email: `new-${Math.random().toString(36).slice(2)}@example.test`,
      profile: { firstName: 'N', lastName: 'M' },
    }),
    allowed: managers,
    status: 201,
  },
  { method: 'GET', url: '/api/user-management/api-keys', allowed: managers },
  {
    method: 'POST',
    url: '/api/user-management/api-keys',
    body: () => ({ name: 'Rating engine' }),
    allowed: managers,
    status: 201,
  },
  {
    method: 'POST',
    url: '/api/user-management/api-keys/:id/revoke',
    path: async (orgId) => {
      const key = await insertApiKey(db, {
        organizationId: orgId,
        name: 'k',
        prefix: 'zv_live_x',
        keyHash: randomBytes(32).toString('hex'),
        products: null,
        createdBy: null,
        expiresAt: null,
      });
      return `/api/user-management/api-keys/${key.id}/revoke`;
    },
    allowed: managers,
  },
  { method: 'GET', url: '/api/identity/saml-idps', allowed: ['internalAdmin'] },
  {
    method: 'POST',
    url: '/api/identity/saml-idps',
    body: () => ({
      name: 'IdP',
      emailDomains: [randomDomain()],
      entityId: 'urn:idp',
      ssoUrl: 'https://idp.example.test/sso',
      certificate: DEV_IDP_CERT,
    }),
    allowed: ['internalAdmin'],
    status: 201,
  },
  {
    method: 'PATCH',
    url: '/api/identity/saml-idps/:id',
    path: async (orgId) => {
      const idp = await registerSamlIdp(db, {
        organizationId: orgId,
        name: 'IdP',
        emailDomains: [randomDomain()],
        entityId: 'urn:idp',
        ssoUrl: 'https://idp.example.test/sso',
        certificate: DEV_IDP_CERT,
      });
      return `/api/identity/saml-idps/${idp.id}`;
    },
    body: () => ({ internalAdminGroup: 'idp-staff' }),
    allowed: ['internalAdmin'],
  },
  {
    method: 'DELETE',
    url: '/api/identity/saml-idps/:id',
    path: async (orgId) => {
      const idp = await registerSamlIdp(db, {
        organizationId: orgId,
        name: 'IdP',
        emailDomains: [randomDomain()],
        entityId: 'urn:idp',
        ssoUrl: 'https://idp.example.test/sso',
        certificate: DEV_IDP_CERT,
      });
      return `/api/identity/saml-idps/${idp.id}`;
    },
    allowed: ['internalAdmin'],
    status: 204,
  },
];

function randomDomain() {
  return `d${randomBytes(5).toString('hex')}.test`;
}

const tokens = new Map<Role, { authorization: string }>();
for (const role of Object.keys(roles) as Role[]) tokens.set(role, await authHeader(app, roles[role].user));

async function call(role: Role, route: RouteCase, orgId: number) {
  const member = await createUser(db, { org: { id: orgId } });
  const path = route.path ? await route.path(orgId) : route.url;
  return app.inject({
    method: route.method,
    url: `${path}?target_organization_id=${orgId}`,
    headers: tokens.get(role)!,
    ...(route.method === 'POST' || route.method === 'PATCH'
      ? { payload: (route.body?.(member.id) ?? {}) as object }
      : {}),
  });
}

describe('authorization matrix', () => {
  it('lists every /api route of this area (a new route must be added here)', () => {
    const registered = app.registeredRoutes
      .filter(
        (r) =>
          /^\/api\/(organization|faq|user-management|identity)(\/|$)/.test(r.url) &&
          r.policy !== 'public' &&
          r.method !== 'HEAD',
      )
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(registered).toEqual(routes.map((r) => `${r.method} ${r.url}`).sort());
  });

  for (const route of routes) {
    for (const role of Object.keys(roles) as Role[]) {
      const allowed = route.allowed.includes(role);
      it(`${route.method} ${route.url} as ${role} for its own organisation → ${allowed ? 'allowed' : '403'}`, async () => {
        const res = await call(role, route, roles[role].org.id);
        expect(res.statusCode, res.body).toBe(allowed ? (route.status ?? 200) : 403);
      });
      it(`${route.method} ${route.url} as ${role} for a foreign organisation → ${role === 'internalAdmin' ? 'allowed' : '404'}`, async () => {
        const res = await call(role, route, foreign.id);
        if (role === 'internalAdmin') expect(res.statusCode, res.body).toBe(route.status ?? 200);
        else expect(res.statusCode, res.body).toBe(404);
        if (res.statusCode >= 400) expect(res.body).not.toContain('Foreign');
      });
    }
  }

  it('never answers with another organisation’s data', async () => {
    const admin = tokens.get('groupAdmin')!;
    const orgs = await app.inject({ method: 'GET', url: '/api/organization', headers: admin });
    expect(orgs.json().organizations.map((o: { id: number }) => o.id)).toEqual([home.id]);
    const members = await app.inject({ method: 'GET', url: '/api/user-management/group/members', headers: admin });
    expect(members.statusCode).toBe(200);
    expect(members.json().organization.id).toBe(home.id);
    expect(members.json().members.map((m: { id: string }) => m.id)).not.toContain(foreignMember.id);
    for (const [url, payload] of [
      ['/api/user-management/user/update', { userId: foreignMember.id, role: 'admin' }],
      ['/api/user-management/group/users/deactivate', { userIds: [foreignMember.id] }],
      ['/api/user-management/group/users/delete', { userIds: [foreignMember.id] }],
      ['/api/user-management/group/users/assign-to-admin', { userIds: [foreignMember.id] }],
    ] as const) {
      const res = await app.inject({ method: 'POST', url, headers: admin, payload });
      expect(res.statusCode, url).toBe(404);
    }
    const untouched = await db
      .selectFrom('users')
      .select('status')
      .where('id', '=', foreignMember.id)
      .executeTakeFirstOrThrow();
    expect(untouched.status).toBe('active');
    const role = await db
      .selectFrom('organization_members')
      .select('role')
      .where('user_id', '=', foreignMember.id)
      .executeTakeFirstOrThrow();
    expect(role.role).toBe('member');
  });

  it('a group admin cannot take over an account of another organisation or of staff (issue 12)', async () => {
    const admin = tokens.get('groupAdmin')!;
    for (const target of [foreignMember, roles.internalAdmin.user]) {
      const create = await app.inject({
        method: 'POST',
        url: '/api/user-management/group/user/create',
        headers: admin,
        payload: { email: target.email, profile: { firstName: 'Taken', lastName: 'Over' }, role: 'admin' },
      });
      expect(create.statusCode, create.body).toBe(202);
      expect(create.body).not.toContain(target.id);
      const joined = await db
        .selectFrom('organization_members')
        .select('user_id')
        .where('user_id', '=', target.id)
        .where('organization_id', '=', home.id)
        .executeTakeFirst();
      expect(joined).toBeUndefined();
      const update = await app.inject({
        method: 'POST',
        url: '/api/user-management/user/update',
        headers: admin,
        payload: { userId: target.id, profile: { firstName: 'Taken', lastName: 'Over' }, expirePassword: true },
      });
      expect(update.statusCode).toBe(404);
    }
    const shared = await createUser(db, { orgs: [home, foreign], firstName: 'Shared' });
    const rename = await app.inject({
      method: 'POST',
      url: '/api/user-management/user/update',
      headers: admin,
      payload: { userId: shared.id, profile: { firstName: 'Taken', lastName: 'Over' } },
    });
    expect(rename.statusCode).toBe(403);
    const names = await db
      .selectFrom('users')
      .select('first_name')
      .where('id', 'in', [foreignMember.id, roles.internalAdmin.user.id, shared.id])
      .execute();
    expect(names.map((n) => n.first_name)).not.toContain('Taken');
    const expired = await db
      .selectFrom('user_credentials')
      .select('password_expires_at')
      .where('user_id', 'in', [foreignMember.id, roles.internalAdmin.user.id, shared.id])
      .execute();
    expect(expired.every((c) => c.password_expires_at === null)).toBe(true);
  });

  it('imagery follows the organisation’s products: no property product, no map sources or tiles (issue 12)', async () => {
    const zorroOnly = await createOrganization(db, { name: 'Zorro Only', products: ['zorro'] });
    const reader = await authHeader(app, await createUser(db, { org: zorroOnly, externalGroups: ['zorro'] }));
    expect((await app.inject({ method: 'GET', url: '/api/map/sources', headers: reader })).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: '/api/tiles/satellite/18/1/1.png', headers: reader })).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: '/api/map/sources', headers: tokens.get('ordinary')! })).statusCode,
    ).toBe(200);
  });

  it('internal admins list every organisation', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/organization', headers: tokens.get('internalAdmin')! });
    expect(res.json().organizations.map((o: { id: number }) => o.id)).toEqual(
      expect.arrayContaining([home.id, foreign.id, trialOrg.id]),
    );
  });

  it('rejects a malformed or repeated target_organization_id with 400', async () => {
    for (const query of ['abc', '-1', '1.5', '99999999999', '1&target_organization_id=2']) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/organization?target_organization_id=${query}`,
        headers: tokens.get('ordinary')!,
      });
      expect(res.statusCode, query).toBe(400);
    }
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/organization?target_organization_id=999999',
      headers: tokens.get('internalAdmin')!,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
