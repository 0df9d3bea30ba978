import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  findUserWithMemberships,
  hasAppAccess,
  membershipsOf,
  type Membership,
  type UserRow,
} from '../auth/accounts.js';
import type { Actor } from '../auth/actor.js';
import { AuthenticatedCache, type Authenticated } from '../auth/authenticated-cache.js';
import { authorize, can, HIDDEN_WHEN_REFUSED } from '../auth/policy.js';
import { acquireChangeFeed } from '../db/change-feed.js';
import { organizationOrFirst } from '../db/organizations.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { isSignedUrlRequest } from './imagery.js';
import { badRequest, forbidden, notFound, unauthorized } from './errors.js';
import { isWarmUpRequest, warmUpPrincipal } from './warm-up-principal.js';

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;
const ORG_ID = /^[1-9][0-9]{0,9}$/;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * True when the authentication hook's change-feed fence succeeded: every change committed
     * before this request arrived has reached the in-process caches, which may then serve it.
     */
    changesSeen?: boolean;
  }
}

/**
 * onRequest hook of every /api route: unless the route's policy is 'public', it requires
 * `Authorization: Bearer <access token>` verified against the issuer's JWKS, resolves the
 * organisation acted for (`target_organization_id`, else the user's first organisation), sets
 * `request.actor`, and asks the policy for the route's action. Tokens are never logged.
 * A token seen before is answered from memory (AuthenticatedCache) once the change feed's fence
 * has passed, so a busy client's requests cost neither a signature check nor a query, while a
 * deactivation, revocation or membership change applies to the very next request.
 */
export function authenticationHook(app: FastifyInstance) {
  const { feed, release } = acquireChangeFeed(app.ctx.db);
  const cache = new AuthenticatedCache();
  const unsubscribe = feed.subscribe('zview_auth', () => cache.clear());
  app.addHook('onClose', async () => {
    unsubscribe();
    await release();
  });

  /**
   * Verified claims, user and memberships of a token: from the cache when fresh, else verified and
   * read. A token the cache holds waits for the fence before anything is read. A token it does not
   * hold (its first request in this process) has nothing for the fence to confirm: its signature
   * check, revocation check and user's read run beside the fence, the two queries side by side
   * (one round trip after the verifier's instead of three one after another: issue 46). What is
   * read that way is cached only if the fence then passed and no change cleared the cache since
   * before the read (`generation`): a change committed after the read began may be heard before
   * the fence answers, so a generation taken after the fence would not keep it out.
   */
  async function authenticated(request: FastifyRequest, token: string): Promise<Authenticated | undefined> {
    const fencing = feed.fence();
    if (cache.get(token)) {
      const fresh = await fencing;
      request.changesSeen = fresh;
      const hit = fresh ? cache.get(token) : undefined;
      if (hit) return hit;
      return verifiedUser(app, token, fresh ? { cache, generation: cache.generation } : undefined);
    }
    const generation = cache.generation;
    const [fresh, found] = await Promise.all([fencing, verifiedUser(app, token)]);
    request.changesSeen = fresh;
    if (!found || !fresh) return found;
    if (generation === cache.generation) {
      cache.set(token, found, generation);
      return found;
    }
    // A change was heard meanwhile (often one the fence delivered, committed before this request):
    // what was read is as fresh as this request needs, but not provably so for the next ones. Read
    // again after the fence, as for a token the cache held, so that the token is cached still.
    return verifiedUser(app, token, { cache, generation: cache.generation });
  }

  /** Start-up's warm-up principal: fenced as any request, then a member of an organisation that does not exist. */
  async function warmUpAuthenticated(request: FastifyRequest): Promise<Authenticated> {
    request.changesSeen = await feed.fence();
    request.warmUp = true;
    return warmUpPrincipal();
  }

  return async function authenticate(request: FastifyRequest) {
    if (request.is404) return;
    const policy = request.routeOptions.config?.policy;
    if (policy === 'public') return;
    if (!policy) throw forbidden('This route declares no policy.');

    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    // <img> tags and map tiles cannot send a bearer token: routes that accept signed URLs check
    // the signature themselves (src/domain/imagery/signing.ts).
    if (isSignedUrlRequest(request)) return;
    // Start-up's warm-up principal (in process only: http/warm-up-principal.ts) takes the same
    // checks from here on, so that they run at start too.
    const warmUp = isWarmUpRequest(request);
    if (!token && !warmUp) throw unauthorized();
    const found = warmUp ? await warmUpAuthenticated(request) : await authenticated(request, token!);
    // Deactivated everywhere (the account, or every membership of a non-internal user): not active.
    if (!found || !hasAppAccess(found.user, found.memberships)) throw unauthorized('This account is not active.');
    // Tokens issued before a password reset, a deactivation or a role change are over (issue 12).
    if (issuedBeforeNotBefore(found.claims.iat, found.user.tokens_not_before))
      throw unauthorized('The access token is invalid, expired or revoked.');

    request.actor = await resolveActor(
      app,
      found.user,
      (request.query as Record<string, unknown> | undefined)?.target_organization_id,
      found.memberships,
    );
    if (issuedBeforeMembership(found.claims.iat, found.memberships, request.actor.organization.id))
      throw unauthorized('The access token is invalid, expired or revoked.');
    // Areas whose existence is not told to those without access (zorro) answer 404, not 403.
    if (HIDDEN_WHEN_REFUSED.has(policy) && !can(request.actor, policy)) throw notFound();
    authorize(request.actor, policy);
  };
}

