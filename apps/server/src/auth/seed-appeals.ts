import type { Db } from '../db/database.js';
import { addAppealsFeature } from '../db/demo-identity.js';

/**
 * Appeals in the demo (issue 16): the demo organisation has the `appeals` feature, also in a
 * database seeded before it was listed (idempotent: added once, never duplicated).
 */
export async function seedDemoAppeals(db: Db, organizationName = 'Demo Mutual Insurance'): Promise<void> {
  await addAppealsFeature(db, organizationName);
}
