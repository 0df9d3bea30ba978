import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, seedDemoIdentity } from '../src/auth/seed.js';
import { useTestApp } from './app.js';

/** The demo seed of `npm start`: idempotent, and every account signs in as described. */
const { app, db } = await useTestApp({ DEMO_PASSWORD: 'Seed-test-pass-1', DEV_SAML_IDP: 'true' });

describe('demo seed', () => {
  it('creates the demo organisations and accounts once, however often it runs', async () => {
    const lines = await seedDemoIdentity(db, app.ctx.config);
    expect(lines.join('\n')).toContain('user@demo.test');
    // Every account the README lists, prairie@ (seeded with the staff-administration demo) too.
    for (const email of [
      'admin@demo.test',
      'staff@zview.test',
      'trial@trial.test',
      'prairie@demo.test',
      'analyst@demo.test',
    ])
      expect(lines.join('\n')).toContain(email);
    const count = async () => ({
      orgs: (await db.selectFrom('organizations').select('id').execute()).length,
      users: (await db.selectFrom('users').select('id').execute()).length,
      members: (await db.selectFrom('organization_members').select('user_id').execute()).length,
      idps: (await db.selectFrom('saml_identity_providers').select('id').execute()).length,
    });
    const first = await count();
    await seedDemoIdentity(db, app.ctx.config);
    expect(await count()).toEqual(first);
    expect(first.orgs).toBeGreaterThanOrEqual(2);
  });

  it('every demo account signs in with the demo password', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const res = await app.inject({
        method: 'POST',
        url: '/oidc/api/v1/authn',
        payload: { username: account.email, password: 'Seed-test-pass-1' },
      });
      expect(res.json().status, account.email).toBe('SUCCESS');
    }
    const admin = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin@demo.test')
      .executeTakeFirstOrThrow();
    const roles = await db.selectFrom('organization_members').select('role').where('user_id', '=', admin.id).execute();
    expect(roles.map((r) => r.role)).toEqual(['admin', 'admin']);
    const sso = await app.inject({ method: 'POST', url: '/get-identity', payload: { userEmail: 'someone@sso.test' } });
    expect(sso.json().links[0].type).toBe('SAML2');
  });

  it('gives portfolio features and portfolio billing only where the Portfolio tab opens (SPEC §2)', async () => {
    await seedDemoIdentity(db, app.ctx.config);
    const orgs = await db.selectFrom('organizations').select(['id', 'name', 'products']).execute();
    for (const org of orgs) {
      const opens = org.products.includes('zfire-portfolio') || org.products.includes('zproperty-portfolio');
      if (opens) continue;
      expect(
        org.products.filter((p) => p.endsWith('-portfolio')),
        org.name,
      ).toEqual([]);
      const billed = await db
        .selectFrom('usage_events')
        .select('id')
        .where('organization_id', '=', org.id)
        .where('channel', '=', 'portfolio')
        .execute();
      expect(billed, org.name).toEqual([]);
    }
  });
});
