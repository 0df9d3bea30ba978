import { zorroFiltersSchema } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { countMatching } from '../../src/domain/zorro/matches.js';
import { parseTextQuery } from '../../src/domain/zorro/text-query.js';
import { wordCoverage } from '../../src/domain/zorro/word-coverage.js';
import { seedFilings } from '../../src/world/filings/seed.js';
import { useTestDatabase } from '../database.js';

/**
 * The dropping step's one coverage pass (issue 40) against the finder's own counts: each word's
 * count is the finder's total for that word under the filters, and the words kept are the longest
 * run of the commonest that the finder matches together (one more word matches nothing).
 */
const { db, url } = await useTestDatabase();
await seedFilings(url, { filings: 400 });

const count = (filters: ReturnType<typeof zorroFiltersSchema.parse>, words: string[]) =>
  countMatching(db, filters, parseTextQuery(words.join(' ')));

describe('wordCoverage', () => {
  it.each([
    ['broad words, no filter', {}, 'wildfire hail roof wind flood hurricane tornado validation territory deductible'],
    ['a state and a year', { state: ['TX'], submittedFrom: '2024-01-01' }, 'hail roof wildfire ember surge credit'],
    ['a word no filing holds', { line: ['homeowners'] }, 'wildfire zzqxv hail'],
  ])('keeps what the finder would: %s', async (_name, raw, text) => {
    const filters = zorroFiltersSchema.parse(raw);
    const words = text.split(' ');
    const coverage = await wordCoverage(db, filters, [], words, () => []);
    for (const word of words) expect(coverage.counts.get(word), word).toBe(await count(filters, [word]));
    const kept = coverage.kept;
    expect(kept.length).toBeGreaterThan(0);
    // The commonest first, matching together; the next commonest word would match nothing with them.
    const byCount = words
      .filter((w) => coverage.counts.get(w)! > 0)
      .sort((a, b) => coverage.counts.get(b)! - coverage.counts.get(a)!);
    expect(kept).toEqual(byCount.slice(0, kept.length));
    expect(await count(filters, kept)).toBeGreaterThan(0);
    if (kept.length < byCount.length) expect(await count(filters, byCount.slice(0, kept.length + 1))).toBe(0);
    expect(kept).not.toContain('zzqxv');
  });

  it('searches a word as the filings write it when the typed word finds nothing', async () => {
    const filters = zorroFiltersSchema.parse({});
    const coverage = await wordCoverage(db, filters, [], ['zzqxv'], (w) =>
      w === 'zzqxv' ? ['nothing', 'wildfire'] : [],
    );
    expect(coverage.instead.get('zzqxv')).toBe('wildfire');
    expect(coverage.kept).toEqual(['wildfire']);
    expect(coverage.counts.get('wildfire')).toBe(await count(filters, ['wildfire']));
  });
});
