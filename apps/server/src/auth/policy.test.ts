import { describe, expect, it } from 'vitest';
import type { Actor } from './actor.js';
import { can, type PolicyAction } from './policy.js';

const actor = (overrides: Partial<Actor> = {}, organization: Partial<Actor['organization']> = {}): Actor => ({
  userId: 'u',
  email: 'u@x.test',
  firstName: 'U',
  lastName: 'X',
  isInternalAdmin: false,
  externalGroups: [],
  isSso: false,
  orgRole: 'member',
  organization: { id: 1, name: 'Org', products: ['zfire'], isTrial: false, ...organization },
  settings: { userManagementEnabled: true, billingPageEnabled: true },
  ...overrides,
});

describe('policy (SPEC §6)', () => {
  it('products are per organisation', () => {
    expect(can(actor(), 'product:use', { product: 'zfire' })).toBe(true);
    expect(can(actor(), 'product:use', { product: 'zwind' })).toBe(false);
  });

  it('zorro needs the user group and the organisation feature', () => {
    expect(can(actor({ externalGroups: ['zorro'] }, { products: ['zorro'] }), 'zorro:use')).toBe(true);
    expect(can(actor({ externalGroups: ['zorro'] }), 'zorro:use')).toBe(false);
    expect(can(actor({}, { products: ['zorro'] }), 'zorro:use')).toBe(false);
  });

  it('billing needs the flag, an admin and self-serve billing', () => {
    const billingOrg = { products: ['self_serve_billing'] };
    expect(can(actor({ orgRole: 'admin' }, billingOrg), 'billing:read')).toBe(true);
    expect(can(actor({ isInternalAdmin: true, orgRole: null }, billingOrg), 'billing:read')).toBe(true);
    expect(can(actor({}, billingOrg), 'billing:read')).toBe(false);
    expect(can(actor({ orgRole: 'admin' }), 'billing:read')).toBe(false);
    expect(
      can(
        actor({ orgRole: 'admin', settings: { userManagementEnabled: true, billingPageEnabled: false } }, billingOrg),
        'billing:read',
      ),
    ).toBe(false);
    // The flag defaults to off when the actor carries no settings.
    expect(can(actor({ orgRole: 'admin', settings: undefined }, billingOrg), 'billing:read')).toBe(false);
  });

  it('user management: trial organisations, external groups and the flag turn it off; SSO users read only', () => {
    const admin = { orgRole: 'admin' as const };
    expect(can(actor(admin), 'team:manage')).toBe(true);
    expect(can(actor(admin, { isTrial: true }), 'team:read')).toBe(false);
    expect(can(actor({ ...admin, externalGroups: ['x'] }), 'team:read')).toBe(false);
    expect(
      can(actor({ ...admin, settings: { userManagementEnabled: false, billingPageEnabled: false } }), 'team:read'),
    ).toBe(false);
    expect(can(actor({ ...admin, isSso: true }), 'team:read')).toBe(true);
    expect(can(actor({ ...admin, isSso: true }), 'team:manage')).toBe(false);
    expect(can(actor(), 'team:manage')).toBe(false);
  });

  it('internal areas are for internal admins only; unknown actions are denied', () => {
    expect(can(actor({ isInternalAdmin: true }), 'customers:manage')).toBe(true);
    expect(can(actor({ orgRole: 'admin' }), 'mocks:manage')).toBe(false);
    expect(can(actor({ isInternalAdmin: true }), 'no-such-action' as PolicyAction)).toBe(false);
  });

  it('asks about the object: a portfolio of another organisation is refused, its own allowed', () => {
    const member = actor({}, { products: ['zfire-portfolio'] });
    expect(can(member, 'portfolio:read', { organizationId: 1 })).toBe(true);
    expect(can(member, 'portfolio:export', { organizationId: 2 })).toBe(false);
    expect(can(actor(), 'portfolio:read')).toBe(false);
    expect(can(actor({ isInternalAdmin: true }), 'portfolio:read')).toBe(true);
  });
});
