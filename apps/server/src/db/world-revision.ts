import type { Db } from './database.js';

/** The current world revision (migration 0330: bumped by every change to properties, buildings, permits, imagery). */
export async function worldRevision(db: Db): Promise<string> {
  const row = await db.selectFrom('world_revision').select('revision').executeTakeFirstOrThrow();
  return String(row.revision);
}
