import { type Kysely, sql } from 'kysely';

/**
 * The geocoder's fuzzy step looks for a house number within the address's ZIP (domain/geocoder
 * match.ts `searchEverywhere`): one index range per address. The index on the house number alone
 * served the autocomplete before it searched street_names (migration 0270); nothing reads it now,
 * and the planner preferred it to the ZIP (a national world has ~200 houses of each number).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS properties_house_number_idx`.execute(db);
  await sql`CREATE INDEX properties_zip_house_idx ON properties (zip, house_number)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX properties_zip_house_idx`.execute(db);
  await sql`CREATE INDEX properties_house_number_idx ON properties (house_number)`.execute(db);
}
