import { sql, type Selectable } from 'kysely';
import type { Db } from './database.js';
import type { PropertiesTable } from './world-schema.js';

/**
 * Queries of address autocomplete (domain/geocoder/autocomplete.ts decides what to ask and how to
 * merge the answers): a prefix search on the normalised address, and the fuzzy searches.
 *
 * The fuzzy searches compare the typed text with the distinct street lines of `street_names`
 * ('MAGNOLIA AVE ATLANTA GA 30303', ~20 times fewer than addresses), then read the houses of the
 * matched streets by the (zip, street_key, house_number) index: one index lookup per matched
 * street. Their SQL lives in functions of migration 0271 (they carry the settings a search needs
 * for one round trip).
 */

/** A suggested address: the columns a suggestion is made of. */
export type AutocompleteRow = Pick<
  Selectable<PropertiesTable>,
  'id' | 'address_line' | 'city' | 'state' | 'zip' | 'lat' | 'lng'
>;

/** Up to `limit` addresses whose normalised form starts with `escapedPrefix` (LIKE wildcards escaped), in order. */
export async function addressesStartingWith(db: Db, escapedPrefix: string, limit: number): Promise<AutocompleteRow[]> {
  const { rows } = await sql<AutocompleteRow>`
    SELECT id, address_line, city, state, zip, lat, lng FROM properties
    WHERE normalized_address LIKE ${`${escapedPrefix}%`}
    ORDER BY normalized_address LIMIT ${limit}`.execute(db);
  return rows;
}

/** The houses of the streets most like `query` (no house number typed): migration 0271's autocomplete_street_houses. */
export async function streetHouseSuggestions(
  db: Db,
  query: string,
  threshold: number,
  limit: number,
): Promise<AutocompleteRow[]> {
  const { rows } =
    await sql<AutocompleteRow>`SELECT * FROM autocomplete_street_houses(${query}, ${threshold}, ${limit})`.execute(db);
  return rows;
}

/** The houses numbered `houseNumber` on streets like `street`: migration 0271's autocomplete_numbered_houses. */
export async function numberedHouseSuggestions(
  db: Db,
  search: { query: string; houseNumber: string; street: string; threshold: number; streetThreshold: number },
  limit: number,
): Promise<AutocompleteRow[]> {
  const { query, houseNumber, street, threshold, streetThreshold } = search;
  const { rows } = await sql<AutocompleteRow>`
    SELECT * FROM autocomplete_numbered_houses(${query}, ${houseNumber}, ${street}, ${threshold}, ${streetThreshold}, ${limit})`.execute(
    db,
  );
  return rows;
}
