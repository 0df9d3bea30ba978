import { zorroSearchQuerySchema } from '@zview/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { search } from '../../src/domain/zorro/search.js';
import { seedFilings } from '../../src/world/filings/seed.js';
import { useTestDatabase } from '../database.js';

/**
 * The finder's relevance order (ranked-index.ts, issue 40): BM25-style over the filings' heads,
 * title over summary over body, words side by side over words apart; and the index follows a
 * change of the corpus at once.
 */
const { db, url } = await useTestDatabase();
await seedFilings(url, { seed: 2026, filings: 3000 });

async function ranked(q: string, pageSize = 10) {
  return (await search(db, zorroSearchQuerySchema.parse({ q, pageSize }))).results;
}
async function heads(ids: number[]) {
  const { rows } = await sql<{ id: number; title: string; summary: string }>`
    SELECT id, title, summary FROM zorro_filings WHERE id = ANY(${ids}::int[])`.execute(db);
  return new Map(rows.map((r) => [r.id, r]));
}

describe('ranked index', () => {
  it('ranks a word in the title above the same word only in the summary or the body', async () => {
    const results = await ranked('hail', 40);
    const head = await heads(results.map((r) => r.id));
    const inTitle = results.map((r) => /\bhail\b/i.test(head.get(r.id)!.title));
    expect(inTitle[0]).toBe(true);
    // Once a filing without the word in its title appears, no title hit follows it.
    const firstWithout = inTitle.indexOf(false);
    if (firstWithout >= 0) expect(inTitle.slice(firstWithout)).not.toContain(true);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM zorro_filings WHERE to_tsvector('zorro', title) @@ 'hail'::tsquery`.execute(db);
    expect(inTitle.filter(Boolean).length).toBe(Math.min(40, rows[0]!.n));
  });

  it('ranks words standing together above the same words apart', async () => {
    const results = await ranked('roof age', 5);
    const head = await heads(results.map((r) => r.id));
    for (const r of results) {
      const text = `${head.get(r.id)!.title} ${head.get(r.id)!.summary}`;
      expect(text, r.trackingNumber).toMatch(/roof age/i);
    }
  });

  it('finds a word written after the index was built (a corpus change builds it again)', async () => {
    const before = await ranked('zzyzxqa');
    expect(before).toEqual([]);
    const one = await db.selectFrom('zorro_filings').select(['id', 'title']).orderBy('id').executeTakeFirstOrThrow();
    await db
      .updateTable('zorro_filings')
      .set({ title: `${one.title} zzyzxqa` })
      .where('id', '=', one.id)
      .execute();
    await sql`SELECT zorro_refresh_search(ARRAY[${one.id}]::int[])`.execute(db);
    try {
      expect((await ranked('zzyzxqa')).map((r) => r.id)).toEqual([one.id]);
    } finally {
      await db.updateTable('zorro_filings').set({ title: one.title }).where('id', '=', one.id).execute();
      await sql`SELECT zorro_refresh_search(ARRAY[${one.id}]::int[])`.execute(db);
    }
    expect(await ranked('zzyzxqa')).toEqual([]);
  });
});
