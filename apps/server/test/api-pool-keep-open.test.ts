import { afterAll, expect, it } from 'vitest';
import { openConnections } from '../src/db/connections.js';
import { apiPoolTimeouts, createDb, poolOf } from '../src/db/database.js';
import { useTestDatabase } from './database.js';

/**
 * Issue 46: the API pool keeps the connections the start-up warm-up readied (their backends'
 * catalogue caches, the prepared usage statement) however long they are idle; pg-pool closes the
 * others after its idle timeout. Without it, a first sign-in or lookup after 11 quiet seconds took
 * 12–15 ms longer (bench/first-requests.ts with IDLE_SECONDS=11): a connection to open and ready.
 */
const { url } = await useTestDatabase();
const { db } = createDb(url, 20, apiPoolTimeouts({}));
afterAll(() => db.destroy());

it('keeps four connections open when idle, and closes the rest', async () => {
  const pool = poolOf(db)!;
  // The idle timeout shortened from 10 s so the test does not wait for it.
  pool.options.idleTimeoutMillis = 100;
  await openConnections(db, 6);
  expect(pool.totalCount).toBe(6);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(pool.totalCount).toBe(4);
  expect(pool.idleCount).toBe(4);
});
