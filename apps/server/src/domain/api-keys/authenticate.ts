import { API_KEY_PATTERN } from '@zview/contracts';
import type { Actor, PolicySettings } from '../../auth/actor.js';
import { takeApiKeyToken } from '../../db/api-keys.js';
import type { Db } from '../../db/database.js';
import { unauthorized } from '../app-error.js';
import { hashApiKey } from './keys.js';

export interface KeyedCaller {
  actor: Actor;
  keyId: string;
  rate: { allowed: boolean; retryAfterMs: number; remaining: number; burst: number };
}

export const INVALID_KEY_MESSAGE = 'The API key is invalid, expired or revoked.';

/**
 * The caller of a /v1 request: the key's organisation, limited to the products both the
 * organisation and the key allow, acting as an ordinary member (never an admin). One database
 * round trip (api_key_take) checks the key at this instant (a revoked or expired key is refused
 * on the very next request in every process) and takes a token from its shared rate bucket.
 */
export async function callerForApiKey(db: Db, key: string, settings: PolicySettings): Promise<KeyedCaller> {
  if (!API_KEY_PATTERN.test(key)) throw unauthorized(INVALID_KEY_MESSAGE);
  const found = await takeApiKeyToken(db, hashApiKey(key));
  if (!found) throw unauthorized(INVALID_KEY_MESSAGE);
  const products = found.keyProducts
    ? found.organizationProducts.filter((p) => found.keyProducts!.includes(p))
    : found.organizationProducts;
  const actor: Actor = {
    userId: found.createdBy ?? '00000000-0000-0000-0000-000000000000',
    email: '',
    firstName: 'API key',
    lastName: found.keyId,
    isInternalAdmin: false,
    externalGroups: [],
    isSso: false,
    organization: {
      id: found.organizationId,
      name: found.organizationName,
      products,
      isTrial: found.organizationIsTrial,
    },
    orgRole: 'member',
    settings,
  };
  return {
    actor,
    keyId: found.keyId,
    rate: { allowed: found.allowed, retryAfterMs: found.retryAfterMs, remaining: found.remaining, burst: found.burst },
  };
}
