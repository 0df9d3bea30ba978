import { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { STANDARD_PRODUCTS } from '@zview/contracts';
import type { FastifyInstance, FastifyRequest, LightMyRequestResponse } from 'fastify';
import type { Authenticated } from '../auth/authenticated-cache.js';

/**
 * Start-up's warm-up principal (issue 46): the first lookup after start used to be the first run of
 * everything after authentication (the organisation's mock cases, the geocoder, the property's
 * reads side by side, the appeal amendments, the usage group commit, the answer's JSON, the request
 * log line). The warm-up runs the lookup route through all of it as this principal, which owns
 * nothing and is billed nothing:
 *
 * - The way in is a request object only this module can make: `app.inject` builds its request from
 *   the `Request` class it is given, and `WarmUpRequest` is not exported; or a connection this
 *   process opened to its own server before it listens, marked by the object (warm-routes.ts).
 *   Nothing a client sends (a header, a cookie, a query, a connection) can make a request one of
 *   these: there is no secret to leak or log. It is accepted only on WARM_UP_ROUTES and only
 *   while a warm-up runs (`warmingUp`); anywhere else it is an ordinary request without
 *   credentials (401).
 * - Its organisation id is 0, which no organisation has (ids start at 1): its amendments are none,
 *   and nothing is kept for anyone. Its usage goes through the group-commit writer's code path to
 *   a sink that writes no row (PropertyLookups, `request.warmUp`).
 */
class WarmUpRequest extends IncomingMessage {}

/** The routes the warm-up principal may run (their full path). */
const WARM_UP_ROUTES = new Set(['/api/caribou/v3/property/assessment/zview']);

/** No user has this id (the nil-like UUID the sign-in warm-up also uses). */
const WARM_UP_USER_ID = '00000000-0000-4000-8000-000000000000';
/** No organisation has id 0 (serial ids start at 1). */
export const WARM_UP_ORGANIZATION_ID = 0;

/** Connections from this process's own client that carry the principal's requests (http/warm-routes.ts). */
const warmUpConnections = new WeakSet<object>();

/** Warm-ups running in this process: the principal is refused when none is. */
let warmingUp = 0;

declare module 'fastify' {
  interface FastifyRequest {
    /** Start-up's warm-up principal made this request (http/warm-up-principal.ts): bill nothing, keep nothing. */
    warmUp?: boolean;
  }
}

/** Whether the request is start-up's warm-up principal's, on a route it may run, while a warm-up runs. */
export function isWarmUpRequest(request: FastifyRequest): boolean {
  return (
    warmingUp > 0 &&
    (request.raw instanceof WarmUpRequest || warmUpConnections.has(request.raw.socket)) &&
    WARM_UP_ROUTES.has(request.routeOptions.url ?? '')
  );
}

/**
 * The principal as authentication finds a user: an active account (no row has its id) and one
 * membership, of an organisation that does not exist, with every standard product and oblique
 * imagery. The authentication hook checks and resolves it as any other (resolveActor).
 */
export function warmUpPrincipal(): Authenticated {
  const now = new Date();
  return {
    claims: { sub: WARM_UP_USER_ID, iat: Math.floor(now.getTime() / 1000) },
    user: {
      id: WARM_UP_USER_ID,
      email: 'warm-up@zview.invalid',
      first_name: 'Warm',
      last_name: 'Up',
      status: 'active',
      is_internal_admin: false,
      external_groups: [],
      created_at: now,
      identity_source: 'password',
      saml_idp_id: null,
      deleted_at: null,
      tokens_not_before: null,
    },
    memberships: [
      {
        organizationId: WARM_UP_ORGANIZATION_ID,
        name: 'Warm-up',
        products: [...STANDARD_PRODUCTS, 'oblique-imagery'],
        isTrial: false,
        role: 'member',
        tokensNotBefore: null,
      },
    ],
  };
}

/** A GET of `url` in process as the warm-up principal (refused unless `whileWarmingUp` runs around it). */
export function injectAsWarmUp(app: FastifyInstance, url: string): Promise<LightMyRequestResponse> {
  // light-my-request builds the request as an instance of the class it is given (which must extend IncomingMessage).
  return app.inject({ method: 'GET', url, Request: WarmUpRequest });
}

/**
 * Marks a connection this process opened to its own server (a relay's end of it, before the
 * server listens: http/warm-routes.ts) as the principal's: its requests run as the principal
 * while a warm-up runs. Never a connection a client opened.
 */
export function markWarmUpConnection(socket: Socket): void {
  warmUpConnections.add(socket);
}

/** Runs `work` with the warm-up principal accepted; it is refused again once every warm-up has ended. */
export async function whileWarmingUp<T>(work: () => Promise<T>): Promise<T> {
  warmingUp += 1;
  try {
    return await work();
  } finally {
    warmingUp -= 1;
  }
}
