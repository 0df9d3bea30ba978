import { parse } from 'csv-parse/sync';
import { assessmentResponseSchema } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { loadPropertyFeatures } from '../../src/domain/property/load.js';
import { authHeader, createOrganization, createUser } from '../factories.js';
import { usePortfolioTestApp, waitFor } from './app.js';
import { portfolioSteps, type Headers } from './steps.js';

// Published appeal versions in portfolio runs (issue 16): the real geocoder and models on a small world.
const { app, db } = await usePortfolioTestApp({ chunkSize: 2, realEngines: { properties: 300 } });

const PRODUCTS = ['zfire', 'zfire-portfolio', 'zhail', 'zhail-portfolio', 'appeals'];

async function orgWithPeople(name: string) {
  const org = await createOrganization(db, { name, products: PRODUCTS });
  const member = await createUser(db, { org, role: 'member' });
  const reviewer = await createUser(db, { org, role: 'admin' });
  return { org, member: await authHeader(app, member), reviewer: await authHeader(app, reviewer) };
}

const createPortfolio = (headers: Headers, csv: string) =>
  portfolioSteps(app).createPortfolio(headers, csv, { products: 'zhail' });

async function readyRuns(headers: Headers, id: number, runs: number) {
  return waitFor(
    async () => {
      const meta = (await app.inject({ method: 'GET', url: `/api/caribou/portfolio/${id}/metadata`, headers })).json();
      const product = meta.products.find((p: { product: string }) => p.product === 'zhail');
      return product.status === 'READY' && product.runs.length === runs ? product.runs : null;
    },
    90_000,
    `run ${runs} READY`,
  );
}

async function rows(headers: Headers, id: number) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/caribou/portfolio/${id}/properties?product=zhail&itemsPerPage=50`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (
    res.json().properties as {
      ref: string;
      score: number;
      riskLevel: string;
      modelVersion: string;
      topFactors: unknown[];
    }[]
  ).sort((a, b) => a.ref.localeCompare(b.ref));
}

async function rerun(headers: Headers, id: number, runs: number) {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/caribou/portfolio/${id}/product/zhail/rerun_portfolio`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(202);
  return readyRuns(headers, id, runs);
}

describe('portfolio runs use the organisation’s published appeal versions', () => {
  it('a rerun after publishing carries the published version on that row only, in this organisation only, and in the export', async () => {
    const home = await orgWithPeople('Appeal Book Mutual');
    const foreign = await orgWithPeople('Other Book Co');
    const properties = await db.selectFrom('properties').select(['id', 'lat', 'lng']).orderBy('id').limit(3).execute();
    const csv = `Ref,Latitude,Longitude\n${properties.map((p, i) => `P${i + 1},${p.lat},${p.lng}`).join('\n')}\n`;
    const mine = await createPortfolio(home.member, csv);
    const theirs = await createPortfolio(foreign.member, csv);
    await readyRuns(home.member, mine, 1);
    await readyRuns(foreign.member, theirs, 1);
    const before = await rows(home.member, mine);
    const foreignBefore = await rows(foreign.member, theirs);
    expect(before.map((r) => r.ref)).toEqual(['P1', 'P2', 'P3']);
    expect(before.every((r) => r.score >= 1)).toBe(true);

    // Publish an appeal on P1's property: a roof material it does not have.
    const target = properties[0]!;
    const lookup = await app.inject({
      method: 'GET',
      url: `/api/caribou/v3/property/assessment/zview?${new URLSearchParams({ location_type: 'coordinates', location: `${target.lng},${target.lat}`, products: 'zhail' })}`,
      headers: home.member,
    });
    expect(lookup.statusCode, lookup.body).toBe(200);
    const location = assessmentResponseSchema.parse(lookup.json()).location;
    expect(location.propertyId).toBe(target.id);
    const features = await loadPropertyFeatures(db, target.id);
    const material =
      features!.buildings.sort((a, b) => a.rank - b.rank)[0]!.roofMaterial === 'metal' ? 'wood_shake' : 'metal';
    const published = await app.inject({
      method: 'POST',
      url: '/api/caribou/appeals/publish_features_modification',
      headers: home.reviewer,
      payload: {
        h3Index: location.h3Index,
        propertyId: target.id,
        product: 'zhail',
        featureName: 'roof_material',
        manualInputs: { roof_material: material },
        reason: 'Roof replaced.',
      },
    });
    expect(published.statusCode, published.body).toBe(200);
    const amended = assessmentResponseSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/caribou/v3/property/assessment/zview?${new URLSearchParams({ location_type: 'coordinates', location: `${target.lng},${target.lat}`, products: 'zhail' })}`,
          headers: home.member,
        })
      ).json(),
    ).products.zhail!;
    expect(amended.amendedByAppeal?.version).toBe(1);
    expect(amended.score).not.toBe(before[0]!.score);

    // Rerun: P1 carries the published version (as the lookup shows it), P2 and P3 are unchanged.
    const runs = await rerun(home.member, mine, 2);
    expect(runs[1].changedCount).toBe(1);
    const after = await rows(home.member, mine);
    expect(after[0]).toMatchObject({ ref: 'P1', score: amended.score, riskLevel: amended.riskLevel });
    const today = new Date().toISOString().slice(0, 10);
    expect(after[0]!.modelVersion).toBe(`${amended.modelVersion} (Amended by appeal v1, ${today})`);
    expect(after[0]!.topFactors.length).toBeGreaterThan(0);
    expect(after.slice(1)).toEqual(before.slice(1));

    // The export carries the amended score and the mark.
    const choice = await app.inject({
      method: 'PUT',
      url: `/api/caribou/portfolio/${mine}/product/zhail/export`,
      headers: home.member,
      payload: { data: { columns: ['Ref', 'score', 'risk_level', 'model_version'] } },
    });
    expect(choice.statusCode, choice.body).toBe(200);
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/caribou/portfolio/${mine}/product/zhail/update_export`,
          headers: home.member,
        })
      ).statusCode,
    ).toBe(200);
    const exported = parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/caribou/portfolio/${mine}/product/zhail/export`,
          headers: home.member,
        })
      ).rawPayload,
      { bom: true },
    ) as string[][];
    expect(exported[0]).toEqual(['Ref', 'score', 'risk_level', 'model_version']);
    expect(exported[1]).toEqual([
      'P1',
      String(amended.score),
      amended.riskLevel,
      `${amended.modelVersion} (Amended by appeal v1, ${today})`,
    ]);
    expect(exported[2]![1]).toBe(String(before[1]!.score));

    // Another organisation's portfolio of the same properties: its rerun ignores our appeal.
    await rerun(foreign.member, theirs, 2);
    expect(await rows(foreign.member, theirs)).toEqual(foreignBefore);
  }, 180_000);
});
