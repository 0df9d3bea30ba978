import { assessmentResponseSchema } from '@zview/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { COVERAGE_METRES, OUTSIDE_COVERAGE_AREA } from '../../src/domain/geocoder/index.js';
import { NO_BUILDING_NOTE } from '../../src/domain/hazard/location-hazards.js';
import { NO_BUILDING_FOUND } from '../../src/domain/portfolio/pipeline/risk-scorer.js';
import { createMember, usePortfolioTestApp, waitFor } from './app.js';
import { portfolioSteps } from './steps.js';

// Issue 12: a point in the United States but far from every property is outside coverage, in a
// lookup and in a portfolio row; a point near properties but on none is 'no property found'.
const { app, db } = await usePortfolioTestApp({ chunkSize: 5, realEngines: { properties: 300 } });

/** Metres from the point to the nearest property of the world. */
async function nearestMetres(lat: number, lng: number): Promise<number> {
  const { rows } = await sql<{ m: number }>`
    SELECT 2 * 6371008.8 * asin(sqrt(power(sin(radians(lat - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(lat)) * power(sin(radians(lng - ${lng}) / 2), 2))) AS m
    FROM properties ORDER BY 1 LIMIT 1`.execute(db);
  return rows[0]!.m;
}

// Central Nevada: in the United States, far from the generated world's neighbourhoods.
const FAR = { lat: 39.2, lng: -116.9 };
// Beside a neighbourhood: 300–1,500 m from its nearest property (found from the world's own data).
async function nearPoint() {
  const hoods = await db
    .selectFrom('neighbourhoods')
    .select(['north', 'south', 'east', 'west'])
    .orderBy('id')
    .limit(40)
    .execute();
  for (const h of hoods) {
    for (const metres of [400, 700, 1000]) {
      const point = { lat: h.north + metres / 111_320, lng: (h.east + h.west) / 2 };
      const d = await nearestMetres(point.lat, point.lng);
      if (d > 300 && d < 1500) return point;
    }
  }
  throw new Error('no point beside a neighbourhood');
}

describe('outside coverage (issue 12)', () => {
  it('tells a lookup of a point far from every property that it is outside coverage, and one beside properties that none is there', async () => {
    const { headers } = await createMember(app, db, { products: ['zfire', 'zfire-portfolio'] });
    expect(await nearestMetres(FAR.lat, FAR.lng)).toBeGreaterThan(COVERAGE_METRES);
    const near = await nearPoint();
    const lookup = async (p: { lat: number; lng: number }) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/caribou/v3/property/assessment/zview?${new URLSearchParams({ location_type: 'coordinates', location: `${p.lat},${p.lng}`, products: 'zfire' })}`,
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return assessmentResponseSchema.parse(res.json());
    };
    const far = await lookup(FAR);
    expect(far.location.propertyId).toBeNull();
    expect(far.products.zfire!.unavailableReason).toBe(OUTSIDE_COVERAGE_AREA);
    // What the property view shows for a place without a building says so too.
    expect(far.locationHazards!.note.startsWith(OUTSIDE_COVERAGE_AREA)).toBe(true);
    const beside = await lookup(near);
    expect(beside.location.propertyId).toBeNull();
    expect(beside.products.zfire!.unavailableReason).toBe(
      'No property was found at this location, so there is nothing to score.',
    );
    expect(beside.locationHazards!.note).toBe(NO_BUILDING_NOTE);
    // A point on a property is scored as before.
    const property = await db.selectFrom('properties').select(['lat', 'lng']).orderBy('id').executeTakeFirstOrThrow();
    const on = await lookup(property);
    expect(on.location.propertyId).not.toBeNull();
    expect(on.products.zfire!.unavailableReason).toBeNull();
  });

  it('reports a portfolio row far from every property as outside coverage, and one beside properties as no property found', async () => {
    const { headers } = await createMember(app, db, { products: ['zfire', 'zfire-portfolio'] });
    const near = await nearPoint();
    const property = await db.selectFrom('properties').select(['lat', 'lng']).orderBy('id').executeTakeFirstOrThrow();
    const id = await portfolioSteps(app).createPortfolio(
      headers,
      `Ref,Latitude,Longitude\nON,${property.lat},${property.lng}\nNEAR,${near.lat},${near.lng}\nFAR,${FAR.lat},${FAR.lng}\n`,
      { name: 'Coverage', products: 'zfire' },
    );
    await waitFor(
      async () => {
        const meta = (
          await app.inject({ method: 'GET', url: `/api/caribou/portfolio/${id}/metadata`, headers })
        ).json();
        return meta.products.every((p: { status: string }) => p.status === 'READY');
      },
      90_000,
      'READY',
    );
    const errors = (
      await app.inject({ method: 'GET', url: `/api/caribou/portfolio/${id}/errors?product=zfire`, headers })
    ).json();
    const reasons = Object.fromEntries(errors.errors.map((e: { ref: string; reason: string }) => [e.ref, e.reason]));
    expect(reasons).toEqual({ NEAR: NO_BUILDING_FOUND, FAR: OUTSIDE_COVERAGE_AREA });
  }, 120_000);
});
