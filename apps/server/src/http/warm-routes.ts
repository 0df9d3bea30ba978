import { randomUUID } from 'node:crypto';
import { assessmentQuerySchema, authnRequestSchema } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { importJWK, SignJWT } from 'jose';
import { findUserByEmail, membershipsOf } from '../auth/accounts.js';
import { credentialsOf } from '../db/accounts.js';
import { lockedThrottleKeys } from '../db/login-throttles.js';

/**
 * What the first lookup and the first sign-in after start would pay for on their routes, paid at
 * start (issue 46): each route's first run through Fastify's hooks, its zod schemas' first parse
 * (zod compiles an object schema's parser on first use), the access token's first verification
 * (the key's import) and the first compile and run of the queries the sign-in makes. Nothing is
 * written: no usage, no audit row, no throttle failure, no session.
 */
const NOBODY = '00000000-0000-4000-8000-000000000000';
const NOBODY_EMAIL = 'warm-up@zview.invalid';
const LOOKUP_URL = '/api/caribou/v3/property/assessment/zview';

/**
 * Runs the lookup route as far as a request can go without an account: a token signed by this
 * server's own key for a subject that does not exist passes verification and the revocation
 * check, then is refused (401) where a user is looked up. Without the embedded provider there
 * is no key to sign with, and only the schema is warmed.
 */
export async function warmLookupRoute(app: FastifyInstance): Promise<void> {
  const query = { location_type: 'address', location: '1 Warm Up Way, Nowhere, ZZ 00000' };
  assessmentQuerySchema.safeParse(query);
  const token = await tokenForNobody(app);
  if (!token) return;
  for (let i = 0; i < 3; i += 1)
    await app.inject({
      method: 'GET',
      url: `${LOOKUP_URL}?${new URLSearchParams(query)}`,
      headers: { authorization: `Bearer ${token}` },
    });
}

/**
 * Runs the sign-in route's request parsing and validation (a JSON body without credentials: 400
 * before any check is counted) and the reads a sign-in makes, for an address no account has.
 */
export async function warmSignInRoute(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  authnRequestSchema.safeParse({ username: NOBODY_EMAIL, password: 'warm-up' });
  if (app.identity) await app.inject({ method: 'POST', url: '/oidc/api/v1/authn', payload: {} });
  await Promise.all([
    lockedThrottleKeys(db, [`account:${NOBODY_EMAIL}`]),
    findUserByEmail(db, NOBODY_EMAIL),
    credentialsOf(db, NOBODY),
    membershipsOf(db, NOBODY),
  ]);
}

/** A one-minute access token of the embedded provider for a subject no account has. */
async function tokenForNobody(app: FastifyInstance): Promise<string | undefined> {
  const key = app.identity?.keys.signing[0];
  if (!key) return undefined;
  const { config } = app.ctx;
  return new SignJWT({ scope: 'warm-up' })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid })
    .setIssuer(config.runtime.OIDC_ISSUER)
    .setAudience(config.identity.audience)
    .setSubject(NOBODY)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime('1m')
    .sign(await importJWK(key, 'RS256'));
}
