import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from './database.js';

/**
 * Keeps `street_names` (migration 0270: the distinct streets the autocomplete searches) in step
 * with `properties`, set-wise: rebuilt after a world load, extended after an import.
 */
const STREETS_OF_PROPERTIES = `
  INSERT INTO street_names (zip, street_key, city, state, normalized, house_numbers)
  SELECT zip, street_key, city, min(state), min(street_line(normalized_address, house_number, street_key, unit)), array_agg(house_number)
  FROM properties`;

/**
 * Rebuilds the table from every property, in one transaction (a few seconds for a million: the
 * grouping sort). A house number listed twice (units of one building) is harmless.
 */
export async function rebuildStreetNames(client: pg.ClientBase): Promise<number> {
  await client.query('BEGIN');
  try {
    // Sorting a million addresses into ~50,000 streets in memory rather than in temporary files.
    await client.query(`SET LOCAL work_mem = '256MB'`);
    await client.query('DELETE FROM street_names');
    const { rowCount } = await client.query(`${STREETS_OF_PROPERTIES} GROUP BY zip, street_key, city`);
    await client.query('COMMIT');
    return rowCount ?? 0;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/** Adds the streets and house numbers of the given (just stored) properties. */
export async function addStreetNamesOf(db: Db, propertyIds: readonly string[]): Promise<void> {
  if (!propertyIds.length) return;
  await sql`${sql.raw(STREETS_OF_PROPERTIES)} WHERE id = ANY(${[...propertyIds]}::text[]) GROUP BY zip, street_key, city
    ON CONFLICT (zip, street_key, city) DO UPDATE
    SET house_numbers = ARRAY(SELECT DISTINCT n FROM unnest(street_names.house_numbers || excluded.house_numbers) AS n)`.execute(
    db,
  );
}
