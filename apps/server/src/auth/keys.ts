import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import type { JWK } from 'jose';
import type { Db } from '../db/database.js';
import { identityKeyValue, insertIdentityKeyIfAbsent, storedIdentityKeyValue } from '../db/identity-keys.js';

export interface IdentityKeys {
  /** Private signing keys (first one signs), in JWK form for oidc-provider. */
  signing: JWK[];
  /** The public halves, for verifying tokens without a network round trip. */
  publicJwks: { keys: JWK[] };
  /** Keys that sign the provider's cookies. */
  cookie: string[];
}

/**
 * Loads the provider's keys from the database, creating them on first start. Every server
 * process uses the same keys, so tokens and cookies issued by one are valid in all.
 */
export async function loadIdentityKeys(db: Db): Promise<IdentityKeys> {
  const signing = await loadOrCreate(db, 'signing', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return [{ ...(privateKey.export({ format: 'jwk' }) as JWK), kid: randomUUID(), alg: 'RS256', use: 'sig' }];
  });
  const cookie = await loadOrCreate(db, 'cookie', () => [randomBytes(32).toString('base64url')]);
  const publicJwks = {
    keys: signing.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use })),
  };
  return { signing, cookie, publicJwks };
}

async function loadOrCreate<T>(db: Db, name: string, create: () => T): Promise<T> {
  const existing = await identityKeyValue(db, name);
  if (existing) return existing.value as T;
  // Two processes starting at once: the first insert wins and both read it back.
  await insertIdentityKeyIfAbsent(db, name, JSON.stringify(create()));
  return (await storedIdentityKeyValue(db, name)) as T;
}
