import { describe, expect, it } from 'vitest';
import {
  billingAvailable,
  canSwitchOrganization,
  isInZorroGroup,
  userManagementAvailable,
  userManagementReadOnly,
  zorroAvailable,
} from './policy-rules.js';

describe('policy rules shared with the UI', () => {
  it('zorro access is the zorro group, enablement also needs the organisation feature', () => {
    expect(isInZorroGroup(['zorro'])).toBe(true);
    expect(isInZorroGroup(['other'])).toBe(false);
    expect(zorroAvailable(['zorro'], ['zorro'])).toBe(true);
    expect(zorroAvailable(['zorro'], ['zfire'])).toBe(false);
  });

  it('user management needs the flag, no trial and no external groups; SSO is read only', () => {
    expect(userManagementAvailable({ userManagementEnabled: true, isUserInTrialOrg: false, externalGroups: [] })).toBe(
      true,
    );
    expect(userManagementAvailable({ userManagementEnabled: false, isUserInTrialOrg: false, externalGroups: [] })).toBe(
      false,
    );
    expect(userManagementAvailable({ userManagementEnabled: true, isUserInTrialOrg: true, externalGroups: [] })).toBe(
      false,
    );
    expect(
      userManagementAvailable({ userManagementEnabled: true, isUserInTrialOrg: false, externalGroups: ['g'] }),
    ).toBe(false);
    expect(userManagementReadOnly({ isSso: true })).toBe(true);
  });

  it('billing and the organisation switcher', () => {
    const base = {
      billingPageEnabled: true,
      isGroupAdmin: true,
      isProductAdmin: false,
      organizationProducts: ['self_serve_billing'],
    };
    expect(billingAvailable(base)).toBe(true);
    expect(billingAvailable({ ...base, billingPageEnabled: false })).toBe(false);
    expect(billingAvailable({ ...base, isGroupAdmin: false })).toBe(false);
    expect(billingAvailable({ ...base, organizationProducts: [] })).toBe(false);
    expect(canSwitchOrganization({ isGroupAdmin: false, isProductAdmin: true })).toBe(true);
    expect(canSwitchOrganization({ isGroupAdmin: false, isProductAdmin: false })).toBe(false);
  });
});
