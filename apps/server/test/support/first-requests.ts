import type { Db } from '../../src/db/database.js';
import { createOrganization, createUser } from '../factories.js';

/**
 * The set-up of the first-requests test and bench (test/first-requests.test.ts,
 * bench/first-requests.ts): a customer with every product, a member of it, and addresses of the
 * seeded world to look up, each a property no lookup has seen.
 */

/** The property lookup both time. */
export const LOOKUP_PATH = '/api/caribou/v3/property/assessment/zview';

/** The lookup of one address, as a client asks it. */
export const lookupUrl = (place: string) =>
  `${LOOKUP_PATH}?${new URLSearchParams({ location_type: 'address', location: place })}`;

/** A customer with every product and a member of it, who signs in and looks up. */
export async function createFirstCustomer(db: Db) {
  const org = await createOrganization(db, { name: 'First Co', products: ['zfire', 'zhail', 'zwind', 'zproperty'] });
  return { org, user: await createUser(db, { org }) };
}

/** `count` addresses of the world's properties, the last by id first. */
export async function addressesToLookUp(db: Db, count: number): Promise<string[]> {
  const rows = await db
    .selectFrom('properties')
    .select(['address_line', 'city', 'state', 'zip'])
    .orderBy('id', 'desc')
    .limit(count)
    .execute();
  return rows.map((p) => `${p.address_line}, ${p.city}, ${p.state} ${p.zip}`);
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
