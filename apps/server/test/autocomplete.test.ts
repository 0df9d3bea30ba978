import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { autocompleteAddresses, normalizePrefix } from '../src/domain/geocoder/autocomplete.js';
import { importOpenAddresses } from '../src/world/importers/openaddresses.js';
import { useTestWorld } from './world.js';

/** The fuzzy autocomplete searches the distinct streets (street_names), kept in step with the properties. */
const { db } = await useTestWorld({ properties: 600 });
const tmp = mkdtempSync(path.join(os.tmpdir(), 'zview-autocomplete-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const WICHITA = '1427 Wheatland Ave, Wichita, KS 67203';
/** The bench's typo: the first vowel dropped, two letters of the second word swapped. */
const typo = (s: string) => s.replace(/([aeiou])/i, '').replace(/ (\w)(\w)/, ' $2$1');

/**
 * What the fuzzy top-up answered when it compared the text with every address: the street search
 * must answer the same (it only avoids comparing each house of a street).
 */
async function searchEveryAddress(text: string): Promise<string[]> {
  const query = normalizePrefix(text).trim();
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL pg_trgm.word_similarity_threshold = 0.5`.execute(trx);
    const { rows } = await sql<{ address: string }>`
      SELECT address_line || ', ' || city || ', ' || state || ' ' || zip AS address FROM properties
      WHERE ${query} <% normalized_address
      ORDER BY word_similarity(${query}, normalized_address) DESC, normalized_address LIMIT 10`.execute(trx);
    return rows.map((r) => r.address);
  });
}

/** Properties whose street (with the house number) is missing from street_names or listed wrongly. */
async function propertiesOffTheirStreet() {
  const { rows } = await sql<{ id: string }>`
    SELECT p.id FROM properties p
    WHERE NOT EXISTS (
      SELECT 1 FROM street_names s
      WHERE s.zip = p.zip AND s.street_key = p.street_key AND s.city = p.city AND p.house_number = ANY(s.house_numbers)
        AND s.normalized = street_line(p.normalized_address, p.house_number, p.street_key, p.unit)
        -- The street line is exactly the address without its number and unit.
        AND p.normalized_address = p.house_number || ' ' || s.street_key || coalesce(' ' || upper(p.unit), '') || substr(s.normalized, length(s.street_key) + 1)
    )`.execute(db);
  return rows.map((r) => r.id);
}

describe('street names', () => {
  it('lists every street of the seeded world once, with its house numbers', async () => {
    expect(await propertiesOffTheirStreet()).toEqual([]);
    const { rows } = await sql<{ streets: number; listed: number }>`
      SELECT (SELECT count(*)::int FROM (SELECT DISTINCT zip, street_key, city FROM properties) d) AS streets,
             (SELECT count(*)::int FROM street_names) AS listed`.execute(db);
    expect(rows[0]!.listed).toBe(rows[0]!.streets);
    const wheatland = await db
      .selectFrom('street_names')
      .selectAll()
      .where('street_key', '=', 'WHEATLAND AVE')
      .where('zip', '=', '67203')
      .executeTakeFirstOrThrow();
    expect(wheatland).toMatchObject({ city: 'Wichita', state: 'KS', normalized: 'WHEATLAND AVE WICHITA KS 67203' });
    expect(wheatland.house_numbers).toContain('1427');
  });
});

describe('fuzzy autocomplete over streets', () => {
  it('answers typo queries without a house number exactly as a search of every address did', async () => {
    const sample = await db.selectFrom('properties').select(['address_line', 'city']).orderBy('id').execute();
    const texts = sample
      .filter((_, i) => i % 20 === 0)
      .map((p) => typo(`${p.address_line.split(' ').slice(1).join(' ')} ${p.city}`));
    expect(texts.length).toBeGreaterThan(25);
    let suggested = 0;
    for (const text of texts) {
      const expected = await searchEveryAddress(text);
      const got = (await autocompleteAddresses(db, text)).map((s) => s.address);
      expect(got, text).toEqual(expected);
      if (got.length) suggested++;
    }
    // Most typos still find their street (the rest are too mangled for a 0.5 word similarity).
    expect(suggested).toBeGreaterThan(texts.length / 2);
  });

  it('puts the houses of the best-matching street first, in address order', async () => {
    const results = await autocompleteAddresses(db, 'Wheatlnad Ave Wichita');
    expect(results).toHaveLength(10);
    expect(results.map((s) => s.address)).toContain(WICHITA);
    const onStreet = results.filter((s) => s.address.includes(' Wheatland Ave, Wichita'));
    expect(onStreet.length).toBeGreaterThan(0);
    expect(results.slice(0, onStreet.length)).toEqual(onStreet);
    const numbers = onStreet.map((s) => s.address.split(' ')[0]!);
    expect(numbers).toEqual([...numbers].sort());
  });

  it('with a house number, suggests that house on streets like the typed one', async () => {
    for (const text of ['1427 Wheatlnad Ave Wichita', '1427 Whaetland Av', '1427 wheatlnd']) {
      const results = await autocompleteAddresses(db, text);
      expect(results[0]?.address, text).toBe(WICHITA);
      expect(
        results.every((s) => s.address.startsWith('1427 ')),
        text,
      ).toBe(true);
    }
    // No street like it has that number: nothing fuzzy to suggest.
    expect(await autocompleteAddresses(db, '99999 Wheatlnd Ave')).toEqual([]);
    expect(await autocompleteAddresses(db, 'Qxzvw Jkq')).toEqual([]);
  });

  it('finds imported addresses, also on a street the world already had', async () => {
    const csv = path.join(tmp, 'more.csv');
    writeFileSync(
      csv,
      [
        'LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID,HASH',
        '-97.3695,37.7080,1499,Wheatland Avenue,,Wichita,,KS,67203,,s3a1',
        '-90.0715,29.9511,400,Poydras St,,New Orleans,,LA,70130,,s3a2',
        '-90.0716,29.9512,402,Poydras St,Apt 2,New Orleans,,LA,70130,,s3a3',
      ].join('\n'),
    );
    const report = await importOpenAddresses(db, csv);
    expect(report.imported).toBe(3);
    expect(await propertiesOffTheirStreet()).toEqual([]);

    const wheatland = await db
      .selectFrom('street_names')
      .select('house_numbers')
      .where('street_key', '=', 'WHEATLAND AVE')
      .where('zip', '=', '67203')
      .executeTakeFirstOrThrow();
    expect(wheatland.house_numbers).toEqual(expect.arrayContaining(['1427', '1499']));
    expect((await autocompleteAddresses(db, '1499 Wheatlnad Ave'))[0]?.address).toBe(
      '1499 Wheatland Ave, Wichita, KS 67203',
    );
    expect((await autocompleteAddresses(db, '400 Pyodras St New Orleans'))[0]?.address).toBe(
      '400 Poydras St, New Orleans, LA 70130',
    );
    const street = (await autocompleteAddresses(db, 'Pyodras St New Orleans')).map((s) => s.address);
    expect(street.slice(0, 2)).toEqual([
      '400 Poydras St, New Orleans, LA 70130',
      '402 Poydras St Apt 2, New Orleans, LA 70130',
    ]);

    // Importing the same file again changes nothing.
    await importOpenAddresses(db, csv);
    const again = await db
      .selectFrom('street_names')
      .select('house_numbers')
      .where('street_key', '=', 'POYDRAS ST')
      .executeTakeFirstOrThrow();
    expect([...again.house_numbers].sort()).toEqual(['400', '402']);
  });
});
