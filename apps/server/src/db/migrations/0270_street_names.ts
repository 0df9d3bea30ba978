import { type Kysely, sql } from 'kysely';

/**
 * The distinct streets of the world (street + city + state + ZIP), for the address autocomplete's
 * fuzzy search: a typo query compares trigrams with ~48,000 street lines instead of a million
 * addresses (the houses of a street share its words, so each used to be compared ~20 times), then
 * looks the houses of the best streets up by the (zip, street_key, house_number) index. With a
 * house number typed, the index also holds each street's numbers, so only streets that have that
 * house are compared at all.
 * Derived from `properties`: rebuilt set-wise after a world load, extended by the importers
 * (src/db/street-names.ts). A street left without houses only costs an empty lookup.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The one definition of a street line: the normalised address without its house number and
  // unit ('MAGNOLIA AVE ATLANTA GA 30303'); the city part comes normalised from the address.
  await sql`
    CREATE FUNCTION street_line(normalized_address text, house_number text, street_key text, unit text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN street_key || ' ' || substr(normalized_address, length(house_number) + length(street_key) + coalesce(length(unit) + 1, 0) + 3)`.execute(
    db,
  );
  await sql`
    CREATE TABLE street_names (
      zip char(5) NOT NULL,
      street_key text NOT NULL,
      city text NOT NULL,
      state char(2) NOT NULL,
      normalized text NOT NULL,
      house_numbers text[] NOT NULL,
      PRIMARY KEY (zip, street_key, city)
    )`.execute(db);
  // Kysely runs a migration in a transaction: this memory is for the grouping sort below only.
  await sql`SET LOCAL work_mem = '256MB'`.execute(db);
  await sql`
    INSERT INTO street_names (zip, street_key, city, state, normalized, house_numbers)
    SELECT zip, street_key, city, min(state), min(street_line(normalized_address, house_number, street_key, unit)), array_agg(house_number)
    FROM properties GROUP BY zip, street_key, city`.execute(db);
  // One GIN over both columns: a query on the street line alone uses it too, and one with a house
  // number intersects the two inside the index (two separate indexes may or may not be ANDed).
  await sql`CREATE INDEX street_names_search_idx ON street_names USING gin (normalized gin_trgm_ops, house_numbers)`.execute(
    db,
  );
  // The planner estimates a trigram operator by running it on the column's statistics sample (a
  // hundred word similarities, a millisecond or two per autocomplete on a busy machine); every
  // line is distinct, so that sample tells it nothing the default guess does not.
  await sql`ALTER TABLE street_names ALTER COLUMN normalized SET STATISTICS 0`.execute(db);
  await sql`ANALYZE street_names`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE street_names`.execute(db);
  await sql`DROP FUNCTION street_line(text, text, text, text)`.execute(db);
}