/**
 * The actor of a bearer token outside the /api hook (the analytics collector's token auth):
 * verified, active, acting for `target` when allowed. Throws unauthorized for a bad token.
 */
export async function actorForToken(app: FastifyInstance, token: string, target: string | undefined): Promise<Actor> {
  let claims: Authenticated['claims'];
  try {
    claims = await app.tokens.verify(token);
  } catch {
    throw unauthorized('The access token is invalid, expired or revoked.');
  }
  const found = await userForClaims(app, claims);
  if (!found || !hasAppAccess(found.user, found.memberships)) throw unauthorized('This account is not active.');
  if (issuedBeforeNotBefore(claims.iat, found.user.tokens_not_before))
    throw unauthorized('The access token is invalid, expired or revoked.');
  let actor: Actor;
  try {
    actor = await resolveActor(app, found.user, target, found.memberships);
  } catch (error) {
    // An organisation the user may not act for: attributed to the default one instead.
    if (target === undefined) throw error;
    actor = await resolveActor(app, found.user, undefined, found.memberships);
  }
  if (issuedBeforeMembership(claims.iat, found.memberships, actor.organization.id))
    throw unauthorized('The access token is invalid, expired or revoked.');
  return actor;
}

/** Whether the token predates the not-before of the membership it acts through (a role change there). */
function issuedBeforeMembership(iat: unknown, memberships: Membership[], organizationId: number): boolean {
  const notBefore = memberships.find((m) => m.organizationId === organizationId)?.tokensNotBefore;
  return notBefore ? issuedBeforeNotBefore(iat, new Date(notBefore)) : false;
}

/**
 * A bearer token's verified claims with its user and memberships (undefined: no such user), the
 * user read beside the revocation check. Throws 401 for a token that fails verification or is
 * revoked, whatever the read found; a database that cannot be reached is rethrown (503), never a
 * 401, which would sign every user out during an outage. `keep` caches what was read.
 */
async function verifiedUser(
  app: FastifyInstance,
  token: string,
  keep?: { cache: AuthenticatedCache; generation: number },
): Promise<Authenticated | undefined> {
  let verified: {
    claims: Authenticated['claims'];
    read: PromiseSettledResult<Omit<Authenticated, 'claims'> | undefined>;
  };
  try {
    verified = await app.tokens.verifyAndRead(token, (claims) => userForClaims(app, claims));
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    throw unauthorized('The access token is invalid, expired or revoked.');
  }
  if (verified.read.status === 'rejected') throw verified.read.reason;
  const found = verified.read.value;
  if (!found) return undefined;
  const value = { claims: verified.claims, ...found };
  if (keep) keep.cache.set(token, value, keep.generation);
  return value;
}

/**
 * The subject is a user id, never an email (issue 12). Only another OIDC provider's tokens, whose
 * subjects are not our ids, are matched by their `email` claim (README "Using another OIDC provider").
 */
async function userForClaims(app: FastifyInstance, claims: { sub: string; email?: unknown }) {
  const { db, config } = app.ctx;
  const byId = await findUserWithMemberships(db, { id: claims.sub });
  if (byId || config.identity.embedded) return byId;
  return typeof claims.email === 'string' && !claims.sub.includes('@')
    ? findUserWithMemberships(db, { email: claims.email })
    : undefined;
}

/** iat is whole seconds: a token of the very second of the change still counts as after it. */
export function issuedBeforeNotBefore(iat: unknown, notBefore: Date | null): boolean {
  if (!notBefore) return false;
  return typeof iat !== 'number' || iat < Math.floor(notBefore.getTime() / 1000);
}

export async function resolveActor(
  app: FastifyInstance,
  user: UserRow,
  target: unknown,
  knownMemberships?: Membership[],
): Promise<Actor> {
  const { db, config } = app.ctx;
  const memberships = knownMemberships ?? (await membershipsOf(db, user.id));
  if (Array.isArray(target)) throw badRequest('target_organization_id must be given once.');
  let targetId: number | undefined;
  if (target !== undefined && target !== '') {
    if (typeof target !== 'string' || !ORG_ID.test(target))
      throw badRequest('target_organization_id must be a positive integer.');
    targetId = Number(target);
  }

  let organization: Actor['organization'] | undefined;
  let orgRole: Actor['orgRole'] = null;
  const membership = targetId === undefined ? memberships[0] : memberships.find((m) => m.organizationId === targetId);
  if (membership) {
    organization = {
      id: membership.organizationId,
      name: membership.name,
      products: membership.products,
      isTrial: membership.isTrial,
    };
    orgRole = membership.role;
  } else if (user.is_internal_admin) {
    // Internal admins may act for any organisation; without a target, the first one.
    const row = await organizationOrFirst(db, targetId);
    if (row) organization = { id: row.id, name: row.name, products: row.products, isTrial: row.is_trial };
  }
  if (!organization) {
    if (targetId !== undefined) throw notFound('Organization not found.');
    throw forbidden('Your account belongs to no organisation.');
  }
  return {
    userId: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    isInternalAdmin: user.is_internal_admin,
    externalGroups: user.external_groups,
    isSso: user.identity_source === 'saml',
    organization,
    orgRole,
    settings: {
      userManagementEnabled: config.runtime.USER_MANAGEMENT_ENABLED,
      billingPageEnabled: config.runtime.BILLING_PAGE_ENABLED,
      portfolioEnabled: config.runtime.PORTFOLIO_ENABLED,
    },
  };
}
