import { zorroFiltersSchema, zorroSearchQuerySchema } from '@zview/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { pageTexts } from '../../src/db/zorro.js';
import { answerQuestion } from '../../src/domain/zorro/explorer.js';
import { sentenceQuote } from '../../src/domain/zorro/quote.js';
import { countMatching, matchFigures, orderedMatches } from '../../src/domain/zorro/matches.js';
import { countFilings, facetCounts, filingFigures, orderedFilingIds, searchFilings } from './sql-oracle.js';
import { facets, search } from '../../src/domain/zorro/search.js';
import { parseTextQuery } from '../../src/domain/zorro/text-query.js';
import { seedFilings } from '../../src/world/filings/seed.js';
import { useTestDatabase } from '../database.js';

/**
 * The finder's facets, totals and page order are computed in memory over the facet columns and
 * the ranked index (issues 18 and 40: speed at 100,000 filings). They must be exactly what the SQL
 * reference (sql-oracle.ts: facetCounts, searchFilings) answers: same counts, same ids in the same
 * order, same highlighted passages, for words, phrases, prefixes, names, filters, every sort and
 * deep pages. Relevance with words is the ranked index's BM25 order, not ts_rank's: there the page
 * holds the reference's matches only, in the reference's total.
 */
const { db, url } = await useTestDatabase();
await seedFilings(url, { seed: 2026, filings: 3000 });

const QUERIES: Record<string, string>[] = [
  {},
  { q: 'wildfire model', state: 'CA' },
  { q: 'roof age', state: 'KS', line: 'homeowners' },
  { q: 'hurricane', status: 'approved', submittedFrom: '2023-01-01' },
  { q: '"defensible space"', category: 'wildfire' },
  { q: 'validation loss experience', rateMin: '5', rateMax: '20' },
  { model: 'Z-FIRE', state: 'CO' },
  { line: 'commercial property', type: 'rate' },
  { q: 'emb*', state: 'OR' },
  { q: 'wildf* model -hail', state: 'CO,CA,OR' },
  { company: 'Pinecrest Mutal' },
  { q: 'Pinecrest Mutal', line: 'homeowners' },
  { q: 'tempest', category: 'catastrophe', submittedFrom: '2024-01-01' },
  { effectiveFrom: '2024-03-01', effectiveTo: '2025-01-31', rateMin: '-3' },
  { state: 'CA,TX', model: 'Z-FIRE,Z-HAIL', status: 'approved,pending', group: 'no such group' },
  { q: 'the of and' },
  { q: 'zzqxv wwkjp' },
];
const SORTS: Record<string, string>[] = [
  {},
  { sort: 'submitted' },
  { sort: 'rateChange', dir: 'asc' },
  { sort: 'rateChange' },
  { sort: 'effective' },
  { sort: 'company', dir: 'asc' },
  { sort: 'state' },
  { sort: 'status', dir: 'asc' },
  { page: '3' },
  { page: '7', pageSize: '50' },
];

