import type { Db } from './database.js';

/** The stored value of an identity key (signing or cookie keys), if any. */
export function identityKeyValue(db: Db, name: string) {
  return db.selectFrom('identity_keys').select('value').where('name', '=', name).executeTakeFirst();
}

/** The value of a key known to be stored (throws otherwise). */
export async function storedIdentityKeyValue(db: Db, name: string): Promise<unknown> {
  const row = await db.selectFrom('identity_keys').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

/** Stores a key unless one of that name exists (the first writer wins). */
export async function insertIdentityKeyIfAbsent(db: Db, name: string, value: string) {
  await db
    .insertInto('identity_keys')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}
