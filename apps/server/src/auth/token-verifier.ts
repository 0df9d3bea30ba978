import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { isTokenIdRevoked } from '../db/identity-flows.js';
import type { IdentityKeys } from './keys.js';

export type VerifiedClaims = JWTPayload & { sub: string };

export interface TokenVerifier {
  /** Verifies an access token (signature against the issuer's JWKS, issuer, audience, expiry, revocation). */
  verify(token: string): Promise<VerifiedClaims>;
  /**
   * `verify`, with `read(claims)` run beside the revocation check once the signature and claims
   * have passed: a token's first request makes the two round trips side by side, not one after the
   * other (issue 46). Throws as `verify` does, whatever `read` found: a revoked token's read is
   * dropped. The read's outcome is handed back settled, so that its failure is told apart from the
   * token's.
   */
  verifyAndRead<T>(
    token: string,
    read: (claims: VerifiedClaims) => Promise<T>,
  ): Promise<{ claims: VerifiedClaims; read: PromiseSettledResult<T> }>;
}

export class InvalidTokenError extends Error {}

/** The longest an access token may live (exp − iat), whoever issued it (issue 12): the embedded provider issues 1 hour. */
export const MAX_ACCESS_TOKEN_LIFETIME_S = 24 * 3600;

/**
 * Access-token verification for the API. With the embedded provider the JWKS is read locally;
 * with any other OIDC provider (Okta, Keycloak, Entra) it is fetched from the issuer's
 * discovery document (or OIDC_JWKS_URI) and cached by jose.
 */
export function createTokenVerifier(config: ServerConfig, db: Db, embeddedKeys?: IdentityKeys): TokenVerifier {
  const issuer = config.runtime.OIDC_ISSUER;
  const { audience } = config.identity;
  let jwks: ReturnType<typeof createLocalJWKSet> | ReturnType<typeof createRemoteJWKSet> | undefined = embeddedKeys
    ? createLocalJWKSet(embeddedKeys.publicJwks)
    : undefined;

  async function keySet() {
    if (jwks) return jwks;
    let uri = config.identity.jwksUri;
    if (!uri) {
      const discovery = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
      if (!discovery.ok) throw new Error(`OIDC discovery failed for ${issuer}: HTTP ${discovery.status}`);
      uri = ((await discovery.json()) as { jwks_uri: string }).jwks_uri;
    }
    jwks = createRemoteJWKSet(new URL(uri));
    return jwks;
  }

  /** Signature, issuer, audience, expiry and lifetime: everything but revocation (no query). */
  async function signedClaims(token: string): Promise<VerifiedClaims> {
    let payload: JWTPayload;
    try {
      decodeJwt(token);
      ({ payload } = await jwtVerify(token, await keySet(), {
        issuer,
        audience,
        algorithms: ['RS256', 'PS256', 'ES256'],
        requiredClaims: ['exp'],
      }));
    } catch (error) {
      throw new InvalidTokenError(error instanceof Error ? error.message : 'invalid token');
    }
    if (typeof payload.sub !== 'string') throw new InvalidTokenError('token has no subject');
    const issuedAt = typeof payload.iat === 'number' ? payload.iat : Date.now() / 1000;
    if (typeof payload.exp !== 'number' || payload.exp - issuedAt > MAX_ACCESS_TOKEN_LIFETIME_S)
      throw new InvalidTokenError('token lives too long');
    return payload as VerifiedClaims;
  }

  /** JWT access tokens of the embedded provider are revoked by listing their id. */
  async function refuseRevoked(claims: VerifiedClaims): Promise<void> {
    if (embeddedKeys && claims.jti && (await isTokenIdRevoked(db, claims.jti)))
      throw new InvalidTokenError('token has been revoked');
  }

  return {
    async verify(token) {
      const claims = await signedClaims(token);
      await refuseRevoked(claims);
      return claims;
    },
    async verifyAndRead(token, read) {
      const claims = await signedClaims(token);
      const [revocation, value] = await Promise.allSettled([refuseRevoked(claims), (async () => read(claims))()]);
      if (revocation.status === 'rejected') throw revocation.reason;
      return { claims, read: value };
    },
  };
}
