import type { Db } from './database.js';

/** Organisations as internal admins see them (every one, by id). */
export function allOrganizations(db: Db, limit = 10_000) {
  return db
    .selectFrom('organizations')
    .select(['id', 'name', 'products', 'is_trial'])
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** One organisation by id, or the first one (lowest id) when no id is given. */
export function organizationOrFirst(db: Db, id: number | undefined) {
  let query = db.selectFrom('organizations').select(['id', 'name', 'products', 'is_trial']).orderBy('id').limit(1);
  if (id !== undefined) query = query.where('id', '=', id);
  return query.executeTakeFirst();
}

/** The name of an organisation known to exist (throws otherwise). */
export async function organizationName(db: Db, id: number): Promise<string> {
  const row = await db.selectFrom('organizations').select('name').where('id', '=', id).executeTakeFirstOrThrow();
  return row.name;
}
