import { describe, expect, it } from 'vitest';
import { ExactAddresses, houseKey } from './exact-addresses.js';
import { normalizeAddress } from './normalize.js';

const HOUSE = houseKey('67203', 'WHEATLAND AVE', '1427');

/** A world of these properties at 1427 Wheatland Ave (id, unit), each at its own point. */
function world(...properties: [string, string | null][]) {
  const addresses = new ExactAddresses('7', 1);
  properties.forEach(([id, unit], i) => addresses.add(HOUSE, unit, id, 37 + i, -97 - i));
  return addresses;
}

const at = (text: string) => normalizeAddress(`${text}, Wichita, KS 67203`);

describe('ExactAddresses', () => {
  it("places an address on its house's one property, at rooftop precision", () => {
    const addresses = world(['p-1', null]);
    expect(addresses.place(at('1427 Wheatland Ave'))).toEqual({
      propertyId: 'p-1',
      lat: 37,
      lng: -97,
      precision: 'rooftop',
    });
    expect(addresses.place(at('1427 wheatland avenue'))?.propertyId).toBe('p-1');
    expect(addresses.size).toBe(1);
  });

  it('leaves to the run what the exact step would not match: another house, ZIP or street, or no ZIP', () => {
    const addresses = world(['p-1', null]);
    expect(addresses.place(at('1429 Wheatland Ave'))).toBeNull();
    expect(addresses.place(at('1427 Wheatland St'))).toBeNull();
    expect(addresses.place(normalizeAddress('1427 Wheatland Ave, Wichita, KS 67202'))).toBeNull();
    expect(addresses.place(normalizeAddress('1427 Wheatland Ave, Wichita, KS'))).toBeNull();
    expect(addresses.place(normalizeAddress(''))).toBeNull();
  });

  it('ranks as the query does: the unit asked for, then the building itself', () => {
    const addresses = world(['p-2', 'APT 2'], ['p-1', null], ['p-3', 'APT 3']);
    expect(addresses.place(at('1427 Wheatland Ave Apt 3'))?.propertyId).toBe('p-3');
    expect(addresses.place(at('1427 Wheatland Ave Apt 2'))?.propertyId).toBe('p-2');
    // No unit asked, or one the house lacks: the building.
    expect(addresses.place(at('1427 Wheatland Ave'))?.propertyId).toBe('p-1');
    expect(addresses.place(at('1427 Wheatland Ave Apt 9'))?.propertyId).toBe('p-1');
    // A unit's case does not matter (upper on both sides).
    expect(world(['p-4', 'apt 4']).place(at('1427 Wheatland Ave Apt 4'))?.propertyId).toBe('p-4');
  });

  it('leaves ties (broken by the collation of ids) and non-ASCII units to the database', () => {
    expect(world(['p-1', null], ['p-9', null]).place(at('1427 Wheatland Ave'))).toBeNull();
    expect(world(['p-2', 'APT 2'], ['p-3', 'APT 3']).place(at('1427 Wheatland Ave'))).toBeNull();
    // The tie is below the best candidate: no matter.
    expect(world(['p-2', 'APT 2'], ['p-3', 'APT 3'], ['p-1', null]).place(at('1427 Wheatland Ave'))?.propertyId).toBe(
      'p-1',
    );
    expect(world(['p-1', null], ['p-5', 'ÄPT 5']).place(at('1427 Wheatland Ave'))).toBeNull();
  });

  it('grows past its first capacity', () => {
    const addresses = new ExactAddresses('7', 1);
    for (let n = 1; n <= 100; n++) addresses.add(houseKey('67203', 'WHEATLAND AVE', String(n)), null, `p-${n}`, n, -n);
    expect(addresses.size).toBe(100);
    expect(addresses.place(at('77 Wheatland Ave'))).toEqual({
      propertyId: 'p-77',
      lat: 77,
      lng: -77,
      precision: 'rooftop',
    });
  });
});
