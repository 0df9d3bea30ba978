import { zorroSearchQuerySchema } from '@zview/contracts';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { answerQuestion } from '../../src/domain/zorro/explorer.js';
import { discoverSearch } from '../../src/domain/zorro/search.js';
import { STATE_NAMES } from '../../src/domain/zorro/states.js';
import { seedFilings } from '../../src/world/filings/seed.js';
import { createDb } from '../../src/db/database.js';
import { useTestDatabase } from '../database.js';
import {
  BLIND_SET,
  FRESH_SET,
  isHeldOut,
  RELEVANCE_SET,
  UNSEEN_SET,
  type RelevanceFacts,
} from './relevance-set/index.js';

/**
 * Discovery relevance (issue 40): every question of the relevance set typed into the finder, its
 * keyword variant typed into the finder, and the question asked of the explorer. Prints recall@5
 * (an expected filing among the first five) and MRR (1 / rank of the first expected filing) for the
 * tuned cases, the held-out quarter and the fresh set (FRESH_SET, written after the tuning from
 * other filings, all held out). 3,000 filings by default; ZORRO_RELEVANCE_FILINGS=100000 for the
 * benchmark corpus (the first 3,000 filings are the same at any size, so the set stays valid).
 */
const FILINGS = Number(process.env.ZORRO_RELEVANCE_FILINGS ?? 3000);
// ZORRO_RELEVANCE_DATABASE_URL reuses a scratch database already seeded at this size (seeding
// 100,000 filings takes minutes); by default the test seeds its own.
const { db, url } = process.env.ZORRO_RELEVANCE_DATABASE_URL
  ? scratchDatabase(process.env.ZORRO_RELEVANCE_DATABASE_URL)
  : await useTestDatabase();
await seedFilings(url, { seed: 2026, filings: FILINGS });
// The unseen set says "last year" and "this year": they are read on the day the set was written.
vi.useFakeTimers({ toFake: ['Date'] });
vi.setSystemTime(new Date('2026-11-28T12:00:00Z'));
afterAll(() => vi.useRealTimers());

function scratchDatabase(url: string) {
  const { db } = createDb(url, 5);
  afterAll(() => db.destroy());
  return { db, url };
}

