import { STANDARD_PRODUCTS } from '@zview/contracts';
import { openConnections } from '../../db/connections.js';
import type { Db } from '../../db/database.js';
import { firstPropertyAddresses } from '../../db/properties.js';
import { writeLookups } from '../../db/usage.js';
import { AmendmentCache, applyAmendments } from '../appeals/amendments.js';
import type { UrlSigner } from '../imagery/signing.js';
import { MockCases } from '../mocks/match.js';
import { assessLocation } from './assess.js';
import { assessmentJson } from './assessment-json.js';
import { LookupCaches } from './read-cache.js';

/** Connections the first burst of lookups would otherwise open one by one (the API pool has 20, and keeps 4 open when idle: apiPoolTimeouts). */
const CONNECTIONS = 4;
/** Properties assessed: enough for the optimising compiler to see the path's shapes. */
const PROPERTIES = 12;

/** No organisation has this id: its amendments are read (none) without touching anyone's. */
const NO_ORGANIZATION = 0;

/**
 * Runs the lookup path as a lookup runs it (lookup.ts: the mock cases, geocoding by address and by
 * coordinates through the read caches, the property's reads, every standard product's model,
 * imagery selection and signing with the server's own URL signer, the organisation's amendments,
 * the answer's JSON) on the world's first properties, so the first real lookup after start finds
 * its code compiled, its connections open, the usage statement prepared on them and the signer's
 * secret read (the first lookup used to read or create it on disk). Nothing is billed, recorded or
 * kept: it calls the domain, not the route, with caches of its own that are dropped after.
 * Answers how many properties it assessed.
 */
export async function warmLookupPath(db: Db, sampleData: boolean, signer: UrlSigner): Promise<number> {
  await openConnections(db, CONNECTIONS);
  // The usage group commit is a named statement prepared per connection: an empty write (no row,
  // nothing billed) prepares it on each open connection, so the first lookup binds instead of
  // parsing and planning (one of the first lookup's costs left on the quiet run, docs/performance).
  await Promise.all(Array.from({ length: CONNECTIONS }, () => writeLookups(db, [])));
  const places = await firstPropertyAddresses(db, PROPERTIES);
  const mocks = new MockCases(db);
  const amendments = new AmendmentCache();
  const products = [...STANDARD_PRODUCTS];
  const warmOne = async (place: (typeof places)[number], n: number) => {
    const byAddress = { location: place.address, locationType: 'address' as const };
    const byPoint = { location: `${place.lat},${place.lng}`, locationType: 'coordinates' as const };
    for (const where of n % 3 === 2 ? [byAddress, byPoint] : [byAddress]) {
      // Every other run through the read caches, as fenced lookups go (a cache of its own).
      const cache = n % 2 === 0 ? new LookupCaches() : undefined;
      await mocks.answer({ ...where, products, apiVersion: 'v3' }, false);
      const result = await assessLocation(db, signer, { ...where, products, sampleData, cache });
      if (!result) continue;
      const { location } = result.assessment;
      const versions = await amendments.versionsOf(db, NO_ORGANIZATION, false);
      applyAmendments(versions, location.propertyId, result.assessment.products, {});
      assessmentJson(result, { ...result.assessment.imagery, oblique: [] });
    }
  };
  // CONNECTIONS at once, so that each open connection runs the path's queries: a PostgreSQL
  // backend loads a table's catalogue entries (and plans) on its first query of it, and a lookup's
  // reads run side by side on several connections (the first lookup's permits and imagery reads
  // took 4 ms each, against 0.7 ms on a connection that had run them).
  let assessed = 0;
  for (let i = 0; i < places.length; i += CONNECTIONS) {
    const group = places.slice(i, i + CONNECTIONS);
    await Promise.all(group.map((place, j) => warmOne(place, i + j)));
    assessed += group.length;
  }
  return assessed;
}
