import {
  apiKeyCreatedSchema,
  assessmentResponseSchema,
  capitalize,
  toYYYYMMDD,
  noticeTextsResponseSchema,
  whatIfResponseSchema,
  RISK_LEVEL_LABELS,
} from '@zview/contracts';
import { sql } from 'kysely';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOULDER_ADDRESS, useAppealWorld } from './appeal-world.js';
import { authHeader, createOrganization, createUser } from './factories.js';
import { unzipFiles } from './portfolio/unzip.js';
import { inkOf, pdfText, renderPdfPage } from './support/pdf.js';

const world = await useAppealWorld({
  home: 'Notice Mutual',
  foreign: 'Foreign Notice Co',
  extraProducts: ['zfire-portfolio'],
});
const { app, db, home, member: homeMember } = world;
const hailOnly = await createOrganization(db, { name: 'Hail Notice Co', products: ['zhail'] });
const H = { ...world.headers, hail: await authHeader(app, await createUser(db, { org: hailOnly, role: 'admin' })) };
const boulderLocation = world.boulder;
const boulder = boulderLocation.propertyId!;
const paradise = world.paradise.propertyId!;

const notice = (headers: Record<string, string>, id: string, query = '?product=zfire') =>
  app.inject({ method: 'GET', url: `/api/caribou/properties/${encodeURIComponent(id)}/notice.pdf${query}`, headers });

async function noticeText(headers: Record<string, string>, id: string, query?: string) {
  const res = await notice(headers, id, query);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return { res, ...(await pdfText(res.rawPayload)) };
}

/** A day as the documents write it, e.g. 'November 29, 2026' (never 2026-11-29). */
const LONG_DATE = String.raw`(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}`;
const ISO_DAY = /\b\d{4}-\d{2}-\d{2}\b/;
/** A raw unit or key as the data spells it: '13 %', '2.4 deg', '4080 ft', 'asphalt_shingle'. */
const RAW_WORDING = [/\d %/, /\d deg\b/, /\b\d{4,}(\.\d+)? (ft|mi|acres|sqft)\b/, /\b[a-z]+_[a-z_]+\b/];
const today = () => toYYYYMMDD(new Date());

const fireWhatIf = async (headers: Record<string, string>, id: string) =>
  whatIfResponseSchema.parse(
    (await app.inject({ method: 'GET', url: `/api/caribou/properties/${id}/what_if?products=zfire`, headers })).json(),
  ).products[0]!;

