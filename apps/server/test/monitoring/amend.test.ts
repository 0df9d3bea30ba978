import { describe, expect, it } from 'vitest';
import { findPropertyPermits, loadPropertyFeatures } from '../../src/domain/property/load.js';
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
      // The footprint moved too, but the Z-FIRE model does not read it: the change lists the roof.
      expect(change.features).toEqual([{ name: 'roof_material', from: before.roof_material, to: 'wood_shake' }]);
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
    expect(fed[0]!.features.map((f) => [f.name, f.to])).toEqual([['roof_material', 'wood_shake']]);

    // A permit today (after the world's last capture) re-roofs a corrected property with metal: the
    // permit dates the roof, so the monitored row moves (wood shake → metal) and the change says so.
    await amendBuildings(db, {
      cause: 'permit',
      propertyIds: [corrected[0]!.id],
      features: { roof_material: 'metal' },
      date: new Date().toISOString().slice(0, 10),
      reference: 'BLD-41-M',
    });
    await runMonitoringStep(db);
    const permitted = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${id}/changes?cause=permit`,
      headers: home.headers,
    });
    const byPermit = permitted.json().changes as {
      propertyId: string;
      causeId: string;
      oldScore: number;
      newScore: number;
      features: { name: string; from: unknown; to: unknown }[];
      factors: { name: string; from: number | null; to: number | null }[];
    }[];
    expect(byPermit).toHaveLength(1);
    // Scored with the permit's metal roof (−0.6 in Z-FIRE), not with the roof the last image showed
    // (this world's own later permits would make it asphalt, +0.2).
    expect(byPermit[0]!.factors.find((f) => f.name === 'Roof material')?.to).toBeLessThan(0);
    expect(byPermit[0]).toMatchObject({ propertyId: corrected[0]!.id, causeId: 'BLD-41-M' });
    expect(byPermit[0]!.newScore).toBeLessThan(byPermit[0]!.oldScore);
    // Z-FIRE reads the roof's material, not its age or condition (which the new roof moved too).
    expect(byPermit[0]!.features).toEqual([{ name: 'roof_material', from: 'wood_shake', to: 'metal' }]);
  }, 180_000);

  it('adds a permit to the property: its permit list shows it and its roof is dated by it', async () => {
    const [property] = await db
      .selectFrom('buildings')
      .select(['property_id', 'roof_material'])
      .where('rank', '=', 1)
      .where('roof_material', '<>', 'metal')
      .orderBy('property_id', 'desc')
      .limit(1)
      .execute();
    const date = '2026-10-02';
    const report = await amendBuildings(db, {
      cause: 'permit',
      propertyIds: [property!.property_id],
      features: { roof_material: 'metal' },
      date,
      reference: 'BLD-2026-0041',
    });
    // A roof replaced under a permit is a new roof: installed that year, in good condition.
    expect(report.featureChanges[property!.property_id]!.map((f) => [f.name, f.to])).toEqual(
      expect.arrayContaining([
        ['roof_material', 'metal'],
        ['roof_install_year', 2026],
      ]),
    );
    const permits = await findPropertyPermits(db, property!.property_id);
    expect(permits.find((p) => p.id === 'BLD-2026-0041')).toEqual({
      id: 'BLD-2026-0041',
      kind: 'roof_replacement',
      description: 'Roof material: metal',
      issuedOn: date,
      completedOn: date,
      valuationUsd: null,
      contractor: null,
      roofMaterial: 'metal',
    });
    const features = await loadPropertyFeatures(db, property!.property_id);
    const main = features!.buildings.find((b) => b.rank === 1)!;
    expect(main.roofMaterial).toBe('metal');
    expect(main.roofInstallYear).toBe(2026);
    expect(main.roofEvidence).toEqual(
      expect.arrayContaining([expect.objectContaining({ source: 'permit', year: 2026, reference: 'BLD-2026-0041' })]),
    );

    // The same reference again is refused, and nothing of it is kept (one transaction).
    await expect(
      amendBuildings(db, {
        cause: 'permit',
        propertyIds: [property!.property_id],
        features: { roof_material: 'asphalt_shingle' },
        date,
        reference: 'BLD-2026-0041',
      }),
    ).rejects.toThrow(/BLD-2026-0041 is already recorded/);
    const after = await db
      .selectFrom('buildings')
      .select('roof_material')
      .where('property_id', '=', property!.property_id)
      .where('rank', '=', 1)
      .executeTakeFirstOrThrow();
    expect(after.roof_material).toBe('metal');

    // A correction fixes the record: no permit.
    const count = (await findPropertyPermits(db, property!.property_id)).length;
    await amendBuildings(db, {
      cause: 'correction',
      propertyIds: [property!.property_id],
      features: { footprint_sqft: 2100 },
      date,
      reference: 'COR-41-B',
    });
    expect(await findPropertyPermits(db, property!.property_id)).toHaveLength(count);
  }, 60_000);
});
