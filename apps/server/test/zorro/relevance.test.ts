import { zorroSearchQuerySchema } from '@zview/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { answerQuestion } from '../../src/domain/zorro/explorer.js';
import { search } from '../../src/domain/zorro/search.js';
import { seedFilings } from '../../src/world/filings/seed.js';
import { useTestDatabase } from '../database.js';

/**
 * Relevance on the default sample corpus (seed 2026, 3,000 filings, deterministic): written
 * questions, each with the filing it is about. The explorer's retrieval (and the finder's search
 * for the search-box queries) must rank that filing in the top 3. Prints precision@3 and MRR.
 */
const { db, url } = await useTestDatabase();
await seedFilings(url, { seed: 2026, filings: 3000 });

type Case = { question: string; expected: string; via?: 'search' };
const CASES: Case[] = [
  {
    question: 'What rate change did Cascade Mutual file for homeowners in California in 2021 with Z-FIRE?',
    expected: 'CAMU-210079742',
  },
  {
    question: 'Summit Ridge Casualty dwelling fire filing in Florida in 2022 using Z-WIND',
    expected: 'SRCA-229527109',
  },
  {
    question: 'Why was the Cascade Casualty farmowners filing in Mississippi withdrawn in 2025?',
    expected: 'CACA-251253451',
  },
  {
    question: 'Great Plains Home homeowners filing in North Carolina in 2021 citing a wind model',
    expected: 'GPHO-210087661',
  },
  { question: 'Liberty Oak Indemnity homeowners form filing in Nevada in 2026', expected: 'LOIN-262829332' },
  { question: 'Pinecrest Home homeowners filing in Louisiana in 2019 with Z-PROPERTY', expected: 'PIHO-197862422' },
  {
    question: 'Mesa Indemnity mobile home form filing in Arkansas in 2024 citing SevereSight',
    expected: 'MEIN-247460250',
  },
  {
    question: 'Keystone Indemnity homeowners rule filing in South Dakota in 2021 with Z-HAIL and ROOF AGE',
    expected: 'KEIN-212415847',
  },
  {
    question: 'Which Keystone Indemnity mobile home filing in Oklahoma was disapproved in 2026?',
    expected: 'KEIN-265185800',
  },
  {
    question: 'Coastal Fire homeowners rate filing disapproved in Mississippi in 2019 with HurriSim',
    expected: 'COFI-199186592',
  },
  { question: 'Magnolia Fire homeowners filing pending in Alabama in 2026 using HurriSim', expected: 'MAFI-264245136' },
  { question: 'Coastal Fire dwelling fire rate decrease in Illinois in 2019', expected: 'COFI-197151409' },
  {
    question: 'Delta Casualty dwelling fire rule filing in Mississippi in 2025 with Z-WIND and Z-STORM',
    expected: 'DECA-259976795',
  },
  {
    question: 'Keystone Indemnity commercial property filing in Oklahoma in 2026 with HailGrid',
    expected: 'KEIN-260531125',
  },
  { question: 'Frontier Fire dwelling fire filing in Kansas in 2021 that cited HailGrid', expected: 'FRFI-219731306' },
  { question: 'Sierra Crest Casualty homeowners filing in Idaho in 2025 with EmberScore', expected: 'SCCA-253081043' },
  { question: 'Keystone Home homeowners filing in North Dakota in 2026 citing RoofIQ', expected: 'KEHO-261614331' },
  { question: 'Dogwood Indemnity homeowners filing disapproved in North Carolina in 2025', expected: 'DOIN-257023008' },
  { question: 'Magnolia Fire homeowners filing in California in 2019 with BlazeIndex', expected: 'MAFI-191554373' },
  {
    question: 'Frontier Property & Casualty homeowners filing in Kansas in 2023 with Z-HAIL',
    expected: 'FRPC-231071314',
  },
  {
    question: 'Granite Fire dwelling fire filing pending in Texas in 2026 with HailGrid and roof age',
    expected: 'GRFI-266216967',
  },
  { question: 'SCMU-261346782', expected: 'SCMU-261346782', via: 'search' },
  { question: 'Sunflower Mutual farmowners Mississippi', expected: 'SUMU-222825938', via: 'search' },
  { question: 'Sea Island HurriSim dwelling fire Mississippi 2026', expected: 'SIPC-260578639', via: 'search' },
];

const ranks: number[] = [];
afterAll(() => {
  const found = ranks.filter((r) => r > 0 && r <= 3).length;
  const mrr = ranks.reduce((sum, r) => sum + (r > 0 ? 1 / r : 0), 0) / ranks.length;
  // Each question has one expected filing: precision@3 counts it among the top three.
  console.log(
    `relevance: ${ranks.length} questions, expected filing in top 3: ${found}/${ranks.length}, precision@3 ${(found / (3 * ranks.length)).toFixed(3)} (of 1/3 possible), recall@3 ${(found / ranks.length).toFixed(3)}, MRR ${mrr.toFixed(3)}`,
  );
});

async function rankedTracking(c: Case): Promise<string[]> {
  if (c.via === 'search')
    return (await search(db, zorroSearchQuerySchema.parse({ q: c.question, pageSize: 10 }))).results.map(
      (r) => r.trackingNumber,
    );
  const answer = await answerQuestion(db, c.question);
  return [...new Set(answer.citations.map((x) => x.trackingNumber))];
}

describe('relevance of retrieval', () => {
  it('has at least 20 written questions whose filings exist', async () => {
    expect(CASES.length).toBeGreaterThanOrEqual(20);
    const rows = await db
      .selectFrom('zorro_filings')
      .select('tracking_number')
      .where(
        'tracking_number',
        'in',
        CASES.map((c) => c.expected),
      )
      .execute();
    expect(rows.map((r) => r.tracking_number).sort()).toEqual(CASES.map((c) => c.expected).sort());
  });

  it.each(CASES)('$question → $expected in the top 3', async (c) => {
    const ranked = await rankedTracking(c);
    const rank = ranked.indexOf(c.expected) + 1;
    ranks.push(rank);
    expect(rank, `ranked: ${ranked.slice(0, 5).join(', ')}`).toBeGreaterThan(0);
    expect(rank).toBeLessThanOrEqual(3);
  });
});
