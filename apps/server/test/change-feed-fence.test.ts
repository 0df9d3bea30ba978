import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { syncRoundTrip } from '../src/db/change-feed.js';
import { useTestDatabase } from './database.js';

/**
 * The change feed's fence is a lone Sync message (no statement): every notification of a change
 * committed before it was sent must have arrived when it is answered, as with `SELECT 1`.
 */
const { url } = await useTestDatabase();
const listener = new pg.Client({ connectionString: url });
const writer = new pg.Client({ connectionString: url });
await listener.connect();
await writer.connect();
afterAll(async () => {
  await listener.end();
  await writer.end();
});

describe('the Sync fence', () => {
  it('answers after the notifications of every change committed before it, 300 times in a row', async () => {
    await listener.query('LISTEN zview_fence_test');
    const heard: string[] = [];
    listener.on('notification', (m) => heard.push(m.payload ?? ''));
    for (let i = 0; i < 300; i += 1) {
      await writer.query(`SELECT pg_notify('zview_fence_test', '${i}')`);
      await syncRoundTrip(listener);
      expect(heard.at(-1)).toBe(String(i));
    }
  });

  it('shares the connection with queries: they queue behind it and keep their answers', async () => {
    const [a, , b] = await Promise.all([
      listener.query('SELECT 1 AS n'),
      syncRoundTrip(listener),
      listener.query('SELECT 2 AS n'),
    ]);
    expect([a.rows[0].n, b.rows[0].n]).toEqual([1, 2]);
  });
});
