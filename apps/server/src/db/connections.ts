import { sql } from 'kysely';
import type { Db } from './database.js';

/** Opens `count` of the pool's connections at once (one trivial statement each), so later queries find them open. */
export async function openConnections(db: Db, count: number): Promise<void> {
  await Promise.all(Array.from({ length: count }, () => sql`SELECT 1`.execute(db)));
}
