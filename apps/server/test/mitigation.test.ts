import {
  apiKeyCreatedSchema,
  appealChangeResponseSchema,
  appealDetailResponseSchema,
  assessmentResponseSchema,
  draftDetailsResponseSchema,
  whatIfResponseSchema,
} from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { seedWorld } from '../src/world/seed.js';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

const { app, db, url } = await useTestApp();
await seedWorld(url, { properties: 300 });

const PRODUCTS = ['zfire', 'zhail', 'zstorm', 'zwind', 'zproperty', 'appeals'];
const home = await createOrganization(db, { name: 'Mitigation Mutual', products: PRODUCTS });
const foreign = await createOrganization(db, { name: 'Foreign Mutual', products: PRODUCTS });
const hailOnly = await createOrganization(db, { name: 'Hail Only Co', products: ['zhail'] });
const member = await createUser(db, { org: home, role: 'member' });
const reviewer = await createUser(db, { org: home, role: 'admin' });
const foreignAdmin = await createUser(db, { org: foreign, role: 'admin' });
const hailUser = await createUser(db, { org: hailOnly, role: 'admin' });
const H = {
  member: await authHeader(app, member),
  reviewer: await authHeader(app, reviewer),
  foreign: await authHeader(app, foreignAdmin),
  hail: await authHeader(app, hailUser),
};

const BOULDER = '742 Foothill Rd, Boulder, CO 80302';

