import {
  appealChangeResponseSchema,
  appealDetailResponseSchema,
  appealListResponseSchema,
  assessmentResponseSchema,
  draftDetailsResponseSchema,
  recalculateResponseSchema,
  type AppealStatus,
} from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { startAppealExpiryWorker } from '../src/jobs/appeal-jobs.js';
import { JobQueue } from '../src/jobs/queue.js';
import { applyManualInputs } from '../src/domain/appeals/features.js';
import { expireOverdue } from '../src/domain/appeals/service.js';
import { TRANSITIONS } from '../src/domain/appeals/state-machine.js';
import { loadPropertyFeatures, hazardOfProperty, findPropertyById } from '../src/domain/property/load.js';
import { scoreProduct } from '../src/domain/risk/index.js';
import { seedWorld } from '../src/world/seed.js';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

const { app, db, url } = await useTestApp();
await seedWorld(url, { properties: 300 });

const PRODUCTS = [
  'zfire',
  'zhail',
  'zstorm',
  'zwind',
  'zwater',
  'zproperty',
  'roof_age',
  'zproperty-historical_look_back',
];
const home = await createOrganization(db, { name: 'Appeals Mutual', products: [...PRODUCTS, 'appeals'] });
const foreign = await createOrganization(db, { name: 'Foreign Appeals Co', products: [...PRODUCTS, 'appeals'] });
const noAppeals = await createOrganization(db, { name: 'No Appeals Co', products: PRODUCTS });
const member = await createUser(db, { org: home, role: 'member' });
const colleague = await createUser(db, { org: home, role: 'member' });
const reviewer = await createUser(db, { org: home, role: 'admin' });
const foreignAdmin = await createUser(db, { org: foreign, role: 'admin' });
const plainUser = await createUser(db, { org: noAppeals, role: 'admin' });
const H = {
  member: await authHeader(app, member),
  colleague: await authHeader(app, colleague),
  reviewer: await authHeader(app, reviewer),
  foreign: await authHeader(app, foreignAdmin),
  plain: await authHeader(app, plainUser),
};

const WICHITA = '1427 Wheatland Ave, Wichita, KS 67203';
const AMARILLO = '3300 Mesquite Ln, Amarillo, TX 79106';

async function lookup(headers: Record<string, string>, location: string, extra: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/caribou/v3/property/assessment/zview?${new URLSearchParams({ location_type: 'address', location, products: 'zhail,zproperty', ...extra })}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return assessmentResponseSchema.parse(res.json());
}

const wichita = (await lookup(H.member, WICHITA)).location;
const amarillo = (await lookup(H.member, AMARILLO)).location;
const subjectOf = (loc: typeof wichita, product = 'zhail') => ({
  h3Index: loc.h3Index,
  propertyId: loc.propertyId!,
  product,
});
const W = subjectOf(wichita);

const post = (path: string, headers: Record<string, string>, payload: unknown) =>
  app.inject({ method: 'POST', url: `/api/caribou/appeals/${path}`, headers, payload: payload as object });
const get = (path: string, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: `/api/caribou/appeals${path}`, headers });

/** A roof material the property does not have (so the score moves). */
async function otherMaterial(propertyId: string): Promise<string> {
  const features = await loadPropertyFeatures(db, propertyId);
  const current = features!.buildings.sort((a, b) => a.rank - b.rank)[0]!.roofMaterial;
  return current === 'metal' ? 'wood_shake' : 'metal';
}

