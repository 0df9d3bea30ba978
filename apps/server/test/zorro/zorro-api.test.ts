import {
  zorroAskResponseSchema,
  zorroDocumentSchema,
  zorroFilingSchema,
  zorroFiltersResponseSchema,
  zorroFiltersSchema,
  zorroSearchResponseSchema,
  ZORRO_MARK_END,
  ZORRO_MARK_START,
} from '@zview/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { answerQuestion } from '../../src/domain/zorro/explorer.js';
import { facetKey } from '../../src/domain/zorro/search.js';
import { STATE_NAMES } from '../../src/domain/zorro/states.js';
import { seedFilings } from '../../src/world/filings/seed.js';
import { useTestApp } from '../app.js';
import { authHeader, createOrganization, createUser } from '../factories.js';

/** Data discovery API on the sample corpus: access rules, search, facets, filings, documents, explorer. */
const { app, db, url } = await useTestApp();
const seeded = await seedFilings(url, { filings: 800 });

const zorroOrg = await createOrganization(db, { name: 'Zorro Org', products: ['zfire', 'zorro'] });
const plainOrg = await createOrganization(db, { name: 'No Zorro Org', products: ['zfire'] });
const analyst = await createUser(db, { org: zorroOrg, externalGroups: ['zorro'] });
const noGroup = await createUser(db, { org: zorroOrg });
const noFeature = await createUser(db, { org: plainOrg, externalGroups: ['zorro'] });
const other = await createUser(db, { org: zorroOrg, externalGroups: ['zorro'] });
const headers = await authHeader(app, analyst);

const get = (path: string, h = headers) => app.inject({ method: 'GET', url: path, headers: h });

describe('sample corpus', () => {
  it('seeds once: the same seed and count are skipped', async () => {
    expect(seeded.filings).toBe(800);
    expect(seeded.pages).toBeGreaterThan(800 * 3);
    const again = await seedFilings(url, { filings: 800 });
    expect(again.skipped).toBe(true);
    const { n } = await db
      .selectFrom('zorro_filings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(800);
  });

  it('follows the hazards: wildfire models in CA, CO, OR; hail in the Plains; wind on the Gulf', async () => {
    const cats = async (states: string[]) =>
      (await db.selectFrom('zorro_filings').select('categories').where('state', 'in', states).execute()).flatMap(
        (r) => r.categories,
      );
    expect(await cats(['CA', 'CO', 'OR'])).toContain('wildfire');
    expect(await cats(['KS', 'NE'])).toContain('hail');
    expect(await cats(['KS', 'NE'])).not.toContain('wildfire');
    expect(await cats(['MS', 'AL', 'LA'])).toContain('wind');
  });
});

describe('access (SPEC §6): zorro group and organisation feature, both', () => {
  it('answers 404 with no data without the zorro group or without the feature', async () => {
    for (const user of [noGroup, noFeature]) {
      const h = await authHeader(app, user);
      for (const path of [
        '/api/zorro/filters',
        '/api/zorro/search?q=wildfire',
        '/api/zorro/filings/1000000001',
        '/api/zorro/conversations',
      ]) {
        const res = await get(path, h);
        expect(res.statusCode, path).toBe(404);
        expect(res.body).not.toContain('wildfire');
      }
    }
  });

  it('answers 401 without a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/zorro/filters' })).statusCode).toBe(401);
  });
});