describe('facets and results in memory', () => {
  it('count the facets as the SQL reference does, for every kind of query', async () => {
    for (const raw of QUERIES) {
      const filters = zorroFiltersSchema.parse(raw);
      const reference = await facetCounts(db, filters, parseTextQuery(filters.q));
      await db.deleteFrom('zorro_facet_cache').execute();
      const answer = await facets(db, filters);
      expect(answer, JSON.stringify(raw)).toEqual({
        total: reference.total,
        facets: reference.facets,
        ranges: { submitted: reference.submitted, rateChange: reference.rateChange },
      });
    }
  });

  it('find, total and order the results as the SQL reference does, with the same highlights', async () => {
    for (const raw of QUERIES)
      for (const order of SORTS) {
        const query = zorroSearchQuerySchema.parse({ ...raw, ...order });
        const reference = await searchFilings(db, query, parseTextQuery(query.q));
        const answer = await search(db, query);
        const label = JSON.stringify({ ...raw, ...order });
        expect(answer.total, label).toBe(reference.total);
        if (query.sort === 'relevance' && query.q && reference.total > 0) {
          const matching = new Set(await orderedFilingIds(db, query, parseTextQuery(query.q), 'submitted', 'desc'));
          expect(answer.results.length, label).toBe(reference.rows.length);
          for (const r of answer.results) expect(matching.has(r.id), `${label} ${r.id}`).toBe(true);
          continue;
        }
        expect(
          answer.results.map((r) => r.id),
          label,
        ).toEqual(reference.rows.map((r) => r.id));
        const hits = (list: { filingId: number; page: number; highlight: string }[]) =>
          list.sort((a, b) => a.filingId - b.filingId).map((h) => [h.filingId, h.page, h.highlight]);
        // The finder quotes whole sentences of the reference's best page around its highlight.
        const bodies = await pageTexts(db, reference.hits);
        const quoted = reference.hits.map((h) => ({
          ...h,
          highlight: sentenceQuote(bodies.get(`${h.documentId}:${h.page}`)!, h.highlight),
        }));
        expect(hits(answer.results.flatMap((r) => (r.hit ? [{ filingId: r.id, ...r.hit }] : []))), label).toEqual(
          hits(quoted),
        );
      }
  });

  it('count, figure and order every match (explorer, export) as the SQL reference does', async () => {
    for (const raw of QUERIES) {
      const filters = zorroFiltersSchema.parse(raw);
      const text = parseTextQuery(filters.q);
      const label = JSON.stringify(raw);
      expect(await countMatching(db, filters, text), label).toBe(await countFilings(db, filters, text));
      expect(await matchFigures(db, filters, text), label).toEqual(await filingFigures(db, filters, text));
      for (const [sort, dir] of [
        ['submitted', 'asc'],
        ['rateChange', 'desc'],
        ['company', 'asc'],
      ] as const) {
        const all = await orderedMatches(db, { ...filters, sort, dir }, text);
        expect(all.ids, `${label} ${sort}`).toEqual(await orderedFilingIds(db, filters, text, sort, dir));
        expect(all.total).toBe(all.ids.length);
      }
    }
  });

  it("gives the explorer's counts and figures from the finder's matches: the numbers agree", async () => {
    for (const question of [
      'How many homeowners filings in Colorado cited a wildfire model since 2024, and what was the median rate change?',
      'Disapproved filings in Louisiana citing a wind model',
      'Which Pinecrest Mutal filings in Oregon were withdrawn?',
    ]) {
      const answer = await answerQuestion(db, question);
      const finder = await search(db, zorroSearchQuerySchema.parse(answer.interpreted.filters));
      expect(answer.figures.count, question).toBeGreaterThan(0);
      expect(answer.figures.count, question).toBe(finder.total);
      const text = parseTextQuery(undefined);
      const filters = zorroFiltersSchema.parse(answer.interpreted.filters);
      expect(answer.figures, question).toEqual(await filingFigures(db, filters, text));
      expect(answer.sentences[0]!.text, question).toContain(`${finder.total.toLocaleString('en-US')} filing`);
    }
  });

  it('follows a write to the filings at once (the columns are read again for the new corpus)', async () => {
    const filters = zorroFiltersSchema.parse({ line: 'farmowners' });
    const before = await facets(db, filters);
    const one = await db
      .selectFrom('zorro_filings')
      .select(['id', 'state', sql<string>`to_char(submitted_on, 'YYYY-MM-DD')`.as('submitted')])
      .where('line', '=', 'farmowners')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('zorro_filings')
      .set({ state: 'GU', submitted_on: '2099-01-01' })
      .where('id', '=', one.id)
      .execute();
    try {
      const after = await facets(db, filters);
      expect(after.facets.state).toContainEqual({ value: 'GU', count: 1 });
      expect(after.total).toBe(before.total);
      const newest = await search(db, zorroSearchQuerySchema.parse({ line: 'farmowners', sort: 'submitted' }));
      expect(newest.results[0]).toMatchObject({ id: one.id, state: 'GU', submittedOn: '2099-01-01' });
    } finally {
      await db
        .updateTable('zorro_filings')
        .set({ state: one.state, submitted_on: one.submitted })
        .where('id', '=', one.id)
        .execute();
    }
    expect(await facets(db, filters)).toEqual(before);
  });
});
