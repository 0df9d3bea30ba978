import { ABILITIES, ABILITY_ACTIONS, type Abilities, type OrganizationsResponse } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { can } from '../src/auth/policy.js';
import { actorForToken } from '../src/http/authenticate.js';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser, tokenFor } from './factories.js';

const { app, db } = await useTestApp();

/**
 * Issue 44 item 2: GET /api/organization presents, per organisation, what the policy lets the user
 * do there, decided as a request acting for that organisation is (the role held there included),
 * and it agrees with what the server then allows.
 */
async function organizationsOf(user: { id: string }) {
  const res = await app.inject({ method: 'GET', url: '/api/organization', headers: await authHeader(app, user) });
  expect(res.statusCode).toBe(200);
  return (res.json() as OrganizationsResponse).organizations;
}

function abilitiesIn(organizations: OrganizationsResponse['organizations'], id: number): Abilities {
  const found = organizations.find((organization) => organization.id === id);
  if (!found) throw new Error(`organisation ${id} is not presented`);
  return found.abilities;
}

/** What the team-edit route answers when acting for the organisation: 403 when refused, else 400 for the empty body. */
async function teamEditStatus(user: { id: string }, organizationId: number) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/user-management/user/update?target_organization_id=${organizationId}`,
    headers: await authHeader(app, user),
    payload: {},
  });
  return res.statusCode;
}

describe('abilities presented for each organisation', () => {
  it('an admin of A acting for B, where they are a plain member, may manage A’s team and not B’s', async () => {
    const a = await createOrganization(db, { products: ['zfire', 'self_serve_billing', 'appeals'] });
    const b = await createOrganization(db, { products: ['zfire', 'self_serve_billing', 'appeals'] });
    const user = await createUser(db, {
      orgs: [
        { id: a.id, role: 'admin' },
        { id: b.id, role: 'member' },
      ],
    });

    const organizations = await organizationsOf(user);
    expect(organizations.map((organization) => organization.id)).toEqual([a.id, b.id]);
    expect(abilitiesIn(organizations, a.id)).toMatchObject({
      teamRead: true,
      teamManage: true,
      apiKeysManage: true,
      appealReview: true,
      customersManage: false,
    });
    expect(abilitiesIn(organizations, b.id)).toMatchObject({
      teamRead: true,
      teamManage: false,
      apiKeysManage: false,
      appealReview: false,
      appealDraft: true,
      customersManage: false,
    });
    // What is presented is what the server then does.
    expect(await teamEditStatus(user, a.id)).toBe(400);
    expect(await teamEditStatus(user, b.id)).toBe(403);
  });

  it('an internal admin who is a group admin nowhere may manage every organisation’s team, but not a trial one’s', async () => {
    const member = await createOrganization(db);
    const foreign = await createOrganization(db);
    const trial = await createOrganization(db, { isTrial: true });
    const staff = await createUser(db, { internalAdmin: true, orgs: [{ id: member.id, role: 'member' }] });

    const organizations = await organizationsOf(staff);
    for (const id of [member.id, foreign.id]) {
      expect(abilitiesIn(organizations, id)).toMatchObject({
        teamRead: true,
        teamManage: true,
        customersManage: true,
        mocksManage: true,
        jobsAdmin: true,
        actForAnyOrganization: true,
      });
      expect(await teamEditStatus(staff, id)).toBe(400);
    }
    expect(abilitiesIn(organizations, trial.id)).toMatchObject({
      teamRead: false,
      teamManage: false,
      customersManage: true,
    });
    expect(await teamEditStatus(staff, trial.id)).toBe(403);
    // The web says why from the trial state presented per organisation, not from a token claim.
    expect(organizations.find((organization) => organization.id === trial.id)?.trial).toBe(true);
    expect(organizations.find((organization) => organization.id === member.id)?.trial).toBe(false);
  });

  it('an SSO group admin reads the team but may not edit it; billing and portfolio follow each organisation’s products', async () => {
    const plain = await createOrganization(db, { products: ['zfire'] });
    const billed = await createOrganization(db, { products: ['zfire', 'self_serve_billing', 'zfire-portfolio'] });
    const sso = await createUser(db, { sso: true, role: 'admin', orgs: [{ id: plain.id }, { id: billed.id }] });

    const organizations = await organizationsOf(sso);
    expect(abilitiesIn(organizations, plain.id)).toMatchObject({
      teamRead: true,
      teamManage: false,
      billingRead: false,
      portfolioRead: false,
    });
    // The test app's runtime flags: see the billing flag's value before reading billingRead.
    const billingFlag = app.ctx.config.runtime.BILLING_PAGE_ENABLED;
    expect(abilitiesIn(organizations, billed.id)).toMatchObject({
      teamManage: false,
      billingRead: billingFlag,
      portfolioRead: true,
    });
    expect(await teamEditStatus(sso, billed.id)).toBe(403);
    const billing = await app.inject({
      method: 'GET',
      url: `/api/caribou/billing?target_organization_id=${billed.id}`,
      headers: await authHeader(app, sso),
    });
    expect(billing.statusCode === 403).toBe(!billingFlag);
  });

  it('presents for each organisation exactly what can() decides for a request acting for it', async () => {
    const a = await createOrganization(db, { products: ['zfire', 'self_serve_billing', 'appeals', 'zfire-portfolio'] });
    const b = await createOrganization(db, { products: ['zfire', 'self_serve_billing', 'appeals', 'zfire-portfolio'] });
    const user = await createUser(db, {
      orgs: [
        { id: a.id, role: 'admin' },
        { id: b.id, role: 'member' },
      ],
    });
    const token = await tokenFor(app, user);

    const organizations = await organizationsOf(user);
    for (const organization of organizations) {
      // The actor a request with ?target_organization_id= resolves, asked through the policy.
      const actor = await actorForToken(app, token, String(organization.id));
      expect(actor.organization.id).toBe(organization.id);
      const decided = Object.fromEntries(ABILITIES.map((ability) => [ability, can(actor, ABILITY_ACTIONS[ability])]));
      expect(organization.abilities, `organisation ${organization.id}`).toEqual(decided);
    }
    // The facts the web's reviewer controls, ADMIN badge and switcher read (SPEC §2).
    expect(abilitiesIn(organizations, a.id)).toMatchObject({ appealReview: true, switchOrganization: true });
    expect(abilitiesIn(organizations, b.id)).toMatchObject({ appealReview: false, switchOrganization: false });
  });
});
