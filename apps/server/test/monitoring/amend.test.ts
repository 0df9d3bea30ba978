import { describe, expect, it } from 'vitest';
import { runMonitoringStep } from '../../src/jobs/monitoring-jobs.js';
import { amendBuildings, parseFeatures } from '../../src/world/amend.js';
import { authHeader, createUser } from '../factories.js';
import { createMember, usePortfolioTestApp } from '../portfolio/app.js';
import { portfolioSteps } from '../portfolio/steps.js';

// Permits and corrections say which building features they moved (issue 41): the real models on a
// small world, a monitored book, a correction of two properties' roofs and footprints.
const { app, db } = await usePortfolioTestApp({ chunkSize: 20, realEngines: { properties: 200 } });
const steps = portfolioSteps(app);

describe('permits and corrections', () => {
  it('reads key=value features and refuses what it cannot set', () => {
    expect(parseFeatures('roof_material=wood_shake,footprint_sqft=2400,has_solar=true')).toEqual({
      roof_material: 'wood_shake',
      footprint_sqft: 2400,
      has_solar: true,
    });
    expect(() => parseFeatures('colour=red')).toThrow(/colour is not one of/);
    expect(() => parseFeatures('footprint_sqft=big')).toThrow(/must be a number/);
    expect(() => parseFeatures('')).toThrow(/--set/);
  });

  it('records the features a correction moved, from and to, on each change it caused, in the view and /v1', async () => {
    const properties = await db
      .selectFrom('properties')
      .innerJoin('buildings', (j) =>
        j.onRef('buildings.property_id', '=', 'properties.id').on('buildings.rank', '=', 1),
      )
      .select([
        'properties.id',
        'properties.lat',
        'properties.lng',
        'buildings.roof_material',
        'buildings.footprint_sqft',
      ])
      .where('buildings.roof_material', '<>', 'wood_shake')
      .orderBy('properties.id')
      .limit(6)
      .execute();
    const csv = `Ref,Latitude,Longitude\n${properties.map((p, i) => `R${i + 1},${p.lat},${p.lng}`).join('\n')}\n`;
    const home = await createMember(app, db);
    const id = await steps.createPortfolio(home.headers, csv, { products: 'zfire' });
    await steps.waitForStatus(home.headers, id, 'zfire', 'READY');
    const on = await app.inject({
      method: 'PUT',
      url: `/api/caribou/portfolio/${id}/product/zfire/monitoring`,
      headers: home.headers,
      payload: { monitored: true },
    });
    expect(on.statusCode, on.body).toBe(200);

    // A wood-shake roof is the zfire model's worst: the corrected rows' scores move.
    const corrected = properties.slice(0, 2);
    const report = await amendBuildings(db, {
      cause: 'correction',
      propertyIds: corrected.map((p) => p.id),
      features: { roof_material: 'wood_shake', footprint_sqft: 2400 },
      date: new Date().toISOString().slice(0, 10),
      reference: 'COR-41',
    });
    expect(report.featureChanges[corrected[0]!.id]).toEqual([
      { name: 'roof_material', from: corrected[0]!.roof_material, to: 'wood_shake' },
      { name: 'footprint_sqft', from: corrected[0]!.footprint_sqft, to: 2400 },
    ]);
    await runMonitoringStep(db);

    const view = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${id}/changes?cause=correction`,
      headers: home.headers,
    });
    expect(view.statusCode, view.body).toBe(200);
    const changes = view.json().changes as { propertyId: string; causeId: string; features: unknown[] }[];
    expect(changes.length).toBeGreaterThan(0);
    for (const change of changes) {
      const before = corrected.find((p) => p.id === change.propertyId)!;
      expect(change.causeId).toBe('COR-41');
      expect(change.features).toEqual([
        { name: 'roof_material', from: before.roof_material, to: 'wood_shake' },
        { name: 'footprint_sqft', from: before.footprint_sqft, to: 2400 },
      ]);
    }

    const admin = await authHeader(app, await createUser(db, { org: home.org, role: 'admin' }));
    const key = await app.inject({
      method: 'POST',
      url: '/api/user-management/api-keys',
      headers: admin,
      payload: { name: 'feed' },
    });
    const feed = await app.inject({
      method: 'GET',
      url: `/v1/portfolios/${id}/changes`,
      headers: { authorization: `Bearer ${key.json().key as string}` },
    });
    expect(feed.statusCode, feed.body).toBe(200);
    const fed = (feed.json().changes as { cause: string; features: { name: string; to: unknown }[] }[]).filter(
      (c) => c.cause === 'correction',
    );
    expect(fed).toHaveLength(changes.length);
    expect(fed[0]!.features.map((f) => [f.name, f.to])).toEqual([
      ['roof_material', 'wood_shake'],
      ['footprint_sqft', 2400],
    ]);
  }, 180_000);
});
