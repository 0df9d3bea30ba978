import { sql } from 'kysely';
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
  const fuzzy = await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL pg_trgm.word_similarity_threshold = 0.5`.execute(trx);
    const { rows } = await sql<Row>`
      SELECT id, address_line, city, state, zip, lat, lng FROM properties
      WHERE ${query} <% normalized_address
      ORDER BY word_similarity(${query}, normalized_address) DESC, normalized_address LIMIT ${limit}`.execute(trx);
    return rows;
  });
  return [...starts, ...fuzzy.filter((r) => !seen.has(r.id))].slice(0, limit).map(toSuggestion);
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