async function lookup(headers: Record<string, string>, products = 'zfire,zhail,zstorm,zwind') {
  const res = await app.inject({
    method: 'GET',
    url: `/api/caribou/v3/property/assessment/zview?${new URLSearchParams({ location_type: 'address', location: BOULDER, products })}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return assessmentResponseSchema.parse(res.json());
}
const boulder = (await lookup(H.member)).location;
const propertyId = boulder.propertyId!;

const whatIf = (headers: Record<string, string>, query = '', id = propertyId) =>
  app.inject({ method: 'GET', url: `/api/caribou/properties/${encodeURIComponent(id)}/what_if${query}`, headers });

describe('GET /api/caribou/properties/:propertyId/what_if', () => {
  it('lists, per enabled product, the mitigations its model credits with the score each gives', async () => {
    const res = await whatIf(H.member);
    expect(res.statusCode, res.body).toBe(200);
    const body = whatIfResponseSchema.parse(res.json());
    expect(body.products.map((p) => p.product)).toEqual(['zfire', 'zwind', 'zhail', 'zstorm', 'zproperty']);
    const fire = body.products.find((p) => p.product === 'zfire')!;
    const today = (await lookup(H.member)).products.zfire!;
    expect(fire.score).toBe(today.score);
    expect(fire.modelVersion).toBe('zfire-2.4.0');
    const keys = fire.options.map((o) => o.key);
    expect(keys).toContain('ember_resistant_vents');
    expect(keys).toContain('enclosed_eaves');
    expect(fire.options.every((o) => o.credit < 0 && o.score === Math.round((fire.score! + o.credit) * 10) / 10)).toBe(
      true,
    );
    expect(fire.combined!.score).toBeLessThan(Math.min(...fire.options.map((o) => o.score)));
    const hail = body.products.find((p) => p.product === 'zhail')!;
    expect(hail.options.map((o) => o.key)).not.toContain('ember_resistant_vents');
  });

  it('answers only the products asked, refuses one the organisation lacks, and 400/404 for bad input', async () => {
    const one = whatIfResponseSchema.parse((await whatIf(H.member, '?products=zhail')).json());
    expect(one.products.map((p) => p.product)).toEqual(['zhail']);
    expect((await whatIf(H.hail, '?products=zfire')).statusCode).toBe(403);
    expect(whatIfResponseSchema.parse((await whatIf(H.hail)).json()).products.map((p) => p.product)).toEqual(['zhail']);
    expect((await whatIf(H.member, '?products=zbogus')).statusCode).toBe(400);
    expect((await whatIf(H.member, '', 'no such property')).statusCode).toBe(400);
    expect((await whatIf(H.member, '', 'prop-does-not-exist')).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/caribou/properties/${propertyId}/what_if` })).statusCode).toBe(
      401,
    );
  });

  it('is in the OpenAPI document under /api and /v1, and /v1 answers with an API key', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json', headers: H.reviewer })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/caribou/properties/{propertyId}/what_if', '/v1/properties/{propertyId}/what-if']),
    );
    const created = await app.inject({
      method: 'POST',
      url: '/api/user-management/api-keys',
      headers: H.reviewer,
      payload: { name: 'Rating engine' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { key } = apiKeyCreatedSchema.parse(created.json());
    const res = await app.inject({
      method: 'GET',
      url: `/v1/properties/${propertyId}/what-if?products=zfire`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(whatIfResponseSchema.parse(res.json()).products[0]!.options.length).toBeGreaterThan(1);
  });
});

const post = (path: string, headers: Record<string, string>, payload: unknown) =>
  app.inject({ method: 'POST', url: `/api/caribou/appeals/${path}`, headers, payload: payload as object });

describe('a mitigation or feature recorded once applies to every product it touches', () => {
  it('publishing a Z-HAIL appeal of the roof material re-scores Z-FIRE with the same roof, in the audit trail', async () => {
    const subject = { h3Index: boulder.h3Index, propertyId, product: 'zhail' };
    const before = await lookup(H.reviewer);
    const fireBefore = before.products.zfire!;
    const roofBefore = fireBefore.factors.find((f) => f.key === 'roof_material')!.value;
    const material = roofBefore === 'wood_shake' ? 'metal' : 'wood_shake';

    const published = await post('publish_features_modification', H.reviewer, {
      ...subject,
      manualInputs: { roof_material: material },
      reason: 'Re-roofed, invoice attached',
    });
    expect(published.statusCode, published.body).toBe(200);
    const { appeal } = appealChangeResponseSchema.parse(published.json());

    const after = await lookup(H.reviewer);
    expect(after.products.zhail!.factors.find((f) => f.key === 'roof_material')!.value).toBe(material);
    // Before issue 42 Z-FIRE kept the old material here.
    expect(after.products.zfire!.factors.find((f) => f.key === 'roof_material')!.value).toBe(material);
    expect(after.products.zfire!.amendedByAppeal?.appealId).toBe(appeal.id);
    expect(after.products.zfire!.score).not.toBe(fireBefore.score);
    // The fire appeal panel shows the material as published.
    const fireDetails = draftDetailsResponseSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/caribou/appeals/draft_details?${new URLSearchParams({ ...subject, product: 'zfire' })}`,
          headers: H.reviewer,
        })
      ).json(),
    );
    expect(fireDetails.features.find((f) => f.key === 'roof_material')!.published).toBe(material);

    const detail = appealDetailResponseSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/caribou/appeals/${appeal.id}`, headers: H.reviewer })).json(),
    );
    const rescored = detail.timeline.filter((e) => e.action === 'rescored').map((e) => e.details.product);
    expect(rescored).toEqual(expect.arrayContaining(['zfire', 'zfire|prefill', 'zwind']));
    expect(rescored).not.toContain('zstorm'); // its model does not read the roof material
    // Another organisation's view is untouched.
    const theirs = await lookup(H.foreign);
    expect(theirs.products.zfire!.amendedByAppeal).toBeUndefined();
    expect(theirs.products.zfire!.factors.find((f) => f.key === 'roof_material')!.value).toBe(roofBefore);
  });

  it('records a wind mitigation through the appeal path and the what-if stops offering it', async () => {
    const subject = { h3Index: boulder.h3Index, propertyId, product: 'zwind' };
    const offered = whatIfResponseSchema.parse((await whatIf(H.reviewer, '?products=zwind,zstorm')).json());
    expect(offered.products[0]!.options.map((o) => o.key)).toContain('roof_to_wall_connections');
    const res = await post('publish_features_modification', H.reviewer, {
      ...subject,
      manualInputs: { roof_to_wall_connections: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const now = whatIfResponseSchema.parse((await whatIf(H.reviewer, '?products=zwind,zstorm')).json());
    for (const product of now.products)
      expect(product.options.map((o) => o.key)).not.toContain('roof_to_wall_connections');
    const scores = await lookup(H.reviewer);
    expect(scores.products.zwind!.factors.find((f) => f.key === 'wind_mitigation')!.value).toBe(1);
    // Z-STORM credits roof-to-wall connections too: re-scored by the same publication.
    expect(scores.products.zstorm!.factors.find((f) => f.key === 'storm_mitigation')!.value).toBe(1);
    // A mitigation a model does not read is refused for it.
    const wrong = await post('recalculate', H.member, {
      ...subject,
      product: 'zhail',
      manualInputs: { roof_to_wall_connections: true },
    });
    expect(wrong.statusCode).toBe(400);
  });
});
