import { FEATURE_KEYS } from '@zview/contracts';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import {
  insertOrganization,
  organizationIdByName,
  upsertDemoUser,
  upsertIdp,
  upsertMemberRole,
} from '../db/demo-identity.js';
import { clearThrottle } from '../db/login-throttles.js';
import { DEV_IDP_CERT } from './dev-saml-idp/sign.js';
import { hashPassword } from './passwords.js';
import { setPassword } from './password-reset.js';
import { seedDemoBilling } from '../domain/billing/demo-seed.js';
import { DEMO_PRAIRIE, seedStaffAdminDemo } from './seed-staff-admin.js';
import { seedDemoAppeals } from './seed-appeals.js';

export const DEMO_ORGANIZATIONS = [
  { name: 'Demo Mutual Insurance', products: FEATURE_KEYS, isTrial: false },
  {
    name: 'Gulf Coast Underwriters',
    // No portfolio features: SPEC §2 opens the Portfolio tab only with the fire- or property-portfolio
    // feature, so wind and hail portfolio features alone would be billed for a tab nobody sees.
    products: ['zwind', 'zhail', 'zstorm', 'self_serve_billing'],
    isTrial: false,
  },
  { name: 'Trial Insurance Co', products: ['zfire', 'zproperty'], isTrial: true },
  { name: 'SSO Enterprise Insurance', products: ['zfire', 'zproperty', 'zorro', 'oblique-imagery'], isTrial: false },
] as const;

export const DEMO_ACCOUNTS = [
  {
    email: 'user@demo.test',
    firstName: 'Uma',
    lastName: 'User',
    orgs: [['Demo Mutual Insurance', 'member']],
    internal: false,
    note: 'ordinary user, all products',
  },
  {
    email: 'admin@demo.test',
    firstName: 'Ada',
    lastName: 'Admin',
    orgs: [
      ['Demo Mutual Insurance', 'admin'],
      ['Gulf Coast Underwriters', 'admin'],
    ],
    internal: false,
    note: 'group admin of two organisations',
  },
  {
    email: 'staff@zview.test',
    firstName: 'Sam',
    lastName: 'Staff',
    orgs: [],
    internal: true,
    note: 'internal admin (isZviewAdmin)',
  },
  {
    email: 'trial@trial.test',
    firstName: 'Tia',
    lastName: 'Trial',
    orgs: [['Trial Insurance Co', 'admin']],
    internal: false,
    note: 'trial organisation',
  },
  // Data discovery: the zorro group (external group) in an organisation with the zorro feature.
  {
    email: 'analyst@demo.test',
    firstName: 'Ana',
    lastName: 'Analyst',
    orgs: [['Demo Mutual Insurance', 'member']],
    internal: false,
    groups: ['zorro'],
    note: 'analyst with Discovery (zorro)',
  },
] as const;

export const DEMO_SSO = { idpId: '0oadevsamlidp', domain: 'sso.test', organization: 'SSO Enterprise Insurance' };

/**
 * Demo organisations and accounts, created on `npm start` (idempotent: existing rows are kept,
 * passwords are reset to the demo password). Returns lines to print on the console.
 */
export async function seedDemoIdentity(db: Db, config: ServerConfig): Promise<string[]> {
  const passwordHash = await hashPassword(config.identity.demoPassword);
  const orgIds = new Map<string, number>();
  for (const org of DEMO_ORGANIZATIONS) {
    const existing = await organizationIdByName(db, org.name);
    const id =
      existing?.id ??
      (await insertOrganization(db, { name: org.name, products: [...org.products], is_trial: org.isTrial }));
    orgIds.set(org.name, id);
  }
  await seedDemoAppeals(db);
  for (const account of DEMO_ACCOUNTS) {
    const groups = 'groups' in account ? [...account.groups] : [];
    const userId = await upsertDemoUser(db, {
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      internal: account.internal,
      groups,
    });
    await setPassword(db, userId, passwordHash);
    await clearThrottle(db, `account:${account.email}`);
    for (const [orgName, role] of account.orgs) {
      await upsertMemberRole(db, orgIds.get(orgName)!, userId, role);
    }
  }
  await seedDemoBilling(db, orgIds);
  await seedStaffAdminDemo(db, passwordHash);
  const issuer = config.runtime.OIDC_ISSUER;
  // The sso.test domain trusts the committed development key: only where the dev IdP is served.
  if (!config.identity.devSamlIdp) return accountLines(config);
  await upsertIdp(db, {
    id: DEMO_SSO.idpId,
    organization_id: orgIds.get(DEMO_SSO.organization)!,
    name: 'SSO Enterprise (development IdP)',
    entity_id: 'urn:zview:dev-saml-idp',
    sso_url: `${issuer}/dev-saml-idp`,
    certificate: DEV_IDP_CERT,
    email_domains: [DEMO_SSO.domain],
  });
  return [
    ...accountLines(config),
    `  anyone@${DEMO_SSO.domain.padEnd(12)} enterprise SSO through the development SAML IdP (${issuer}/dev-saml-idp)`,
  ];
}

function accountLines(config: ServerConfig): string[] {
  return [
    `Demo accounts (password: ${config.identity.demoPassword}${process.env.DEMO_PASSWORD ? ', from DEMO_PASSWORD' : ''}):`,
    ...DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(20)} ${a.note}`),
    // Seeded by the staff-administration demo, listed with the others (as in the README).
    `  ${DEMO_PRAIRIE.email.padEnd(20)} ordinary user of ${DEMO_PRAIRIE.organization} (Z-FIRE and Z-PROPERTY until staff switch more on)`,
  ];
}
