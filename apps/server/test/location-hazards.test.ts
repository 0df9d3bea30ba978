import { assessmentResponseSchema } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { seedWorld } from '../src/world/seed.js';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

const { app, db, url } = await useTestApp();
await seedWorld(url, { properties: 300 });

const ALL = ['zfire', 'zhail', 'zstorm', 'zwind', 'zwater', 'zproperty', 'roof_age', 'zproperty-historical_look_back'];
const org = await createOrganization(db, { name: 'Hazard Mutual', products: ALL });
const headers = await authHeader(app, await createUser(db, { org }));
const assessUrl = (query: Record<string, string>) =>
  `/api/caribou/v3/property/assessment/zview?${new URLSearchParams(query)}`;
const lookup = async (query: Record<string, string>) => {
  const res = await app.inject({ method: 'GET', url: assessUrl(query), headers });
  expect(res.statusCode, res.body).toBe(200);
  return assessmentResponseSchema.parse(res.json());
};

describe('a point with no building (#21.13)', () => {
  it('answers the hazards of the location and says the structure-level products need a building', async () => {
    // Open water off Gulfport, MS: no parcel, no building; hurricane coast.
    const gulf = await lookup({ location_type: 'coordinates', location: '30.25,-89.05' });
    expect(gulf.location.propertyId).toBeNull();
    expect(gulf.locationHazards?.hazards.map((h) => h.hazard)).toEqual(['wind', 'flood', 'wildfire', 'hail']);
    expect(gulf.locationHazards?.note).toMatch(/need a building/);
    const wind = gulf.locationHazards!.hazards.find((h) => h.hazard === 'wind')!;
    expect(wind.riskLevel).toBe('high');
    expect(wind.description).toMatch(/mph/);
    // Every product still says why it has no score.
    expect(Object.values(gulf.products).every((p) => p.score === null)).toBe(true);

    // A field in central Kansas: hail alley, far from the hurricane coast.
    const plains = await lookup({ location_type: 'coordinates', location: '38.6,-99.4' });
    const hail = (r: typeof plains) => r.locationHazards!.hazards.find((h) => h.hazard === 'hail')!.exposure;
    const windOf = (r: typeof plains) => r.locationHazards!.hazards.find((h) => h.hazard === 'wind')!.exposure;
    expect(hail(plains)).toBeGreaterThan(hail(gulf));
    expect(windOf(plains)).toBeLessThan(windOf(gulf));
  });

  it('leaves location hazards out when a building is there (the products score it)', async () => {
    const house = await lookup({ location: '1427 Wheatland Ave, Wichita, KS 67203' });
    expect(house.location.propertyId).not.toBeNull();
    expect(house.locationHazards).toBeUndefined();
  });
});

describe('historical look-back uses the features of that date (#21.7)', () => {
  it('scores the roof as it was before its replacement', async () => {
    const today = await lookup({ location: '310 Seawall Blvd, Gulfport, MS 39501', products: 'roof_age' });
    const earliest = today.availableDates[today.availableDates.length - 1]!;
    const then = await lookup({
      location: '310 Seawall Blvd, Gulfport, MS 39501',
      products: 'roof_age',
      as_of: earliest,
    });
    expect(then.asOf).toBe(earliest);
    const ageNow = today.products.roof_age!.score!;
    const ageThen = then.products.roof_age!.score!;
    // Today's roof is dated by its roofing permit (July 2021), not by a 'recorded install year'.
    expect(today.products.roof_age!.roofAge).toMatchObject({ installYear: 2021 });
    expect(today.products.roof_age!.roofAge!.evidence[0]).toMatchObject({ source: 'permit', year: 2021 });
    expect(today.products.roof_age!.factors[0]!.description).toMatch(/roofing permit/);
    // Before that permit the roof was the house's original one (built 2015): the permit is not evidence yet.
    expect(earliest < '2021-07-01').toBe(true);
    expect(then.products.roof_age!.roofAge!.evidence.every((e) => e.source !== 'permit')).toBe(true);
    expect(then.products.roof_age!.roofAge!.installYear).toBeLessThan(2021);
    expect(ageThen).toBeCloseTo(
      1 + 0.3 * (Number(earliest.slice(0, 4)) - then.products.roof_age!.roofAge!.installYear),
      5,
    );
    expect(ageNow).toBeCloseTo(1 + 0.3 * (Number(today.asOf.slice(0, 4)) - 2021), 5);
    // Then's imagery is then's: the newest orthophoto of the answer is the chosen capture.
    expect(then.imagery.ortho[0]?.date ?? then.imagery.ortho[0]?.imageDateLabel).toBeDefined();
    expect(then.imagery.ortho.every((o) => !o.date || o.date <= earliest)).toBe(true);
  });
});
