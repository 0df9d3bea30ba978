import { describe, expect, it } from 'vitest';
import {
  findPropertyById,
  findPropertyCaptures,
  findPropertyEvents,
  findPropertyPermits,
  isoDate,
  loadPropertyFeatures,
} from '../src/domain/property/load.js';
import { useTestWorld } from './world.js';

const { db } = await useTestWorld({ properties: 400, seed: 5 });

describe('loadPropertyFeatures', () => {
  it('returns the features of the latest capture by default', async () => {
    const features = await loadPropertyFeatures(db, 'p-l00-000');
    const captures = await db
      .selectFrom('imagery_captures')
      .select('captured_on')
      .where('neighbourhood_id', '=', 'nb-l00')
      .where('kind', '=', 'ortho')
      .orderBy('captured_on', 'desc')
      .execute();
    expect(features).toMatchObject({ propertyId: 'p-l00-000', asOf: isoDate(captures[0]!.captured_on) });
    expect(features!.buildings[0]).toMatchObject({ rank: 1, label: 'Primary structure' });
    expect(features!.buildings[0]!.outline.type).toBe('Polygon');
    expect(features!.buildings[0]!.centroid.type).toBe('Point');
    expect(await loadPropertyFeatures(db, 'no-such-property')).toBeNull();
  });

  it('shows the old roof before a replacement and the new one after', async () => {
    const permit = await db
      .selectFrom('permits')
      .selectAll()
      .where('kind', '=', 'roof_replacement')
      .where('issued_on', '>=', new Date('2021-06-01T00:00:00'))
      .where('issued_on', '<=', new Date('2025-06-01T00:00:00'))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const completed = isoDate(permit.completed_on!);
    const before = await loadPropertyFeatures(
      db,
      permit.property_id,
      isoDate(new Date(Date.parse(permit.issued_on.toISOString()) - 200 * 86_400_000)),
    );
    const after = await loadPropertyFeatures(db, permit.property_id);
    const year = Number(completed.slice(0, 4));
    expect(after!.buildings[0]!.roofInstallYear).toBeGreaterThanOrEqual(year);
    expect(before!.buildings[0]!.roofInstallYear ?? 0).toBeLessThan(year);
    expect(before!.asOf < completed).toBe(true);
    if (permit.replaced_roof_material) expect(before!.buildings[0]!.roofMaterial).toBe(permit.replaced_roof_material);
  });

  it('reads an as-of date from the latest capture on or before it', async () => {
    const dates = (
      await db
        .selectFrom('imagery_captures')
        .select('captured_on')
        .where('neighbourhood_id', '=', 'nb-l03')
        .where('kind', '=', 'ortho')
        .orderBy('captured_on')
        .execute()
    ).map((c) => isoDate(c.captured_on));
    const second = dates[1]!;
    const dayAfter = isoDate(new Date(Date.parse(`${second}T00:00:00Z`) + 86_400_000));
    expect((await loadPropertyFeatures(db, 'p-l03-000', dayAfter))!.asOf).toBe(second);
  });
});

describe('property helpers', () => {
  it('summarises a property, its captures, permits and the events that covered it', async () => {
    const property = await findPropertyById(db, 'p-l00-000');
    expect(property).toMatchObject({
      address: '1427 Wheatland Ave, Wichita, KS 67203',
      state: 'KS',
      source: 'generated',
    });
    const captures = await findPropertyCaptures(db, property!);
    expect(captures.filter((c) => c.kind === 'ortho').length).toBe(7);
    expect(captures.some((c) => c.kind === 'oblique' && c.direction === 'west')).toBe(true);
    const permits = await findPropertyPermits(db, property!.id);
    for (const p of permits) expect(p.issuedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The Wichita landmark neighbourhood always has a hail swath; most of its houses are under it.
    const events = await Promise.all(
      (
        await db
          .selectFrom('properties')
          .select(['id', 'lat', 'lng'])
          .where('neighbourhood_id', '=', 'nb-l00')
          .execute()
      ).map((p) => findPropertyEvents(db, p)),
    );
    expect(events.flat().some((e) => e.kind === 'hail' && e.magnitudeUnit === 'in')).toBe(true);
  });
});
