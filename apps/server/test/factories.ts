import { randomBytes } from 'node:crypto';
import { OIDC_SCOPES } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../src/auth/passwords.js';
import { setPassword } from '../src/auth/password-reset.js';
import { API_SCOPE } from '../src/auth/provider.js';
import type { Db } from '../src/db/database.js';

/**
 * Test data builders shared by every area: a fresh organisation per test, users in roles, and a
 * fast real bearer token for a user.
 */
export const TEST_PASSWORD = 'Test-password-2024';
let testPasswordHash: Promise<string> | undefined;

export interface TestOrganization {
  id: number;
  name: string;
  products: string[];
  isTrial: boolean;
}

export async function createOrganization(
  db: Db,
  options: { name?: string; products?: string[]; isTrial?: boolean } = {},
): Promise<TestOrganization> {
  const row = await db
    .insertInto('organizations')
    .values({
      name: options.name ?? `Org ${randomBytes(4).toString('hex')}`,
      products: options.products ?? ['zfire', 'zproperty', 'zhail', 'zwind', 'zstorm'],
      is_trial: options.isTrial ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { id: row.id, name: row.name, products: row.products, isTrial: row.is_trial };
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

/**
 * A user with the test password (hashed once per process). `org` adds a membership with `role`;
 * `orgs` adds several. `internalAdmin` makes a {product} admin.
 */
export async function createUser(
  db: Db,
  options: {
    org?: { id: number };
    /** Further memberships; each may name its own role (else `role`). */
    orgs?: { id: number; role?: 'member' | 'admin' }[];
    role?: 'member' | 'admin';
    internalAdmin?: boolean;
    email?: string;
    firstName?: string;
    lastName?: string;
    externalGroups?: string[];
    status?: 'active' | 'deactivated' | 'deleted';
    sso?: boolean;
    passwordExpired?: boolean;
  } = {},
): Promise<TestUser> {
  const email = options.email ?? `user-${randomBytes(5).toString('hex')}@example.test`;
  const user = await db
    .insertInto('users')
    .values({
      email,
      first_name: options.firstName ?? 'Test',
      last_name: options.lastName ?? 'User',
      is_internal_admin: options.internalAdmin ?? false,
      external_groups: options.externalGroups ?? [],
      status: options.status ?? 'active',
      identity_source: options.sso ? 'saml' : 'password',
      saml_idp_id: null,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  await setPassword(db, user.id, await testPasswordHash, options.passwordExpired ? new Date(Date.now() - 1000) : null);
  const memberships: { id: number; role?: 'member' | 'admin' }[] = [
    ...(options.org ? [options.org] : []),
    ...(options.orgs ?? []),
  ];
  for (const org of memberships) {
    const role = org.role ?? options.role ?? 'member';
    await db.insertInto('organization_members').values({ organization_id: org.id, user_id: user.id, role }).execute();
  }
  return { id: user.id, email, password: TEST_PASSWORD };
}

/**
 * A valid bearer access token for the user, minted by the embedded provider's own AccessToken
 * model (same signing keys, issuer, audience and lifetime as the real flow; no HTTP round trips).
 * Use it as `headers: { authorization: \`Bearer ${token}\` }`.
 */
export async function tokenFor(app: FastifyInstance, user: { id: string }): Promise<string> {
  const identity = app.identity;
  if (!identity) throw new Error('tokenFor needs the embedded identity provider');
  const { provider, clientId } = identity;
  const client = await provider.Client.find(clientId);
  const { audience } = app.ctx.config.identity;
  const grant = new provider.Grant({ clientId, accountId: user.id });
  grant.addOIDCScope(OIDC_SCOPES.join(' '));
  grant.addResourceScope(audience, API_SCOPE);
  const grantId = await grant.save();
  const token = new provider.AccessToken({
    accountId: user.id,
    client,
    grantId,
    gty: 'authorization_code',
    scope: API_SCOPE,
    resourceServer: new provider.ResourceServer(audience, {
      scope: API_SCOPE,
      audience,
      accessTokenFormat: 'jwt',
      accessTokenTTL: 3600,
      jwt: { sign: { alg: 'RS256' } },
    }),
  } as never);
  return token.save();
}

/** `{ authorization: 'Bearer …' }` for app.inject. */
export async function authHeader(app: FastifyInstance, user: { id: string }): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await tokenFor(app, user)}` };
}