describe('manual inputs are validated against each feature of the model', () => {
  const bad: [string, unknown, RegExp][] = [
    ['roof material not in the list', { roof_material: 'straw' }, /roof_material: must be one of .*metal/],
    ['unknown is not a claim', { roof_material: 'unknown' }, /roof_material: must be one of/],
    ['year before 1800', { roof_install_year: 1799 }, /roof_install_year: must be between 1800 and/],
    [
      'year after next year',
      { roof_install_year: new Date().getUTCFullYear() + 2 },
      /roof_install_year: must be between/,
    ],
    ['year not whole', { roof_install_year: 2001.5 }, /whole number/],
    ['feature another model has', { defensible_space: 30 }, /defensible_space: not a feature of the zhail model/],
    ['string for a year', { roof_install_year: '2001' }, /must be a number/],
    ['boolean wrong type', { solar_panels: 'yes' }, /true or false/],
  ];
  for (const [name, manualInputs, message] of bad) {
    it(`refuses ${name}`, async () => {
      const res = await post('recalculate', H.member, { ...W, manualInputs });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toMatch(message);
    });
  }

  it('refuses a negative distance and accepts zero (zwater distance to water)', async () => {
    const neg = await post('recalculate', H.member, {
      ...subjectOf(wichita, 'zwater'),
      manualInputs: { distance_to_water: -1 },
    });
    expect(neg.statusCode).toBe(400);
    expect(neg.json().error.message).toMatch(/distance_to_water: must be between 0 and/);
    const zero = await post('recalculate', H.member, {
      ...subjectOf(wichita, 'zwater'),
      manualInputs: { distance_to_water: 0 },
    });
    expect(zero.statusCode, zero.body).toBe(200);
  });

  it('refuses malformed requests with 400, never 500', async () => {
    for (const payload of [
      { ...W, manualInputs: { roof_material: 'metal' }, reason: 'bad\u0000reason' },
      { ...W, h3Index: 'nope', manualInputs: {} },
      { ...W, product: 'zcrystal', manualInputs: {} },
      { ...W, manualInputs: { roof_material: 1e308 * 10 } },
      { ...W, manualInputs: 'roof' },
      { ...W, propertyId: "x'; DROP TABLE appeals; --", manualInputs: {} },
    ]) {
      const res = await post('features_modification', H.member, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const res = await post('recalculate', H.member, { ...W, propertyId: 'p-does-not-exist', manualInputs: {} });
    expect(res.statusCode).toBe(404);
  });

  it('lists the model features with their current values and domains', async () => {
    const res = await get(`/draft_details?${new URLSearchParams({ ...W, featureName: 'roof_material' })}`, H.member);
    expect(res.statusCode, res.body).toBe(200);
    const body = draftDetailsResponseSchema.parse(res.json());
    const roof = body.features.find((f) => f.key === 'roof_material')!;
    expect(roof.domain).toEqual({
      kind: 'category',
      values: expect.arrayContaining(['metal', 'asphalt_shingle', 'wood_shake']),
    });
    expect(roof.domain.kind === 'category' && roof.domain.values).not.toContain('unknown');
    expect(body.features.find((f) => f.key === 'roof_install_year')!.domain).toEqual({
      kind: 'number',
      min: 1800,
      max: new Date().getUTCFullYear() + 1,
      integer: true,
    });
    expect(body.features.map((f) => f.key)).not.toContain('defensible_space');
  });
});

describe('recalculate', () => {
  it('equals the versioned model run on the changed features, and stores nothing', async () => {
    const material = await otherMaterial(W.propertyId);
    const res = await post('recalculate', H.member, {
      ...W,
      featureName: 'roof_material',
      manualInputs: { roof_material: material, roof_install_year: 2020 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = recalculateResponseSchema.parse(res.json());

    const features = (await loadPropertyFeatures(db, W.propertyId))!;
    const hazard = hazardOfProperty((await findPropertyById(db, W.propertyId))!);
    const asOf = new Date(`${features.asOf}T00:00:00Z`);
    const expected = scoreProduct(
      'zhail',
      applyManualInputs('zhail', features, { roof_material: material, roof_install_year: 2020 }),
      hazard,
      asOf,
    );
    expect(body.recalculated).toEqual(expected);
    expect(body.current).toEqual(scoreProduct('zhail', features, hazard, asOf));
    expect(body.recalculated.factors.find((f) => f.key === 'roof_material')!.value).toBe(material);
    expect(body.recalculated.score).not.toBe(body.current.score);
    // The current score is the lookup's.
    const looked = await lookup(H.member, WICHITA);
    expect(body.current.score).toBe(looked.products.zhail!.score);
    expect(await db.selectFrom('appeals').select('id').where('organization_id', '=', home.id).execute()).toEqual([]);
  });
});

type Ref = { appealId: number };
const input = (subject: typeof W, manualInputs: Record<string, unknown> = { fortified: 'roof' }) => ({
  ...subject,
  featureName: Object.keys(manualInputs)[0],
  manualInputs,
  reason: 'Roof replaced in 2023, see receipt.',
});

/** Brings the appeal of `subject` into `state` (from no open appeal); returns its id. */
async function appealIn(state: AppealStatus, subject: typeof W): Promise<number> {
  const draft = await post('features_modification', H.member, input(subject));
  expect(draft.statusCode, draft.body).toBe(200);
  const id = appealChangeResponseSchema.parse(draft.json()).appeal.id;
  const step = async (path: string, headers: Record<string, string>) => {
    const res = await post(path, headers, { appealId: id });
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  };
  if (state === 'draft') return id;
  if (state === 'reverted') return (await step('revert_draft', H.member), id);
  if (state === 'expired') return (await step('expire', H.reviewer), id);
  if (state === 'accepted') {
    const res = await post('publish_features_modification', H.reviewer, input(subject));
    expect(res.statusCode, res.body).toBe(200);
    return id;
  }
  await step('push_draft', H.member);
  if (state === 'submitted') return id;
  if (state === 'rejected') return (await step('reject', H.reviewer), id);
  await step('review', H.reviewer);
  return id;
}

/** Closes whatever appeal of the subject is still open, so the next case starts from none. */
async function closeOpen(subject: typeof W) {
  const res = await post('expire', H.reviewer, { propertyId: subject.propertyId, product: subject.product });
  expect([200, 404]).toContain(res.statusCode);
}

describe('every transition, allowed and refused', () => {
  const STATES: AppealStatus[] = ['draft', 'submitted', 'under_review', 'accepted', 'rejected', 'reverted', 'expired'];
  const S = subjectOf(amarillo, 'zwind');
  const byRef = {
    revert_draft: 'revert_draft',
    push_draft: 'push_draft',
    review: 'review',
    reject: 'reject',
    expire: 'expire',
  } as const;
  for (const [name, path] of Object.entries(byRef)) {
    for (const state of STATES) {
      const allowed = (TRANSITIONS[name as keyof typeof byRef].from as readonly (string | null)[]).includes(state);
      it(`${name} from ${state}: ${allowed ? 'allowed' : '409'}`, async () => {
        const id = await appealIn(state, S);
        const headers = name === 'revert_draft' || name === 'push_draft' ? H.member : H.reviewer;
        const res = await post(path, headers, { appealId: id } satisfies Ref);
        if (allowed) {
          expect(res.statusCode, res.body).toBe(200);
          expect(appealChangeResponseSchema.parse(res.json()).appeal.status).toBe(
            TRANSITIONS[name as keyof typeof byRef].to,
          );
        } else {
          expect(res.statusCode, res.body).toBe(409);
          expect(res.json().error.message).toMatch(/^This appeal is .*: it cannot be .* \(only when .*\)\.$/);
        }
        await closeOpen(S);
      });
    }
  }
  const withInputs = {
    save_draft: 'features_modification',
    push_appeal: 'push_appeal',
    publish: 'publish_features_modification',
  } as const;
  for (const [name, path] of Object.entries(withInputs)) {
    for (const state of [null, 'draft', 'submitted', 'under_review'] as const) {
      const allowed = (TRANSITIONS[name as keyof typeof withInputs].from as readonly (string | null)[]).includes(state);
      it(`${name} from ${state ?? 'no open appeal'}: ${allowed ? 'allowed' : '409'}`, async () => {
        if (state) await appealIn(state, S);
        const res = await post(path, name === 'publish' ? H.reviewer : H.member, input(S, { fortified: 'silver' }));
        if (allowed) {
          expect(res.statusCode, res.body).toBe(200);
          expect(appealChangeResponseSchema.parse(res.json()).appeal.status).toBe(
            TRANSITIONS[name as keyof typeof withInputs].to,
          );
        } else {
          expect(res.statusCode, res.body).toBe(409);
          expect(res.json().error.message).toMatch(/cannot be edited|cannot be submitted/);
        }
        await closeOpen(S);
      });
    }
  }

  it('refuses review decisions to ordinary users (403) and a draft revert to someone else', async () => {
    const id = await appealIn('submitted', S);
    for (const path of ['review', 'reject', 'expire'])
      expect((await post(path, H.member, { appealId: id })).statusCode).toBe(403);
    expect((await post('publish_features_modification', H.member, input(S))).statusCode).toBe(403);
    expect((await get('/audit.csv', H.member)).statusCode).toBe(403);
    await closeOpen(S);
    const draft = await appealIn('draft', S);
    const res = await post('revert_draft', H.colleague, { appealId: draft });
    expect(res.statusCode).toBe(403);
    await closeOpen(S);
  });

  it('refuses everything to an organisation without the appeals feature', async () => {
    expect((await get(`/draft_details?${new URLSearchParams(S)}`, H.plain)).statusCode).toBe(403);
    expect((await post('recalculate', H.plain, input(S))).statusCode).toBe(403);
    expect((await get('', H.plain)).statusCode).toBe(403);
  });

  it('keeps one open appeal per property and product and records every step in the timeline', async () => {
    const id = await appealIn('under_review', S);
    const again = await post('features_modification', H.colleague, input(S));
    expect(again.statusCode).toBe(409);
    await post('reject', H.reviewer, { appealId: id, note: 'Receipt is for another address.' });
    const detail = appealDetailResponseSchema.parse((await get(`/${id}`, H.member)).json());
    expect(detail.timeline.map((e) => e.action)).toEqual(['created', 'submitted', 'review_started', 'rejected']);
    expect(detail.timeline.at(-1)!.details).toEqual({ note: 'Receipt is for another address.' });
    expect(detail.appeal.assignee?.email).toBe(reviewer.email);
  });
});

describe('publishing', () => {
  it('changes the next lookup’s score for the organisation only, and leaves the old version in look-back', async () => {
    const before = await lookup(H.member, WICHITA);
    const foreignBefore = await lookup(H.foreign, WICHITA);
    const material = await otherMaterial(W.propertyId);
    const recalculated = recalculateResponseSchema.parse(
      (await post('recalculate', H.member, input(W, { roof_material: material }))).json(),
    ).recalculated;

    const res = await post('publish_features_modification', H.reviewer, input(W, { roof_material: material }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().version).toBe(1);

    const after = await lookup(H.member, WICHITA);
    expect(after.products.zhail!.score).toBe(recalculated.score);
    expect(after.products.zhail!.score).not.toBe(before.products.zhail!.score);
    expect(after.products.zhail!.amendedByAppeal).toMatchObject({ version: 1 });
    expect(after.products.zhail!.amendedByAppeal!.publishedAt.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
    expect(after.products.zproperty).toEqual(before.products.zproperty);
    // Another organisation's view of the same property is untouched.
    expect((await lookup(H.foreign, WICHITA)).products.zhail).toEqual(foreignBefore.products.zhail);

    // Look-back to an earlier imagery date: the score as it was, not amended.
    const earlier = before.availableDates.find((d) => d < before.asOf)!;
    const then = await lookup(H.member, WICHITA, { as_of: earlier });
    expect(then.products.zhail!.amendedByAppeal).toBeUndefined();

    // A second appeal publishes version 2; version 1 stays listed.
    const second = await post('publish_features_modification', H.reviewer, input(W, { roof_condition: 'poor' }));
    expect(second.json().version).toBe(2);
    const details = draftDetailsResponseSchema.parse(
      (await get(`/draft_details?${new URLSearchParams(W)}`, H.member)).json(),
    );
    expect(details.versions.map((v) => v.version)).toEqual([1, 2]);
    expect(details.versions[1]!.manualInputs).toEqual({ roof_material: material, roof_condition: 'poor' });
    expect(details.current.amendedByAppeal?.version).toBe(2);
    expect(details.features.find((f) => f.key === 'roof_material')!.published).toBe(material);
    const latest = await lookup(H.member, WICHITA);
    expect(latest.products.zhail!.amendedByAppeal?.version).toBe(2);
  });
});

describe('another organisation', () => {
  it('cannot reach our appeals, evidence or audit trail', async () => {
    const S = subjectOf(amarillo, 'zhail');
    const id = await appealIn('draft', S);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const upload = await uploadEvidence(id, H.member, png, 'roof.png', 'image/png');
    expect(upload.statusCode, upload.body).toBe(201);
    const evidenceId = upload.json().evidence.id as number;

    expect((await get(`/${id}`, H.foreign)).statusCode).toBe(404);
    expect((await get(`/${id}/evidence/${evidenceId}`, H.foreign)).statusCode).toBe(404);
    for (const path of ['push_draft', 'revert_draft', 'expire', 'review'])
      expect((await post(path, H.foreign, { appealId: id })).statusCode, path).toBe(404);
    expect((await uploadEvidence(id, H.foreign, png, 'x.png', 'image/png')).statusCode).toBe(404);
    const list = appealListResponseSchema.parse((await get('', H.foreign)).json());
    expect(list.results.map((a) => a.id)).not.toContain(id);
    const details = draftDetailsResponseSchema.parse(
      (await get(`/draft_details?${new URLSearchParams(S)}`, H.foreign)).json(),
    );
    expect(details.appeal).toBeNull();
    expect((await get('/audit.csv', H.foreign)).body).not.toContain(S.propertyId);
    await closeOpen(S);
  });
});

function uploadEvidence(id: number, headers: Record<string, string>, data: Buffer, name: string, type: string) {
  const boundary = '----appeal-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: `/api/caribou/appeals/${id}/evidence`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

describe('evidence', () => {
  it('answers 400, not 500, for a multipart body without a boundary or cut before its closing boundary', async () => {
    const id = await appealIn('draft', subjectOf(wichita, 'zstorm'));
    const noBoundary = await app.inject({
      method: 'POST',
      url: `/api/caribou/appeals/${id}/evidence`,
      headers: { ...H.member, 'content-type': 'multipart/form-data' },
      payload: 'whatever',
    });
    expect(noBoundary.statusCode, noBoundary.body).toBe(400);
    const boundary = '----cut';
    const truncated = await app.inject({
      method: 'POST',
      url: `/api/caribou/appeals/${id}/evidence`,
      headers: { ...H.member, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 cut`,
    });
    expect(truncated.statusCode, truncated.body).toBe(400);
  });

  it('stores photos and PDFs, refuses other types, oversize files, and closed appeals', async () => {
    const S = subjectOf(wichita, 'zwind');
    const id = await appealIn('draft', S);
    const pdf = Buffer.from('%PDF-1.4\n% receipt\n');
    const ok = await uploadEvidence(id, H.member, pdf, 'receipt.pdf', 'application/pdf');
    expect(ok.statusCode, ok.body).toBe(201);
    const back = await get(`/${id}/evidence/${ok.json().evidence.id}`, H.member);
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('application/pdf');
    expect(back.rawPayload.equals(pdf)).toBe(true);

    const text = await uploadEvidence(id, H.member, Buffer.from('not a photo'), 'photo.jpg', 'image/jpeg');
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toMatch(/photo \(JPEG, PNG, WebP\) or a PDF/);
    const big = await uploadEvidence(
      id,
      H.member,
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(10 * 1024 * 1024 + 10)]),
      'big.jpg',
      'image/jpeg',
    );
    expect(big.statusCode).toBe(413);

    await post('expire', H.reviewer, { appealId: id });
    const closed = await uploadEvidence(id, H.member, pdf, 'late.pdf', 'application/pdf');
    expect(closed.statusCode).toBe(409);
    const detail = appealDetailResponseSchema.parse((await get(`/${id}`, H.member)).json());
    expect(detail.evidence.map((e) => e.fileName)).toEqual(['receipt.pdf']);
    expect(detail.timeline.map((e) => e.action)).toEqual(['created', 'evidence_added', 'expired']);
  });
});

describe('deadlines and expiry', () => {
  it('gives each appeal the organisation’s deadline (default 30 days), flags it overdue, and expires it by the scheduled job', async () => {
    const S = subjectOf(wichita, 'zstorm');
    expect((await get('/settings', H.member)).json()).toEqual({ deadlineDays: 30 });
    const first = await appealIn('submitted', S);
    const detail = appealDetailResponseSchema.parse((await get(`/${first}`, H.member)).json());
    expect(Date.parse(detail.appeal.deadlineAt) - Date.parse(detail.appeal.openedAt)).toBeCloseTo(30 * 86_400_000, -4);
    expect(detail.appeal.overdue).toBe(false);
    await closeOpen(S);

    expect(
      (
        await app.inject({
          method: 'PUT',
          url: '/api/caribou/appeals/settings',
          headers: H.member,
          payload: { deadlineDays: 5 },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: '/api/caribou/appeals/settings',
          headers: H.reviewer,
          payload: { deadlineDays: 0 },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: '/api/caribou/appeals/settings',
          headers: H.reviewer,
          payload: { deadlineDays: 5 },
        })
      ).statusCode,
    ).toBe(200);
    const id = await appealIn('under_review', S);
    const five = appealDetailResponseSchema.parse((await get(`/${id}`, H.member)).json()).appeal;
    expect(Date.parse(five.deadlineAt) - Date.parse(five.openedAt)).toBeCloseTo(5 * 86_400_000, -4);

    // Nothing is due yet.
    expect(await expireOverdue(db, new Date(Date.now() + 4 * 86_400_000))).toBe(0);
    // The deadline passes: listed as overdue, then the queue's sweep expires it.
    await db
      .updateTable('appeals')
      .set({ deadline_at: new Date(Date.now() - 60_000) })
      .where('id', '=', id)
      .execute();
    const overdue = appealListResponseSchema.parse((await get('?overdue=true', H.member)).json());
    expect(overdue.results.map((a) => a.id)).toEqual([id]);

    const queue = new JobQueue(db, { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 });
    const stop = await startAppealExpiryWorker(db, queue);
    try {
      const deadline = Date.now() + 20_000;
      let status = '';
      while (Date.now() < deadline) {
        status = (await db.selectFrom('appeals').select('status').where('id', '=', id).executeTakeFirstOrThrow())
          .status;
        if (status === 'expired') break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(status).toBe('expired');
    } finally {
      stop();
      await queue.stop();
    }
    const timeline = appealDetailResponseSchema.parse((await get(`/${id}`, H.member)).json()).timeline;
    expect(timeline.at(-1)).toMatchObject({
      action: 'expired',
      fromStatus: 'under_review',
      toStatus: 'expired',
      actor: null,
      details: { reason: 'deadline' },
    });
    await app.inject({
      method: 'PUT',
      url: '/api/caribou/appeals/settings',
      headers: H.reviewer,
      payload: { deadlineDays: 30 },
    });
  }, 40_000);
});

describe('audit trail export', () => {
  it('exports every action as CSV per organisation and per property', async () => {
    const all = await get('/audit.csv', H.reviewer);
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toMatch(/^text\/csv/);
    const lines = all.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'at,appeal_id,property_id,product,action,from_status,to_status,actor_email,actor_name,details',
    );
    expect(all.body).toContain(amarillo.propertyId!);
    expect(all.body).toContain(',published,');
    const count = await db
      .selectFrom('appeal_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', home.id)
      .executeTakeFirstOrThrow();
    expect(lines.length - 1).toBe(Number(count.n));

    const one = await get(`/audit.csv?propertyId=${encodeURIComponent(W.propertyId)}`, H.reviewer);
    expect(one.headers['content-disposition']).toContain('appeals_audit_');
    const rows = one.body.trim().split('\r\n').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.split(',')[2] === W.propertyId)).toBe(true);
  });
});