describe('GET /api/caribou/properties/:propertyId/notice.pdf', () => {
  it('explains a Colorado Z-FIRE score in plain language, with the what-if and HB25-1182 deadlines', async () => {
    const { res, text, pages } = await noticeText(H.member, boulder);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Z_FIRE_score_notice_742_Foothill_Rd_Boulder_CO_80302_${today()}.pdf"`,
    );
    expect(pages).toBeGreaterThanOrEqual(1);
    const fire = await fireWhatIf(H.member, boulder);
    expect(fire.options.length).toBeGreaterThanOrEqual(2);
    expect(text).toContain('Wildfire and property risk score notice (Colorado)');
    expect(text).toContain(
      `Your Z-FIRE score is ${fire.score!.toFixed(1)} on a scale from 1 (lowest risk) to 10 (highest risk). Its risk level is ${fire.riskLevel}.`,
    );
    expect(text).toContain('Low 1.0 to 3.9, medium 4.0 to 6.9, high 7.0 to 10.0.');
    expect(text).toContain('zfire-2.4.0');
    expect(text).toMatch(/Confidence (Low|Medium|High) \(\d+%\)/); // as the property view writes it
    // The badge's level as the score cards' chip writes it.
    expect(text).toMatch(/\b(Low|Medium|High) risk\b/);
    expect(text).not.toMatch(/\b(low|medium|high) risk\b/);
    expect(text).toContain('Why this score: the main features behind it');
    expect(text).toMatch(/(raises|lowers) the score by \d+\.\d points?/);
    expect(text).toContain('What would lower this score');
    for (const option of fire.options)
      expect(text).toContain(
        `${option.name} would lower the score by ${Math.abs(option.credit).toFixed(1)} point${Math.abs(option.credit) === 1 ? '' : 's'}, to ${option.score.toFixed(1)}`,
      );
    expect(text).toContain(`All ${fire.options.length} together would lower it by`);
    // The change in prose: no arrow (the PDF font has none) to be spelled '->' and split over lines.
    expect(text).toMatch(/Defensible space: from \d+ ft to 100 ft\./);
    expect(text).toContain('Class A fire-rated roof: from not on record to in place.');
    expect(text).not.toMatch(/->|- >|→/);
    expect(text).toContain('HB25-1182');
    expect(text).toContain('We acknowledge your appeal within 10 calendar days of receiving it.');
    expect(text).toContain('We decide your appeal within 30 calendar days of receiving it.');
    expect(text).toContain('we re-score your property within 30 calendar days.');
    expect(text).toContain('Notice Mutual');
    expect(text).not.toContain('10 CCR 2644.9');
    // Worded as the screens write it: long dates, labels, '52%', '8.9°'.
    expect(text).toMatch(new RegExp(`Notice Mutual · issued ${LONG_DATE}`));
    expect(text).toMatch(new RegExp(`Scored as of ${LONG_DATE}`));
    expect(text).toMatch(/Regional wildfire hazard \(\d+%\)/);
    expect(text).toMatch(/Slope \(\d+(\.\d+)?°\)/);
    expect(text).toContain('Roof material (Asphalt shingle)');
    expect(text).not.toMatch(ISO_DAY);
    for (const raw of RAW_WORDING) expect(text).not.toMatch(raw);
  });

  it('renders pages that are not blank (pdf.js to PNG)', async () => {
    const res = await notice(H.member, boulder);
    const png = await renderPdfPage(res.rawPayload, 1);
    if (process.env.NOTICE_PNG) writeFileSync(process.env.NOTICE_PNG, png);
    const ink = await inkOf(png);
    expect(ink.inked).toBeGreaterThan(0.02);
    expect(ink.colours).toBeGreaterThan(3); // text and the coloured level badge
  });

  it('uses the California template with the 10 CCR 2644.9 list there, and the organisation’s days', async () => {
    const put = await app.inject({
      method: 'PUT',
      url: '/api/caribou/appeals/timers',
      headers: H.admin,
      payload: { rows: [{ state: 'CA', acknowledgeDays: 5, decideDays: 20, rescoreDays: 25 }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const { text } = await noticeText(H.member, paradise);
    expect(text).toContain('Property risk score notice (California)');
    expect(text).toContain('Mitigations credited under 10 CCR 2644.9 (Safer from Wildfires)');
    for (const name of ['Class A fire-rated roof', '5-foot ember-resistant zone', 'Firewise USA community'])
      expect(text).toContain(name);
    expect(text).toContain('within 5 calendar days');
    expect(text).toContain('within 20 calendar days');
    expect(text).toContain('within 25 calendar days');
    expect(text).not.toContain('HB25-1182');
    // Another organisation keeps HB25-1182's days.
    const theirs = await noticeText(H.foreign, paradise);
    expect(theirs.text).toContain('within 10 calendar days');
  });

  it('answers 400 for a bad product or id, 403 for a product not enabled, 404 for no property, 401 without a token', async () => {
    expect((await notice(H.member, boulder, '?product=zbogus')).statusCode).toBe(400);
    expect((await notice(H.member, boulder, '?product=zfire|prefill')).statusCode).toBe(400);
    expect((await notice(H.member, 'no such property')).statusCode).toBe(400);
    expect((await notice(H.hail, boulder)).statusCode).toBe(403);
    expect((await notice(H.hail, boulder, '?product=zhail')).statusCode).toBe(200);
    expect((await notice(H.member, 'prop-does-not-exist')).statusCode).toBe(404);
    expect((await notice({}, boulder)).statusCode).toBe(401);
  });

  it('is served under /v1 with an API key, as is the property report', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/user-management/api-keys',
      headers: H.admin,
      payload: { name: 'Notices' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { key } = apiKeyCreatedSchema.parse(created.json());
    const res = await app.inject({
      method: 'GET',
      url: `/v1/properties/${boulder}/notice.pdf?product=zfire`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await pdfText(res.rawPayload)).text).toContain('Your Z-FIRE score is');
    const report = await app.inject({
      method: 'GET',
      url: `/v1/properties/${boulder}/report.pdf`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(report.statusCode, report.body).toBe(200);
    expect((await pdfText(report.rawPayload)).text).toContain('Property report');
  });
});

describe('the organisation’s wording of its notices', () => {
  const texts = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/caribou/notices/texts', headers });
  const save = (headers: Record<string, string>, payload: unknown) =>
    app.inject({ method: 'PUT', url: '/api/caribou/notices/texts', headers, payload: payload as object });

  it('lets a group admin replace and restore a block, printed only in its own notices', async () => {
    const listed = noticeTextsResponseSchema.parse((await texts(H.admin)).json());
    expect(listed.templates.map((t) => t.template)).toEqual(['CO', 'CA', 'default']);
    expect(listed.templates[0]!.blocks.map((b) => b.title)).toEqual(['Introduction', 'How to appeal', 'Contact']);
    expect(listed.templates.every((t) => t.blocks.every((b) => !b.edited && b.body === b.defaultBody))).toBe(true);

    const contact = 'Call Notice Mutual on 555-0100, weekdays 8 to 6 Mountain time.';
    const saved = await save(H.admin, { template: 'CO', blocks: { contact } });
    expect(saved.statusCode, saved.body).toBe(200);
    const co = noticeTextsResponseSchema.parse(saved.json()).templates[0]!;
    expect(co.blocks.find((b) => b.block === 'contact')).toMatchObject({ body: contact, edited: true });
    expect((await noticeText(H.member, boulder)).text).toContain(contact);
    expect((await noticeText(H.member, paradise)).text).not.toContain(contact); // the CA template
    expect((await noticeText(H.foreign, boulder)).text).not.toContain(contact); // another organisation

    const reset = await save(H.admin, { template: 'CO', blocks: { contact: null } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await noticeText(H.member, boulder)).text).not.toContain(contact);
  });

  it('refuses members and bad wording with a clear 4xx', async () => {
    expect((await texts(H.member)).statusCode).toBe(403);
    expect((await save(H.member, { template: 'CO', blocks: { contact: 'x' } })).statusCode).toBe(403);
    const bad = [
      { template: 'TX', blocks: { contact: 'x' } },
      { template: 'CO', blocks: {} },
      { template: 'CO', blocks: { contact: '   ' } },
      { template: 'CO', blocks: { contact: 'x'.repeat(2001) } },
      { template: 'CO', blocks: { footer: 'x' } },
      { template: 'CO', blocks: { contact: 12 } },
    ];
    for (const payload of bad) {
      const res = await save(H.admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await save(H.admin, { template: 'CO', blocks: { contact: 'x'.repeat(2001) } })).json().error.message,
    ).toContain('at most 2000 characters');
  });
});

describe('GET /api/caribou/properties/:propertyId/report.pdf', () => {
  const report = (headers: Record<string, string>, id = boulder) =>
    app.inject({ method: 'GET', url: `/api/caribou/properties/${encodeURIComponent(id)}/report.pdf`, headers });

  it('puts the property view on paper: scores, factors, confidence, map with imagery, permits, history', async () => {
    // A mitigation published by this organisation shows in its history, not in another's.
    const published = await app.inject({
      method: 'POST',
      url: '/api/caribou/appeals/publish_features_modification',
      headers: H.admin,
      payload: {
        h3Index: boulderLocation.h3Index,
        propertyId: boulder,
        product: 'zfire',
        manualInputs: { ember_resistant_vents: true },
        reason: 'Vents replaced',
      },
    });
    expect(published.statusCode, published.body).toBe(200);
    const res = await report(H.member);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Property_report_742_Foothill_Rd_Boulder_CO_80302_${today()}.pdf"`,
    );
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain('Property report');
    expect(text).toContain('742 Foothill Rd, Boulder, CO 80302');
    const scores = whatIfResponseSchema.parse(
      (
        await app.inject({ method: 'GET', url: `/api/caribou/properties/${boulder}/what_if`, headers: H.member })
      ).json(),
    );
    for (const p of scores.products.filter((x) => x.score !== null)) {
      const name = { zfire: 'Z-FIRE', zhail: 'Z-HAIL', zwind: 'Z-WIND', zstorm: 'Z-STORM' }[p.product as string];
      expect(text).toContain(`${name} · ${RISK_LEVEL_LABELS[p.riskLevel]}`); // as the score card's chip
      expect(text).toContain(`Model version: ${p.modelVersion}`);
    }
    // Each label and its value apart, as the property view writes them: 'Confidence: High (93%)'.
    expect(text).toMatch(/Confidence: (Low|Medium|High) \(\d+%\) · Model version: z/);
    expect(text).toMatch(new RegExp(`Orthophoto of ${LONG_DATE}, provider \\S+`));
    expect(text).toMatch(/Buildings \(\d+\)/);
    expect(text).not.toMatch(/\b(low|medium|high) risk\b/);
    for (const title of ['Map: parcel and buildings', 'Scores', 'Imagery', 'Building permits', 'History'])
      expect(text).toContain(title);
    expect(text).toMatch(/Z-FIRE version \d+ published by appeal #\d+/);
    // Once: the appeal's companion version of zfire|prefill (also named Z-FIRE) is not a score the report shows.
    expect(text.match(/Z-FIRE version 1 published by appeal #\d+/g)).toHaveLength(1);
    // Worded as the screens write it: long dates, labels, '52%', '8.9°', '4,360 acres'.
    expect(text).toMatch(new RegExp(`Notice Mutual · issued ${LONG_DATE} Property report`));
    expect(text).toMatch(new RegExp(`features as of ${LONG_DATE}`));
    expect(text).toMatch(new RegExp(`Amended by appeal on ${LONG_DATE}`));
    expect(text).toMatch(new RegExp(`${LONG_DATE} · Orthophoto · Skyline Survey`));
    expect(text).toMatch(/Regional wildfire hazard \d+%: raises the score/);
    expect(text).toMatch(/Slope \d+(\.\d+)?°: /);
    expect(text).toContain('Roof material Asphalt shingle: raises the score');
    // A small effect reads as the web's factor list shows it ('+0.03'), never 'by 0.0 points'.
    expect(text).toMatch(/Tree overhang \d+%: raises the score by 0\.0[1-9] points/);
    expect(text).not.toMatch(/by 0\.0 points?/);
    expect(text).toContain('Wildfire event: Coyote Fire (4,360 acres)');
    expect(text).toContain('Hail event: Hailstorm of December 15, 2023 (1.5 in)');
    expect(text).not.toMatch(ISO_DAY);
    for (const raw of RAW_WORDING) expect(text).not.toMatch(raw);
    expect((await pdfText((await report(H.foreign)).rawPayload)).text).not.toMatch(/published by appeal/);

    const png = await renderPdfPage(res.rawPayload, 1);
    if (process.env.REPORT_PNG) writeFileSync(process.env.REPORT_PNG, png);
    const ink = await inkOf(png);
    expect(ink.inked).toBeGreaterThan(0.15); // the orthophoto fills a good part of the page
    expect(ink.colours).toBeGreaterThan(40);
  });

  it('gives the confidence the property view shows beside it: scored as of today, as the lookup is', async () => {
    const query = new URLSearchParams({ location_type: 'address', location: BOULDER_ADDRESS, products: 'zhail' });
    const looked = await app.inject({
      method: 'GET',
      url: `/api/caribou/v3/property/assessment/zview?${query}`,
      headers: H.member,
    });
    expect(looked.statusCode, looked.body).toBe(200);
    const hail = assessmentResponseSchema.parse(looked.json()).products.zhail!;
    const { text } = await pdfText((await report(H.member)).rawPayload);
    expect(text).toContain(`${hail.score!.toFixed(1)} Z-HAIL`);
    // Written as the property view writes it: 'High (93%)'.
    expect(text).toContain(
      `Confidence: ${capitalize(hail.confidence.label)} (${Math.round(hail.confidence.value * 100)}%)`,
    );
  });

  it('shows only the products the organisation has, and answers 400, 404 and 401', async () => {
    const { text } = await pdfText((await report(H.hail)).rawPayload);
    expect(text).toContain('Z-HAIL');
    expect(text).not.toContain('Z-FIRE');
    expect((await report(H.member, 'no such property')).statusCode).toBe(400);
    expect((await report(H.member, 'prop-does-not-exist')).statusCode).toBe(404);
    expect((await report({})).statusCode).toBe(401);
  });
});

// A portfolio's rows as the ingest leaves them (the pipeline is not what this tests).
await db
  .insertInto('portfolio_uploads')
  .values({
    name: 'notices-book.csv',
    organization_id: home.id,
    user_id: homeMember.id,
    original_name: 'book.csv',
    size_bytes: 100,
    delimiter: ',',
    has_bom: false,
    header: JSON.stringify(['ref', 'address']),
  } as never)
  .execute();
const portfolio = await db
  .insertInto('portfolios')
  .values({
    organization_id: home.id,
    name: 'Front Range book',
    uploaded_file_name: 'notices-book.csv',
    created_by: homeMember.id,
    header: JSON.stringify(['ref', 'address']),
    column_mapping: JSON.stringify({}),
    row_count: 3,
  } as never)
  .returning('id')
  .executeTakeFirstOrThrow();
await sql`CREATE TABLE ${sql.id(`portfolio_rows_${portfolio.id}`)} PARTITION OF portfolio_rows FOR VALUES IN (${sql.lit(portfolio.id)})`.execute(
  db,
);
await db
  .insertInto('portfolio_rows')
  .values(
    [
      { row_number: 1, ref: 'POL-1', address: '742 Foothill Rd, Boulder, CO 80302', geo_property_id: boulder },
      { row_number: 2, ref: 'POL-2', address: '5120 Ridgecrest Dr, Paradise, CA 95969', geo_property_id: paradise },
      { row_number: 3, ref: 'POL-3', address: 'Nowhere', problem: 'No address' },
    ].map((r) => ({ portfolio_id: portfolio.id, raw_values: JSON.stringify([r.ref, r.address]), ...r })) as never,
  )
  .execute();
describe('POST /api/caribou/portfolio/:id/notices', () => {
  const zip = (headers: Record<string, string>, payload: unknown, id = portfolio.id) =>
    app.inject({ method: 'POST', url: `/api/caribou/portfolio/${id}/notices`, headers, payload: payload as object });

  it('streams one notice per selected row placed on a property, and lists the others', async () => {
    const res = await zip(H.member, { product: 'zfire', rows: [3, 2, 1] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('notices_Front_Range_book_zfire.zip');
    expect(res.headers['content-length']).toBeUndefined(); // streamed, not buffered
    const files = unzipFiles(res.rawPayload);
    expect([...files.keys()]).toEqual(['000001_POL-1_zfire.pdf', '000002_POL-2_zfire.pdf', 'skipped.txt']);
    expect((await pdfText(files.get('000001_POL-1_zfire.pdf')!)).text).toContain(
      'Wildfire and property risk score notice (Colorado)',
    );
    expect((await pdfText(files.get('000002_POL-2_zfire.pdf')!)).text).toContain(
      'Property risk score notice (California)',
    );
    expect(files.get('skipped.txt')!.toString()).toBe('row 3 (POL-3), Nowhere: not placed on a property\n');
  });

  it('refuses bad selections with a clear 4xx, and another organisation’s portfolio with 404', async () => {
    const cases: [unknown, number, string][] = [
      [{ product: 'zfire', rows: [] }, 400, 'Select at least one row.'],
      [{ product: 'zfire', rows: [1, 1] }, 400, 'Select each row once.'],
      [{ product: 'zfire', rows: Array.from({ length: 201 }, (_, i) => i + 1) }, 400, 'at most 200 rows'],
      [{ product: 'zfire', rows: [1, 'two'] }, 400, ''],
      [{ product: 'zbogus', rows: [1] }, 400, ''],
      [{ product: 'zfire', rows: [1, 7, 9] }, 400, 'This portfolio has no row 7, 9.'],
      [{ product: 'zfire', rows: [3] }, 400, 'None of the selected rows is placed on a property'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await zip(H.member, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().error.message).toContain(message);
    }
    expect((await zip(H.foreign, { product: 'zfire', rows: [1] })).statusCode).toBe(404);
    expect((await zip(H.member, { product: 'zfire', rows: [1] }, 999_999)).statusCode).toBe(404);
    expect((await zip({}, { product: 'zfire', rows: [1] })).statusCode).toBe(401);
  });
});
