import { describe, expect, it } from 'vitest';
import { runMonitoringStep } from '../../src/jobs/monitoring-jobs.js';
import { amendBuildings } from '../../src/world/amend.js';
import { recaptureArea } from '../../src/world/recapture.js';
import { createMember, usePortfolioTestApp } from '../portfolio/app.js';
import { portfolioSteps } from '../portfolio/steps.js';

// "The factors that moved" of a recorded change (issue 41): every factor whose contribution moved
// between the old and the new score, by how much, largest first — not only the top three each side
// kept. The real models on a small world, a monitored Z-HAIL book, a correction of roof ages.
const { app, db } = await usePortfolioTestApp({ chunkSize: 20, realEngines: { properties: 200 } });
const steps = portfolioSteps(app);

describe('the factors that moved', () => {
  it('lists Roof age, by its signed contribution delta, on Z-HAIL changes a correction and a capture of roof age caused', async () => {
    // Roof age is a small Z-HAIL factor, outside the top three the book's run kept: the change must
    // still list it, from its contribution before the correction to after.
    const properties = await db
      .selectFrom('properties')
      .innerJoin('buildings', (j) =>
        j.onRef('buildings.property_id', '=', 'properties.id').on('buildings.rank', '=', 1),
      )
      .select(['properties.id', 'properties.lat', 'properties.lng'])
      // Roofs dated by their record (no roofing permit outranks it), young enough for age to matter.
      .where('buildings.roof_install_year', '>=', 2015)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('permits')
              .select('permits.id')
              .whereRef('permits.property_id', '=', 'properties.id')
              .where('permits.kind', '=', 'roof_replacement'),
          ),
        ),
      )
      .orderBy('properties.id', 'desc')
      .limit(4)
      .execute();
    const csv = `Ref,Latitude,Longitude\n${properties.map((p, i) => `H${i + 1},${p.lat},${p.lng}`).join('\n')}\n`;
    const home = await createMember(app, db);
    const id = await steps.createPortfolio(home.headers, csv, { products: 'zhail' });
    await steps.waitForStatus(home.headers, id, 'zhail', 'READY');
    const on = await app.inject({
      method: 'PUT',
      url: `/api/caribou/portfolio/${id}/product/zhail/monitoring`,
      headers: home.headers,
      payload: { monitored: true },
    });
    expect(on.statusCode, on.body).toBe(200);

    await amendBuildings(db, {
      cause: 'correction',
      propertyIds: properties.map((p) => p.id),
      features: { roof_install_year: 1975 },
      date: new Date().toISOString().slice(0, 10),
      reference: 'COR-41-AGE',
    });
    await runMonitoringStep(db);
    const view = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${id}/changes?cause=correction&product=zhail`,
      headers: home.headers,
    });
    expect(view.statusCode, view.body).toBe(200);
    const changes = view.json().changes as {
      oldScore: number;
      newScore: number;
      factors: { name: string; from: number | null; to: number | null }[];
    }[];
    expect(changes.length).toBeGreaterThan(0);
    for (const change of changes) {
      expect(change.newScore).toBeGreaterThan(change.oldScore);
      // A fifty-year-old roof fails at smaller hailstones: its contribution grew, from a known value,
      // and it moved most (largest first; a factor the run scored as of another day may move a little).
      const [roofAge, ...others] = change.factors;
      expect(roofAge).toEqual({ name: 'Roof age', from: expect.any(Number), to: expect.any(Number) });
      const delta = roofAge!.to! - roofAge!.from!;
      expect(delta).toBeGreaterThan(0.5);
      for (const f of others) expect(Math.abs((f.to ?? 0) - (f.from ?? 0))).toBeLessThanOrEqual(delta);
    }

    // A capture over them replaces every roof (the sample world's, which says what it moved from
    // what): the fifty-year-old roofs are new, and each change lists Roof age among what moved, down.
    const lats = properties.map((p) => p.lat);
    const lngs = properties.map((p) => p.lng);
    const pad = 0.00001;
    await recaptureArea(db, {
      date: new Date().toISOString().slice(0, 10),
      area: {
        west: Math.min(...lngs) - pad,
        south: Math.min(...lats) - pad,
        east: Math.max(...lngs) + pad,
        north: Math.max(...lats) + pad,
      },
      roofShare: 1,
      treeShare: 0,
    });
    await runMonitoringStep(db);
    const captured = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${id}/changes?cause=capture&product=zhail`,
      headers: home.headers,
    });
    const byCapture = captured.json().changes as {
      features: { name: string; from: unknown; to: unknown }[];
      factors: { name: string; from: number | null; to: number | null }[];
    }[];
    expect(byCapture).toHaveLength(changes.length);
    for (const change of byCapture) {
      expect(change.features).toContainEqual({
        name: 'roof_install_year',
        from: 1975,
        to: new Date().getUTCFullYear(),
      });
      const roofAge = change.factors.find((f) => f.name === 'Roof age');
      expect(roofAge!.to! - roofAge!.from!).toBeLessThan(-0.5);
    }
  }, 120_000);
});
