import { type Kysely, sql } from 'kysely';

/**
 * The address autocomplete's fuzzy searches over street_names (domain/geocoder/autocomplete.ts
 * explains them and passes the thresholds). They are SQL functions for the settings they need:
 * the trigram operators read their threshold from a setting, and the planner, which prices a word
 * similarity like any comparison (it costs a hundred times more), must not compare every street of
 * a small world instead of asking the index. A function's SET clauses hold for its call only, so a
 * search is one round trip without a transaction (BEGIN, SET LOCAL, query, COMMIT took four: on a
 * busy machine each waits for a core, a third of the time of a search). Replace them with
 * CREATE OR REPLACE in a later migration to change a search.
 */
const SETTINGS = sql.raw(`LANGUAGE sql STABLE SET enable_seqscan = off SET pg_trgm.word_similarity_threshold = 0.5`);
const RESULT = sql.raw(
  `RETURNS TABLE (id text, address_line text, city text, state text, zip text, lat double precision, lng double precision)`,
);

export async function up(db: Kysely<unknown>): Promise<void> {
  // ($1 text, $2 threshold, $3 limit): the houses of the streets most like the text, in the
  // order a search of every address gave (likeness, then address): at most $3 houses of each of
  // the $3 best-placed streets (ties included) can be among the $3 best addresses.
  await sql`
    CREATE FUNCTION autocomplete_street_houses(text, real, integer) ${RESULT} ${SETTINGS} AS $fn$
      SELECT set_config('pg_trgm.word_similarity_threshold', $2::text, true);
      SELECT p.id, p.address_line, p.city, p.state::text, p.zip::text, p.lat, p.lng
      FROM (
        SELECT zip, street_key, city, score FROM (
          SELECT zip, street_key, city, score, rank() OVER (ORDER BY score DESC) AS place
          FROM (SELECT zip, street_key, city, word_similarity($1, normalized) AS score FROM street_names WHERE normalized %> $1) matched
        ) ranked
        WHERE place <= $3
      ) s
      CROSS JOIN LATERAL (
        SELECT id, address_line, city, state, zip, lat, lng, normalized_address FROM properties
        WHERE zip = s.zip AND street_key = s.street_key AND city = s.city
        ORDER BY normalized_address LIMIT $3
      ) p
      ORDER BY s.score DESC, p.normalized_address LIMIT $3
    $fn$`.execute(db);

  // ($1 whole text, $2 house number, $3 the rest of the text, $4 threshold of the whole address,
  // $5 least likeness of the rest with a street, $6 limit): the houses with that number on the
  // streets like the rest (the index holds each street's numbers), as alike as the whole text
  // must be. The street needs the share $4·(1 − n/r) of the rest's r trigrams (n: the number's).
  // OFFSET 0 keeps one index lookup per matched street, whatever the planner guesses.
  await sql`
    CREATE FUNCTION autocomplete_numbered_houses(text, text, text, real, real, integer) ${RESULT} ${SETTINGS} AS $fn$
      SELECT set_config('pg_trgm.word_similarity_threshold',
        greatest($5, $4 * (1 - cardinality(show_trgm($2)) / greatest(cardinality(show_trgm($3)), 1)::real))::text, true);
      SELECT p.id, p.address_line, p.city, p.state::text, p.zip::text, p.lat, p.lng
      FROM (SELECT zip, street_key, city FROM street_names WHERE normalized %> $3 AND house_numbers @> ARRAY[$2]) s
      CROSS JOIN LATERAL (
        SELECT id, address_line, city, state, zip, lat, lng, normalized_address, word_similarity($1, normalized_address) AS score
        FROM properties
        WHERE zip = s.zip AND street_key = s.street_key AND house_number = $2 AND city = s.city
        OFFSET 0
      ) p
      WHERE p.score >= $4
      ORDER BY p.score DESC, p.normalized_address LIMIT $6
    $fn$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION autocomplete_numbered_houses(text, text, text, real, real, integer)`.execute(db);
  await sql`DROP FUNCTION autocomplete_street_houses(text, real, integer)`.execute(db);
}
