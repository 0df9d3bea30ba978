import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * Appeals in the demo (issue 16): the demo organisation has the `appeals` feature, also in a
 * database seeded before it was listed (idempotent: added once, never duplicated).
 */
export async function seedDemoAppeals(db: Db, organizationName = 'Demo Mutual Insurance'): Promise<void> {
  await db
    .updateTable('organizations')
    .set({ products: sql<string[]>`array_append(products, 'appeals')` })
    .where('name', '=', organizationName)
    .where(sql<boolean>`NOT ('appeals' = ANY(products))`)
    .execute();
}
