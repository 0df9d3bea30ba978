import { sql } from 'kysely';
import type { Db } from './database.js';

/** Records a revoked access token (RFC 7009) until it would have expired anyway. */
export async function revokeTokenId(db: Db, jti: string, expiresAt: Date) {
  await db
    .insertInto('revoked_tokens')
    .values({ jti, expires_at: expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
}

/** Whether this access-token id is listed as revoked (and not yet expired). */
export async function isTokenIdRevoked(db: Db, jti: string): Promise<boolean> {
  const revoked = await db
    .selectFrom('revoked_tokens')
    .select('jti')
    .where('jti', '=', jti)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return !!revoked;
}

/** The redirect of a completed (consumed) SAML sign-in request. */
export function consumedSamlRequest(db: Db, id: string) {
  return db
    .selectFrom('saml_requests')
    .select('redirect_uri')
    .where('id', '=', id)
    .where('consumed_at', 'is not', null)
    .executeTakeFirst();
}

/** Whether an IdP session with this id exists, is not expired and has a signed-in account. */
export async function hasSignedInSession(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('oidc_models')
    .select('id')
    .where('kind', '=', 'Session')
    .where('id', '=', id)
    .where(sql<boolean>`payload ? 'accountId'`)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
  return !!row;
}