describe('GET /api/zorro/search', () => {
  it('finds filings by text with the page a hit came from, highlighted', async () => {
    const res = await get('/api/zorro/search?q=wildfire%20mitigation&state=CA');
    expect(res.statusCode, res.body).toBe(200);
    const body = zorroSearchResponseSchema.parse(res.json());
    expect(body.total).toBeGreaterThan(0);
    for (const r of body.results) expect(r.state).toBe('CA');
    const hit = body.results[0]!.hit!;
    expect(hit.page).toBeGreaterThan(0);
    expect(hit.highlight).toContain(ZORRO_MARK_START);
  });

  it('reads a "cat model" and a state nickname typed in the box as the category and the state', async () => {
    const res = await get(`/api/zorro/search?q=${encodeURIComponent('Sunshine State filings with a cat model')}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = zorroSearchResponseSchema.parse(res.json());
    expect(body.total).toBeGreaterThan(0);
    for (const r of body.results) {
      expect(r.state).toBe('FL');
      expect(r.categories).toContain('catastrophe');
    }
    // An exclusion left beside the reading still searches.
    const without = await get(`/api/zorro/search?q=${encodeURIComponent('catastrophe model -wind')}`);
    expect(without.statusCode, without.body).toBe(200);
  });

  it('supports phrases and prefixes (stemming and unaccent)', async () => {
    const phrase = zorroSearchResponseSchema.parse((await get('/api/zorro/search?q=%22defensible%20space%22')).json());
    expect(phrase.total).toBeGreaterThan(0);
    const prefix = zorroSearchResponseSchema.parse((await get('/api/zorro/search?q=defensi*')).json());
    expect(prefix.total).toBeGreaterThanOrEqual(phrase.total);
    const wildf = zorroSearchResponseSchema.parse((await get('/api/zorro/search?q=wildf*%20mitig*')).json());
    expect(wildf.total).toBeGreaterThan(0);
    const accented = zorroSearchResponseSchema.parse((await get('/api/zorro/search?q=d%C3%A9fensible%20space')).json());
    expect(accented.total).toBeGreaterThan(0);
  });

  it('finds a filing by its tracking number and a company by a misspelt name', async () => {
    const one = await db
      .selectFrom('zorro_filings')
      .select(['tracking_number', 'company'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const byNumber = zorroSearchResponseSchema.parse((await get(`/api/zorro/search?q=${one.tracking_number}`)).json());
    expect(byNumber.results[0]!.trackingNumber).toBe(one.tracking_number);
    const misspelt = one.company.replace(/e/, '').split(' ').slice(0, 2).join(' ');
    const byCompany = zorroSearchResponseSchema.parse(
      (await get(`/api/zorro/search?company=${encodeURIComponent(misspelt)}&pageSize=100`)).json(),
    );
    expect(byCompany.results.map((r) => r.company)).toContain(one.company);
  });

  it('matches a misspelt company or group name typed in the search box (trigrams merged into the text query)', async () => {
    const one = await db
      .selectFrom('zorro_filings')
      .select(['company', 'naic_group'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const [first, second] = one.company.split(' ');
    const misspelt = `${first} ${second!.slice(0, -2)}${second!.slice(-1)}`; // "Pinecrest Mutual" → "Pinecrest Mutul"
    const words = zorroSearchResponseSchema.parse(
      (await get(`/api/zorro/search?q=${encodeURIComponent(misspelt)}&pageSize=100`)).json(),
    );
    expect(words.total).toBeGreaterThan(0);
    expect(words.results.map((r) => r.company)).toContain(one.company);
    const group = one.naic_group.replace(/a/, '');
    const byGroup = zorroSearchResponseSchema.parse(
      (await get(`/api/zorro/search?q=${encodeURIComponent(group)}&pageSize=100`)).json(),
    );
    expect(byGroup.results.map((r) => r.naicGroup)).toContain(one.naic_group);
    // The facets count the same filings.
    const facets = zorroFiltersResponseSchema.parse(
      (await get(`/api/zorro/filters?q=${encodeURIComponent(misspelt)}`)).json(),
    );
    expect(facets.total).toBe(words.total);
    // A text unlike any name still needs its words.
    expect(zorroSearchResponseSchema.parse((await get('/api/zorro/search?q=zzqxv%20wwkjp')).json()).total).toBe(0);
  });

  it('filters by every structured field and sorts', async () => {
    const res = await get(
      '/api/zorro/search?line=homeowners&status=approved&category=wildfire&submittedFrom=2022-01-01&rateMin=0&rateMax=40&sort=rateChange&dir=asc&pageSize=50',
    );
    const body = zorroSearchResponseSchema.parse(res.json());
    expect(body.total).toBeGreaterThan(0);
    const changes = body.results.map((r) => r.overallChange!);
    expect(changes).toEqual([...changes].sort((a, b) => a - b));
    for (const r of body.results) {
      expect(r.line).toBe('homeowners');
      expect(r.status).toBe('approved');
      expect(r.categories).toContain('wildfire');
      expect(r.submittedOn >= '2022-01-01').toBe(true);
    }
    const model = zorroSearchResponseSchema.parse((await get('/api/zorro/search?model=Z-FIRE&state=CA')).json());
    for (const r of model.results) expect(r.models).toContain('Z-FIRE');
  });

  it('refuses bad input with 400, never 500', async () => {
    for (const q of [
      'pageSize=100000',
      'state=California',
      'rateMin=abc',
      'submittedFrom=2024-13-45',
      'q=%00bad',
      'sort=nope',
      'line=boats',
      `q=${'x'.repeat(400)}`,
      'page=-1',
    ]) {
      const res = await get(`/api/zorro/search?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
    for (const q of ['q=%22', 'q=***', 'q=the%20of%20and', 'q=%27%3A*%26%7C!']) {
      const res = await get(`/api/zorro/search?${q}`);
      expect(res.statusCode, q).toBe(200);
    }
  });
});

describe('GET /api/zorro/search reads the search box (issue 40)', () => {
  it('turns a carrier, state and year into filters shown as chips; a removed chip searches its words', async () => {
    const one = await db
      .selectFrom('zorro_filings')
      .select(['company', 'state', 'submitted_on', 'tracking_number'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const year = new Date(one.submitted_on).getUTCFullYear();
    const [first, second] = one.company.split(' ');
    const typed = `${first} ${second!.slice(0, -2)}${second!.slice(-1)} ${one.state} ${year}`; // misspelt
    const res = await get(`/api/zorro/search?q=${encodeURIComponent(typed)}&pageSize=100`);
    expect(res.statusCode, res.body).toBe(200);
    const body = zorroSearchResponseSchema.parse(res.json());
    expect(body.results.map((r) => r.trackingNumber)).toContain(one.tracking_number);
    for (const r of body.results) {
      expect(r.company).toBe(one.company);
      expect(r.state).toBe(one.state);
      expect(r.submittedOn.slice(0, 4)).toBe(String(year));
    }
    const kinds = body.understood!.chips.map((c) => c.kind);
    expect(kinds).toEqual(expect.arrayContaining(['company', 'state', 'dates']));
    // The facets count what the search finds.
    const facets = zorroFiltersResponseSchema.parse(
      (await get(`/api/zorro/filters?q=${encodeURIComponent(typed)}`)).json(),
    );
    expect(facets.total).toBe(body.total);
    // Removing the year's chip: the year is no longer a filter.
    const dates = body.understood!.chips.find((c) => c.kind === 'dates')!;
    const wider = zorroSearchResponseSchema.parse(
      (await get(`/api/zorro/search?q=${encodeURIComponent(typed)}&ignore=${encodeURIComponent(dates.id)}`)).json(),
    );
    expect(wider.understood!.chips.map((c) => c.kind)).not.toContain('dates');
  });

  it('never answers nothing while filings match most of the words: it says which were dropped', async () => {
    const body = zorroSearchResponseSchema.parse((await get('/api/zorro/search?q=wildfire%20zzqxv')).json());
    expect(body.total).toBeGreaterThan(0);
    expect(body.understood!.dropped).toEqual(['zzqxv']);
    expect(body.understood!.words).toBe('wildfire');
  });

  it('searches a word as the filings write it when the typed word finds nothing ("discount": "credit")', async () => {
    const body = zorroSearchResponseSchema.parse(
      (await get(`/api/zorro/search?q=${encodeURIComponent('wildfire mitigation discount California')}`)).json(),
    );
    expect(body.understood!.words).toBe('wildfire mitigation credit');
    expect(body.understood!.dropped).toEqual(['discount']);
    expect(body.total).toBeGreaterThan(0);
    for (const r of body.results) expect(r.state).toBe('CA');
    expect(body.results[0]!.hit!.highlight).toMatch(/Credit/);
  });

  it('says how many filings fit a short query equally and offers the fields that split them', async () => {
    // A carrier and a state with filings in several years: every word is read as a filter.
    const { rows } = await sql<{ company: string; state: string; n: number }>`
      SELECT company, state, count(*)::int AS n FROM zorro_filings GROUP BY company, state
      HAVING count(DISTINCT extract(year FROM submitted_on)) >= 2 ORDER BY n DESC, company, state LIMIT 1`.execute(db);
    const { company, state, n } = rows[0]!;
    const typed = `${company} ${STATE_NAMES[state]}`;
    const body = zorroSearchResponseSchema.parse(
      (await get(`/api/zorro/search?q=${encodeURIComponent(typed)}`)).json(),
    );
    expect(body.total).toBe(n);
    expect(body.narrow!.tied).toBe(n);
    const years = body.narrow!.facets.find((f) => f.field === 'year')!;
    expect(years.values.length).toBeGreaterThanOrEqual(2);
    expect(years.values.reduce((sum, v) => sum + v.count, 0) + years.more).toBeGreaterThan(0);
    // Neither the company nor the state splits them: both are read from the query.
    expect(body.narrow!.facets.map((f) => f.field)).not.toContain('company');
    expect(body.narrow!.facets.map((f) => f.field)).not.toContain('state');
    // One click on a year: the filings of that year, as many as the chip said.
    const year = years.values[0]!;
    const narrowed = zorroSearchResponseSchema.parse(
      (
        await get(
          `/api/zorro/search?q=${encodeURIComponent(typed)}&submittedFrom=${year.value}-01-01&submittedTo=${year.value}-12-31`,
        )
      ).json(),
    );
    expect(narrowed.total).toBe(year.count);
    for (const r of narrowed.results) expect(r.submittedOn.slice(0, 4)).toBe(year.value);
    // Not offered past the first page, nor when the words single out one filing.
    const page2 = zorroSearchResponseSchema.parse(
      (await get(`/api/zorro/search?q=${encodeURIComponent(typed)}&page=2&pageSize=1`)).json(),
    );
    expect(page2.narrow).toBeUndefined();
    const one = await db.selectFrom('zorro_filings').select('tracking_number').orderBy('id').executeTakeFirstOrThrow();
    const single = zorroSearchResponseSchema.parse((await get(`/api/zorro/search?q=${one.tracking_number}`)).json());
    expect(single.total).toBe(1);
    expect(single.narrow).toBeUndefined();
  });

  it('keeps the words once a reading set aside lets them match: words go only when they must', async () => {
    // No Granite filing in South Carolina in 2025 mentions hurricanes: the word is kept, readings go.
    const body = zorroSearchResponseSchema.parse(
      (
        await get(`/api/zorro/search?q=${encodeURIComponent('Granite hurricane filings in South Carolina in 2025')}`)
      ).json(),
    );
    expect(body.understood!.relaxed).toContain('dates:2025-01-01..2025-12-31');
    expect(body.understood!.dropped).toEqual([]);
    expect(body.understood!.words).toBe('hurricane');
    expect(body.total).toBeGreaterThan(0);
    for (const r of body.results) expect(r.state).toBe('SC');
  });
});

describe('GET /api/zorro/filters', () => {
  it('answers facets with counts for the current query; a facet ignores its own filter', async () => {
    const res = await get('/api/zorro/filters?q=wildfire&state=CO');
    expect(res.statusCode, res.body).toBe(200);
    const body = zorroFiltersResponseSchema.parse(res.json());
    const search = zorroSearchResponseSchema.parse((await get('/api/zorro/search?q=wildfire&state=CO')).json());
    expect(body.total).toBe(search.total);
    expect(body.facets.state.map((s) => s.value)).toEqual(expect.arrayContaining(['CO', 'CA']));
    const lines = body.facets.line.reduce((sum, f) => sum + f.count, 0);
    expect(lines).toBe(body.total);
    expect(body.ranges.submitted.min).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('facet cache', () => {
  it('answers facets without search words from the cache, emptied when the corpus changes', async () => {
    await db.deleteFrom('zorro_facet_cache').execute();
    const first = zorroFiltersResponseSchema.parse((await get('/api/zorro/filters?line=homeowners')).json());
    const cached = await db.selectFrom('zorro_facet_cache').select(['key', 'body']).execute();
    expect(cached.map((c) => c.key)).toEqual([JSON.stringify([['line', ['homeowners']]])]);
    // The same query again is read from the cache (the same answer, no new entry).
    expect(zorroFiltersResponseSchema.parse((await get('/api/zorro/filters?line=homeowners')).json())).toEqual(first);
    expect(await db.selectFrom('zorro_facet_cache').select('key').execute()).toHaveLength(1);

    // An import (any write to the filings) empties the cache: the next answer counts the new corpus.
    const one = await db
      .selectFrom('zorro_filings')
      .select(['id', 'state'])
      .where('line', '=', 'homeowners')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('zorro_filings').set({ state: 'GU' }).where('id', '=', one.id).execute();
    try {
      expect(await db.selectFrom('zorro_facet_cache').select('key').execute()).toHaveLength(0);
      const after = zorroFiltersResponseSchema.parse((await get('/api/zorro/filters?line=homeowners')).json());
      expect(after.facets.state).toContainEqual({ value: 'GU', count: 1 });
      expect(after.total).toBe(first.total);
    } finally {
      await db.updateTable('zorro_filings').set({ state: one.state }).where('id', '=', one.id).execute();
    }
  });

  it('gives the same key to the same filters however they are written', async () => {
    const a = zorroFiltersSchema.parse({ state: ['co', 'CA'], q: ' wildfire  model ' });
    const b = zorroFiltersSchema.parse({ state: 'CA,CO', q: 'wildfire model' });
    expect(facetKey(a)).toBe(facetKey(b));
  });
});

describe('filings and documents', () => {
  it('a filing carries metadata, coverages, objections and documents; a document its pages', async () => {
    const withObjections = await db.selectFrom('zorro_objections').select('filing_id').executeTakeFirstOrThrow();
    const res = await get(`/api/zorro/filings/${withObjections.filing_id}`);
    expect(res.statusCode, res.body).toBe(200);
    const filing = zorroFilingSchema.parse(res.json());
    expect(filing.objections.length).toBeGreaterThan(0);
    expect(filing.documents.length).toBeGreaterThan(0);
    const doc = zorroDocumentSchema.parse((await get(`/api/zorro/documents/${filing.documents[0]!.id}?q=rate`)).json());
    expect(doc.pages.length).toBe(filing.documents[0]!.pageCount);
    expect(doc.pages.some((p) => p.matches)).toBe(true);
    expect((await get('/api/zorro/filings/12345')).statusCode).toBe(404);
    expect((await get('/api/zorro/documents/99999999')).statusCode).toBe(404);
    expect((await get('/api/zorro/filings/abc')).statusCode).toBe(400);
  });
});

describe('explorer', () => {
  it('keeps conversations per user: create, rename, delete; another user gets 404', async () => {
    const created = await app.inject({ method: 'POST', url: '/api/zorro/conversations', headers, payload: {} });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const renamed = await app.inject({
      method: 'PATCH',
      url: `/api/zorro/conversations/${id}`,
      headers,
      payload: { title: 'Colorado wildfire' },
    });
    expect(renamed.json().title).toBe('Colorado wildfire');
    const otherHeaders = await authHeader(app, other);
    expect(
      (await app.inject({ method: 'GET', url: `/api/zorro/conversations/${id}`, headers: otherHeaders })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/zorro/conversations/${id}`, headers: otherHeaders })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/zorro/conversations/${id}`, headers })).statusCode).toBe(
      204,
    );
    expect((await get(`/api/zorro/conversations/${id}`)).statusCode).toBe(404);
  });

  it('answers what regulators said from the objection letters', async () => {
    const question = 'What did regulators say about Z-FIRE in California?';
    const answer = await answerQuestion(db, question);
    expect(answer.zeroResults).toBe(false);
    expect(answer.citations[0]!.documentTitle).toBe('Objection Letters and Responses');
    const passage = answer.citations[0]!.passage.replaceAll(ZORRO_MARK_START, '').replaceAll(ZORRO_MARK_END, '');
    expect(passage).toContain('Please provide validation of the Z-FIRE wildfire model');
  });

  it('answers a count question over the structured fields, citing filing and page', async () => {
    const { id } = (await app.inject({ method: 'POST', url: '/api/zorro/conversations', headers, payload: {} })).json();
    const question =
      'How many homeowners filings in Colorado cited a wildfire model since 2024, and what was the median rate change?';
    const res = await app.inject({
      method: 'POST',
      url: `/api/zorro/conversations/${id}/messages`,
      headers,
      payload: { question },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { answer } = zorroAskResponseSchema.parse(res.json());
    const a = answer.answer!;
    expect(a.interpreted.filters).toMatchObject({
      state: ['CO'],
      line: ['homeowners'],
      category: ['wildfire'],
      submittedFrom: '2024-01-01',
    });
    const expected = await db
      .selectFrom('zorro_filings')
      .select('overall_change')
      .where('state', '=', 'CO')
      .where('line', '=', 'homeowners')
      .where((eb) => eb('categories', '@>', eb.val(['wildfire'])))
      .where('submitted_on', '>=', new Date('2024-01-01T00:00:00'))
      .execute();
    expect(a.figures.count).toBe(expected.length);
    const sorted = expected
      .map((r) => r.overall_change!)
      .filter((x) => x !== null)
      .sort((x, y) => x - y);
    if (sorted.length) {
      const mid = sorted.length / 2;
      const median = sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
      expect(a.figures.medianRateChange).toBeCloseTo(median, 2);
    }
    expect(a.citations.length).toBeGreaterThan(0);
    for (const s of a.sentences) expect(s.citations.length).toBeGreaterThan(0);
    for (const c of a.citations) expect(c.page).toBeGreaterThan(0);
    const list = (await get(`/api/zorro/conversations/${id}`)).json();
    expect(list.messages).toHaveLength(2);
    expect(list.conversation.title).toContain('How many homeowners');
  });

  it('says so when nothing matches and suggests the filter to loosen', async () => {
    const { id } = (await app.inject({ method: 'POST', url: '/api/zorro/conversations', headers, payload: {} })).json();
    const res = await app.inject({
      method: 'POST',
      url: `/api/zorro/conversations/${id}/messages`,
      headers,
      payload: { question: 'How many disapproved homeowners filings in Vermont cited a hail model in 2019?' },
    });
    const a = zorroAskResponseSchema.parse(res.json()).answer.answer!;
    expect(a.zeroResults).toBe(true);
    expect(a.sentences[0]!.text).toMatch(/^No filings match/);
    expect(a.suggestions.length).toBeGreaterThan(0);
    expect(a.suggestions[0]!.count).toBeGreaterThan(0);
  });
});
