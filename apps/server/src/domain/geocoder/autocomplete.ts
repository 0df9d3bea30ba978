import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { displayAddress } from './match.js';
import { DIRECTIONAL, STREET_SUFFIX } from './vocabulary.js';

export interface AddressSuggestion {
  propertyId: string;
  address: string;
  lat: number;
  lng: number;
}

export const AUTOCOMPLETE_LIMIT = 10;

/**
 * What a person has typed so far, in the stored normalised form: upper case, no punctuation,
 * long street words abbreviated ('Avenue' → 'AVE') except the word still being typed.
 */
export function normalizePrefix(text: string): string {
  const endsWithSpace = /[\s,]$/.test(text);
  const words = text
    .toUpperCase()
    .replace(/[.'`]/g, '')
    .replace(/[^A-Z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return words
    .map((word, i) => {
      const complete = endsWithSpace || i < words.length - 1;
      if (!complete || i === 0) return word;
      // Only long forms are rewritten: 'ST' could be a street name being typed ('St Andrews').
      const suffix = STREET_SUFFIX[word];
      if (suffix && suffix !== word && word.length > 3) return suffix;
      const direction = DIRECTIONAL[word];
      if (direction && direction !== word && i === 1 && i < words.length - 2) return direction;
      return word;
    })
    .join(' ')
    .concat(endsWithSpace && words.length ? ' ' : '');
}

/** How alike (pg_trgm word similarity) a typed text and an address must be to be suggested. */
const FUZZY_THRESHOLD = 0.5;
/** With a house number typed, the least likeness of the rest of the text with a street (see fuzzyWithNumber). */
const MIN_STREET_THRESHOLD = 0.3;

/**
 * Address suggestions for the search box: addresses starting with what was typed (btree prefix
 * index), topped up by fuzzy ones (trigram word similarity) when fewer than ten start with it.
 */
export async function autocompleteAddresses(db: Db, text: string, limit = AUTOCOMPLETE_LIMIT): Promise<AddressSuggestion[]> {
  const prefix = normalizePrefix(text);
  if (prefix.trim().length < 2) return [];
  const escaped = prefix.replace(/[\\%_]/g, '\\$&');
  const { rows: starts } = await sql<Row>`
    SELECT id, address_line, city, state, zip, lat, lng FROM properties
    WHERE normalized_address LIKE ${`${escaped}%`}
    ORDER BY normalized_address LIMIT ${limit}`.execute(db);
  if (starts.length >= limit || prefix.trim().length < 4) return starts.map(toSuggestion);

  const seen = new Set(starts.map((r) => r.id));
  const query = prefix.trim();
  const houseNumber = /^(\d+[A-Z]?) ./.exec(query)?.[1];
  // The trigram operators read their threshold from a setting, local to this transaction.
  const fuzzy = await db.transaction().execute((trx) => (houseNumber ? fuzzyWithNumber(trx, query, houseNumber, limit) : fuzzyByStreet(trx, query, limit)));
  return [...starts, ...fuzzy.filter((r) => !seen.has(r.id))].slice(0, limit).map(toSuggestion);
}

/*
 * The fuzzy searches compare the typed text with the distinct street lines of `street_names`
 * ('MAGNOLIA AVE ATLANTA GA 30303', ~20 times fewer than addresses), then read the houses of the
 * matched streets by the (zip, street_key, house_number) index. The LATERAL subqueries keep that
 * plan: one index lookup per matched street, whatever the planner guesses of the trigram match.
 */

/**
 * No house number typed: the houses of the most similar streets, in the order the address search
 * had (similarity, then address). Every house of a street is as similar as its street line (the
 * number is not part of the best-matching words), so only the ten best-placed streets (ties
 * included) can hold the ten best addresses, and at most ten houses of each.
 */
async function fuzzyByStreet(trx: Db, query: string, limit: number): Promise<Row[]> {
  await useSearchSettings(trx, sql`${FUZZY_THRESHOLD}::real`);
  const { rows } = await sql<Row>`
    SELECT p.id, p.address_line, p.city, p.state, p.zip, p.lat, p.lng
    FROM (
      SELECT zip, street_key, city, score FROM (
        SELECT zip, street_key, city, score, rank() OVER (ORDER BY score DESC) AS place
        FROM (SELECT zip, street_key, city, word_similarity(${query}, normalized) AS score FROM street_names WHERE normalized %> ${query}) matched
      ) ranked
      WHERE place <= ${limit}
    ) s
    CROSS JOIN LATERAL (
      SELECT id, address_line, city, state, zip, lat, lng, normalized_address FROM properties
      WHERE zip = s.zip AND street_key = s.street_key AND city = s.city
      ORDER BY normalized_address LIMIT ${limit}
    ) p
    ORDER BY s.score DESC, p.normalized_address LIMIT ${limit}`.execute(trx);
  return rows;
}

/**
 * '1234 Magnolai Ave': the houses with that number whose whole address is as alike as the whole
 * text must be (FUZZY_THRESHOLD), ranked by that. Only streets that have that house and are like
 * the rest of the text are compared (the index lists each street's numbers). The number's own
 * trigrams match exactly and carry part of the likeness, so the street needs less: with n of them
 * and r in the rest, a street line 0.5·(1 − n/r) alike can give an address 0.5 alike
 * ('1427 Whaetland Av': street 0.42, address 0.54). Below MIN_STREET_THRESHOLD no street is
 * compared: the number alone made '320 Madison Pkwy' a suggestion for '320 Maple' when every house
 * with that number was searched.
 */
async function fuzzyWithNumber(trx: Db, query: string, houseNumber: string, limit: number): Promise<Row[]> {
  const street = query.slice(houseNumber.length + 1);
  const numberTrigrams = sql`cardinality(show_trgm(${houseNumber}))`;
  const streetTrigrams = sql`greatest(cardinality(show_trgm(${street})), 1)`;
  await useSearchSettings(trx, sql`greatest(${MIN_STREET_THRESHOLD}::real, ${FUZZY_THRESHOLD}::real * (1 - ${numberTrigrams} / ${streetTrigrams}::real))`);
  const { rows } = await sql<Row>`
    SELECT p.id, p.address_line, p.city, p.state, p.zip, p.lat, p.lng
    FROM (SELECT zip, street_key, city FROM street_names WHERE normalized %> ${street} AND house_numbers @> ARRAY[${houseNumber}::text]) s
    CROSS JOIN LATERAL (
      SELECT id, address_line, city, state, zip, lat, lng, normalized_address, word_similarity(${query}, normalized_address) AS score
      FROM properties
      WHERE zip = s.zip AND street_key = s.street_key AND house_number = ${houseNumber} AND city = s.city
      OFFSET 0
    ) p
    WHERE p.score >= ${FUZZY_THRESHOLD}
    ORDER BY p.score DESC, p.normalized_address LIMIT ${limit}`.execute(trx);
  return rows;
}

/**
 * This transaction's search settings, in one round trip: the threshold of the trigram operators,
 * and no sequential scans. The planner prices a word similarity like any comparison (it costs a
 * hundred times more), so on a small world it would compare every street instead of asking the
 * index (10–20 ms on 20,000 properties instead of 1–2).
 */
async function useSearchSettings(trx: Db, threshold: RawBuilder<unknown>) {
  await sql`SELECT set_config('pg_trgm.word_similarity_threshold', (${threshold})::text, true), set_config('enable_seqscan', 'off', true)`.execute(trx);
}

interface Row {
  id: string;
  address_line: string;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lng: number;
}

function toSuggestion(row: Row): AddressSuggestion {
  return { propertyId: row.id, address: displayAddress(row), lat: row.lat, lng: row.lng };
}
