import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { worldRevision } from '../src/db/world-revision.js';
import { loadExactAddresses } from '../src/domain/geocoder/exact-addresses.js';
import { geocodeAddressesMany, normalizeAddress, placeAddressesMany } from '../src/domain/geocoder/index.js';
import { useTestWorld } from './world.js';

const { db } = await useTestWorld({ properties: 400 });

/** Another property at the house of property `of`, with this id and unit. */
async function alsoAt(of: string, id: string, unit: string | null) {
  await sql`INSERT INTO properties
    SELECT * FROM jsonb_populate_record(null::properties,
      (SELECT to_jsonb(p) || jsonb_build_object('id', ${id}::text, 'unit', ${unit}::text) FROM properties p WHERE id = ${of}))`.execute(
    db,
  );
}

describe('the exact addresses in memory (the ingest places address rows with them)', () => {
  it('place each address where the set-wise geocoder does, or leave it to the run', async () => {
    const world = await db
      .selectFrom('properties')
      .select(['id', 'address_line', 'city', 'state', 'zip'])
      .orderBy('id')
      .limit(80)
      .execute();
    // Houses of several properties: units, a tie the ids' collation breaks, a unit beyond ASCII.
    await alsoAt(world[0]!.id, 'zz-unit-2', 'APT 2');
    await alsoAt(world[0]!.id, 'zz-unit-3', 'Apt 3');
    await alsoAt(world[1]!.id, 'a-twin', null);
    await alsoAt(world[2]!.id, 'zz-unit-u', 'ÜNIT 5');
    const at = (p: (typeof world)[number], unit = '') => `${p.address_line}${unit}, ${p.city}, ${p.state} ${p.zip}`;
    const texts = [
      ...world.map((p) => at(p)),
      ...world.slice(0, 3).flatMap((p) => [at(p, ' Apt 2'), at(p, ' APT 3'), at(p, ' Unit 5'), at(p, ' Apt 9')]),
      ...world.slice(10, 20).map((p) => at(p).toLowerCase().replace(' ave', ' avenue')),
      ...world.slice(20, 30).map((p) => at(p).replace(/[aeiou]/i, '')), // a typo: the fuzzy step's
      ...world.slice(30, 35).map((p) => `${p.address_line}, ${p.city}, ${p.state}`), // no ZIP: the single path's
      ...world.slice(35, 40).map((p) => `${p.address_line}, ${p.city}, ${p.state} 99999`), // wrong ZIP
      '1 Nowhere Lane, Atlantis, ZZ 00000',
      '',
    ];
    const addresses = (await loadExactAddresses(db, await worldRevision(db)))!;
    expect(addresses.size).toBe((await db.selectFrom('properties').select('id').execute()).length);
    const inMemory = texts.map((text) => addresses.place(normalizeAddress(text)));
    const bySql = await placeAddressesMany(db, texts);
    texts.forEach((text, i) => {
      if (inMemory[i] !== null) expect(inMemory[i], text).toEqual(bySql[i]);
    });
    // It settles the plain exact addresses, not the rest; the tie and the unit beyond ASCII it leaves.
    const settled = new Set(texts.filter((_, i) => inMemory[i] !== null));
    // Every exact match of the set-wise step (with a ZIP) but at the houses it leaves to the database.
    const full = await geocodeAddressesMany(db, texts);
    const leftAlone = [at(world[1]!), at(world[2]!)].map((t) =>
      normalizeAddress(t).full.split(' ').slice(0, 2).join(' '),
    );
    const exact = texts.filter(
      (t, i) =>
        full[i]?.matchedBy === 'exact' &&
        normalizeAddress(t).zip &&
        !leftAlone.some((house) => normalizeAddress(t).full.startsWith(house)),
    );
    expect(exact.length).toBeGreaterThan(70);
    for (const text of exact) expect(settled, text).toContain(text);
    expect(settled).toContain(at(world[0]!, ' Apt 2'));
    expect(inMemory[texts.indexOf(at(world[0]!, ' APT 3'))]?.propertyId).toBe('zz-unit-3');
    expect(settled).not.toContain(at(world[1]!));
    expect(settled).not.toContain(at(world[2]!));
    for (const text of texts.slice(-22)) expect(settled).not.toContain(text);
  });

  it('are read only for the world revision asked for', async () => {
    const revision = await worldRevision(db);
    await alsoAt((await db.selectFrom('properties').select('id').executeTakeFirstOrThrow()).id, 'zz-later', 'APT 7');
    expect(await worldRevision(db)).not.toBe(revision);
    expect(await loadExactAddresses(db, revision)).toBeNull();
  });
});
