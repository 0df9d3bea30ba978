import type { Db } from '../../db/database.js';
import {
  addressesStartingWith,
  numberedHouseSuggestions,
  streetHouseSuggestions,
  type AutocompleteRow,
} from '../../db/geocoder-autocomplete.js';
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
export async function autocompleteAddresses(
  db: Db,
  text: string,
  limit = AUTOCOMPLETE_LIMIT,
): Promise<AddressSuggestion[]> {
  const prefix = normalizePrefix(text);
  if (prefix.trim().length < 2) return [];
  const escaped = prefix.replace(/[\\%_]/g, '\\$&');
  const starts = await addressesStartingWith(db, escaped, limit);
  if (starts.length >= limit || prefix.trim().length < 4) return starts.map(toSuggestion);

  const seen = new Set(starts.map((r) => r.id));
  const query = prefix.trim();
  const houseNumber = /^(\d+[A-Z]?) ./.exec(query)?.[1];
  const fuzzy = houseNumber
    ? await fuzzyWithNumber(db, query, houseNumber, limit)
    : await fuzzyByStreet(db, query, limit);
  return [...starts, ...fuzzy.filter((r) => !seen.has(r.id))].slice(0, limit).map(toSuggestion);
}

/* The fuzzy searches' SQL and how it reads the index: db/geocoder-autocomplete.ts (migration 0271's functions). */

/**
 * No house number typed: the houses of the most similar streets, in the order a search of every
 * address gave (similarity, then address). Every house of a street is as similar as its street
 * line (the number is not part of the best-matching words), so only the ten best-placed streets
 * (ties included) can hold the ten best addresses, and at most ten houses of each.
 */
async function fuzzyByStreet(db: Db, query: string, limit: number): Promise<Row[]> {
  return streetHouseSuggestions(db, query, FUZZY_THRESHOLD, limit);
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
async function fuzzyWithNumber(db: Db, query: string, houseNumber: string, limit: number): Promise<Row[]> {
  const street = query.slice(houseNumber.length + 1);
  return numberedHouseSuggestions(
    db,
    { query, houseNumber, street, threshold: FUZZY_THRESHOLD, streetThreshold: MIN_STREET_THRESHOLD },
    limit,
  );
}

type Row = AutocompleteRow;

function toSuggestion(row: Row): AddressSuggestion {
  return { propertyId: row.id, address: displayAddress(row), lat: row.lat, lng: row.lng };
}