async function expectedIds(facts: RelevanceFacts): Promise<Set<number>> {
  const where = [facts.company ? sql`company = ${facts.company}` : sql`naic_group = ${facts.group}`];
  if (facts.state) where.push(sql`state = ${facts.state}`);
  if (facts.year) where.push(sql`extract(year FROM submitted_on) = ${facts.year}`);
  if (facts.line) where.push(sql`line = ${facts.line}`);
  if (facts.status) where.push(sql`status = ${facts.status}`);
  if (facts.type) where.push(sql`filing_type = ${facts.type}`);
  if (facts.model) where.push(sql`${facts.model} = ANY(models)`);
  if (facts.from) where.push(sql`submitted_on >= ${facts.from}::date`);
  if (facts.to) where.push(sql`submitted_on <= ${facts.to}::date`);
  const { rows } = await sql<{ id: number }>`SELECT id FROM zorro_filings WHERE ${sql.join(where, sql` AND `)}`.execute(
    db,
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * The facts a keyword query itself states (company, and the state, year, line, status or model
 * only when its words name them): a short query like "Keystone Home Hawaii" cannot pick one of that
 * carrier's Hawaii filings at 100,000 filings, so it is also scored against all of them.
 */
function keywordFacts(keywords: string, facts: RelevanceFacts): RelevanceFacts {
  const text = ` ${keywords.toLowerCase()} `;
  const says = (...words: string[]) => words.some((w) => text.includes(` ${w.toLowerCase()} `));
  const stateNames: Record<string, string> = Object.fromEntries(
    Object.entries(STATE_NAMES).map(([code, name]) => [code, name]),
  );
  // A range the question states ("Q3 2023") is a year when the keywords name one inside it.
  const rangeYear = [facts.from, facts.to]
    .map((d) => (d ? Number(d.slice(0, 4)) : undefined))
    .find((y) => y && says(String(y)));
  return {
    company: facts.company,
    group: facts.group,
    state: says(facts.state, stateNames[facts.state]!) ? facts.state : '',
    year: facts.year && says(String(facts.year)) ? facts.year : rangeYear,
    line:
      facts.line && says(facts.line.split(' ')[0]!, ...(facts.line === 'mobile home' ? ['manufactured'] : []))
        ? facts.line
        : undefined,
    status: facts.status && says(facts.status) ? facts.status : undefined,
    type: facts.type && says(facts.type) ? facts.type : undefined,
    model: facts.model && text.includes(facts.model.toLowerCase()) ? facts.model : undefined,
  };
}

type Channel = 'finder: questions' | 'finder: keywords' | 'finder: keywords (stated facts)' | 'explorer: questions';
type Group = 'tuned' | 'held out' | 'fresh' | 'unseen' | 'blind';
const ranks: { channel: Channel; group: Group; rank: number }[] = [];
const CASES = [
  ...RELEVANCE_SET.map((c, i) => ({ ...c, i, group: (isHeldOut(i) ? 'held out' : 'tuned') as Group })),
  ...FRESH_SET.map((c, k) => ({ ...c, i: RELEVANCE_SET.length + k, group: 'fresh' as Group })),
  ...UNSEEN_SET.map((c, k) => ({ ...c, i: RELEVANCE_SET.length + FRESH_SET.length + k, group: 'unseen' as Group })),
  ...BLIND_SET.map((c, k) => ({
    ...c,
    i: RELEVANCE_SET.length + FRESH_SET.length + UNSEEN_SET.length + k,
    group: 'blind' as Group,
  })),
];

function summary(list: { rank: number }[]) {
  const found = list.filter((r) => r.rank > 0 && r.rank <= 5).length;
  const mrr = list.reduce((sum, r) => sum + (r.rank > 0 ? 1 / r.rank : 0), 0) / Math.max(1, list.length);
  return { recall: found / Math.max(1, list.length), mrr, n: list.length };
}
const fmt = (s: ReturnType<typeof summary>) => `recall@5 ${s.recall.toFixed(3)}  MRR ${s.mrr.toFixed(3)}  (n ${s.n})`;

afterAll(() => {
  const lines = [`discovery relevance at ${FILINGS.toLocaleString('en-US')} filings:`];
  for (const channel of [
    'finder: questions',
    'finder: keywords',
    'finder: keywords (stated facts)',
    'explorer: questions',
  ] as Channel[]) {
    const of = ranks.filter((r) => r.channel === channel);
    const part = (group: Group) => `${group} ${fmt(summary(of.filter((r) => r.group === group)))}`;
    lines.push(
      `  ${channel.padEnd(32)} all ${fmt(summary(of))} | ${part('tuned')} | ${part('held out')} | ${part('fresh')} | ${part('unseen')} | ${part('blind')}`,
    );
  }
  console.log(lines.join('\n'));
});

async function finderIds(q: string): Promise<number[]> {
  return (await discoverSearch(db, zorroSearchQuerySchema.parse({ q, pageSize: 10 }))).results.map((r) => r.id);
}
async function explorerIds(question: string): Promise<number[]> {
  const answer = await answerQuestion(db, question);
  return [...new Set(answer.citations.map((c) => c.filingId))];
}
const rankOf = (ids: number[], expected: Set<number>) => ids.findIndex((id) => expected.has(id)) + 1;

describe(`discovery relevance set (${CASES.length} questions)`, () => {
  it('has at least 60 questions, each with an expected filing in the corpus', async () => {
    expect(RELEVANCE_SET.length).toBeGreaterThanOrEqual(60);
    for (const c of CASES) expect((await expectedIds(c.facts)).size, c.question).toBeGreaterThan(0);
  });

  it.each(CASES)('$question', async (c) => {
    const expected = await expectedIds(c.facts);
    const { group } = c;
    const keywordIds = await finderIds(c.keywords);
    const found = {
      'finder: questions': rankOf(await finderIds(c.question), expected),
      'finder: keywords': rankOf(keywordIds, expected),
      'finder: keywords (stated facts)': rankOf(keywordIds, await expectedIds(keywordFacts(c.keywords, c.facts))),
      'explorer: questions': rankOf(await explorerIds(c.question), expected),
    };
    for (const [channel, rank] of Object.entries(found)) ranks.push({ channel: channel as Channel, group, rank });
    // ZORRO_RELEVANCE_MISSES=1 lists every case not ranked first (to study, never to tune the held-out ones).
    if (process.env.ZORRO_RELEVANCE_MISSES && Object.values(found).some((r) => r !== 1))
      console.log(`miss ${c.i} (${group}): ${JSON.stringify(found)} ${c.question} | ${c.keywords}`);
  });

  it('meets the targets: recall@5 ≥ 0.9 and MRR ≥ 0.8 (questions, keywords as stated), explorer cites ≥ 90%', () => {
    for (const channel of [
      'finder: questions',
      'finder: keywords (stated facts)',
      'explorer: questions',
    ] as Channel[]) {
      const s = summary(ranks.filter((r) => r.channel === channel));
      expect(s.n, channel).toBe(CASES.length);
      expect(s.recall, channel).toBeGreaterThanOrEqual(0.9);
      expect(s.mrr, channel).toBeGreaterThanOrEqual(0.8);
    }
  });
});
