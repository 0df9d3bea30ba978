import { randomBytes } from 'node:crypto';
import { STANDARD_PRODUCTS } from '@zview/contracts';
import { openConnections } from '../../db/connections.js';
import type { Db } from '../../db/database.js';
import { firstPropertyAddresses } from '../../db/properties.js';
import { UrlSigner } from '../imagery/signing.js';
import { assessLocation } from './assess.js';

/** Connections the first burst of lookups would otherwise open one by one (the API pool has 20). */
const CONNECTIONS = 4;
/** Properties assessed: enough for the optimising compiler to see the path's shapes. */
const PROPERTIES = 12;

/**
 * Runs the lookup path (geocoding by address and by coordinates, the property's reads, every
 * standard product's model, imagery selection and signing) on the world's first properties, so
 * the first real lookup after start finds its code compiled and its connections open. Nothing is
 * billed, recorded or cached: it calls the domain, not the route, with a throwaway URL signer.
 * Answers how many properties it assessed.
 */
export async function warmLookupPath(db: Db, sampleData: boolean): Promise<number> {
  await openConnections(db, CONNECTIONS);
  const signer = new UrlSigner(randomBytes(32));
  const places = await firstPropertyAddresses(db, PROPERTIES);
  let assessed = 0;
  for (const place of places) {
    const byAddress = { location: place.address, locationType: 'address' as const };
    const byPoint = { location: `${place.lat},${place.lng}`, locationType: 'coordinates' as const };
    for (const where of assessed % 3 === 2 ? [byAddress, byPoint] : [byAddress]) {
      const result = await assessLocation(db, signer, { ...where, products: [...STANDARD_PRODUCTS], sampleData });
      if (result) JSON.stringify(result);
    }
    assessed += 1;
  }
  return assessed;
}
