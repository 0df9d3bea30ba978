import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import { LANDMARKS } from '../regions.js';
import type { NeighbourhoodBatch } from '../rows.js';
import { generateWorld } from './index.js';

function collect(seed: number, properties: number): NeighbourhoodBatch[] {
  return [...generateWorld({ seed, properties })];
}

const world = collect(7, 1500);
const properties = world.flatMap((b) => b.properties);
const buildings = world.flatMap((b) => b.buildings);

describe('world generator', () => {
  it('is deterministic: the same seed gives the same world', () => {
    expect(collect(7, 1500)).toEqual(world);
  });

  it('gives a different world for a different seed, with the same landmarks', () => {
    const other = collect(8, 1500).flatMap((b) => b.properties);
    const generated = (list: typeof properties) =>
      list.filter((p) => !p.neighbourhood_id!.startsWith('nb-l')).map((p) => p.normalized_address);
    expect(generated(other)).not.toEqual(generated(properties));
    const landmarks = (list: typeof properties) => list.filter((p) => p.neighbourhood_id!.startsWith('nb-l'));
    expect(landmarks(other)).toEqual(landmarks(properties));
  });

  it('makes exactly the number of properties asked for, with unique ids and addresses', () => {
    expect(properties).toHaveLength(1500);
    expect(new Set(properties.map((p) => p.id)).size).toBe(1500);
    expect(new Set(properties.map((p) => p.normalized_address)).size).toBe(1500);
  });

  it('always contains the landmark addresses', () => {
    for (const landmark of LANDMARKS) {
      const zip = zipcodes.lookup(landmark.zip)!;
      const address = `${landmark.houseNumber} ${landmark.street}`;
      expect(
        properties.find((p) => p.address_line === address && p.zip === landmark.zip && p.city === zip.city),
      ).toBeDefined();
    }
  });

  it('places properties in real cities of the chosen states, near their ZIP centroid', () => {
    const states = new Set(['AL', 'GA', 'LA', 'MS', 'NC', 'OK', 'SC', 'CA', 'CO', 'OR', 'TX', 'KS']);
    for (const p of properties) {
      const zip = zipcodes.lookup(p.zip)!;
      expect(zip.city).toBe(p.city);
      expect(zip.state).toBe(p.state);
      expect(states.has(p.state)).toBe(true);
      expect(Math.abs(zip.latitude - p.lat)).toBeLessThan(0.2);
    }
  });

  it('puts each property point inside its parcel and gives it 1–3 buildings ranked from 1', () => {
    for (const p of properties) {
      expect(booleanPointInPolygon([p.lng, p.lat], p.parcel!)).toBe(true);
      const own = buildings.filter((b) => b.property_id === p.id);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(3);
      expect(own.map((b) => b.rank)).toEqual(own.map((_, i) => i + 1));
      for (const b of own) expect(booleanPointInPolygon([b.centroid_lng, b.centroid_lat], p.parcel!)).toBe(true);
    }
  });

  it('records roof replacements as permits that set the roof install year', () => {
    const permits = world.flatMap((b) => b.permits);
    const roofs = permits.filter((p) => p.kind === 'roof_replacement');
    expect(roofs.length).toBeGreaterThan(100);
    for (const permit of roofs.slice(0, 200)) {
      const main = buildings.find((b) => b.property_id === permit.property_id && b.rank === 1)!;
      expect(main.roof_install_year).toBeGreaterThanOrEqual(Number(permit.completed_on!.slice(0, 4)));
    }
  });

  it('dates every weather event between two orthophoto captures of its neighbourhood', () => {
    const withEvents = world.filter((b) => b.events.length);
    expect(withEvents.length).toBeGreaterThan(5);
    for (const batch of withEvents) {
      const dates = batch.captures.filter((c) => c.kind === 'ortho').map((c) => c.captured_on);
      for (const event of batch.events) {
        expect(dates.some((d) => d < event.occurred_on)).toBe(true);
        expect(dates.some((d) => d > event.occurred_on)).toBe(true);
      }
    }
  });

  it('captures orthophotos over six years and obliques in four directions', () => {
    const captures = world[0]!.captures;
    const years = new Set(captures.filter((c) => c.kind === 'ortho').map((c) => c.captured_on.slice(0, 4)));
    expect(years.size).toBeGreaterThanOrEqual(5);
    const obliqueDirections = new Set(captures.filter((c) => c.kind === 'oblique').map((c) => c.direction));
    expect(obliqueDirections).toEqual(new Set(['north', 'east', 'south', 'west']));
  });

  it('gives western wildfire country more vegetation-clearing and tile/shake roofs than the Plains', () => {
    const share = (state: string[], test: (b: (typeof buildings)[number]) => boolean) => {
      const ids = new Set(properties.filter((p) => state.includes(p.state)).map((p) => p.id));
      const own = buildings.filter((b) => b.rank === 1 && ids.has(b.property_id));
      return own.filter(test).length / Math.max(1, own.length);
    };
    expect(
      share(['CA', 'CO', 'OR'], (b) => b.roof_material === 'wood_shake' || b.roof_material === 'tile'),
    ).toBeGreaterThan(share(['KS', 'OK'], (b) => b.roof_material === 'wood_shake' || b.roof_material === 'tile'));
  });
});

describe('docs/sample-world.md', () => {
  it('lists every landmark address, written as the geocoder displays it', async () => {
    const { readFile } = await import('node:fs/promises');
    const readme = await readFile(new URL('../../../../../docs/sample-world.md', import.meta.url), 'utf8');
    for (const landmark of LANDMARKS) {
      const zip = zipcodes.lookup(landmark.zip)!;
      const cell = `${landmark.houseNumber} ${landmark.street}, ${zip.city}, ${zip.state} ${landmark.zip}`;
      // A table cell of its own (Prettier pads the cells of markdown tables to the column width).
      expect(readme).toMatch(new RegExp(`\\| ${cell.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} +\\|`));
    }
  });
});
