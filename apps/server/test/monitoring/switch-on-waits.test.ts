import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { APPLIER_LOCK } from '../../src/db/monitoring.js';
import { APPLYING_NOTE } from '../../src/domain/monitoring/books.js';
import { usePortfolioTestApp } from '../portfolio/app.js';
import { handBookSteps } from './hand-book.js';

// Switch-ons while a world change is being applied wait for the applier on connections of the API
// pool: at most two of this process at once (domain/monitoring/applier-waits.ts), so a lookup still
// gets a connection. The test app's pool has five (test/database.ts): six switch-ons held all five.
const { app, db, url, services } = await usePortfolioTestApp({ worker: false });
const { run, handBook, monitor } = handBookSteps(app, db);

/** Books of eight rows, each with a finished run, ready to be switched on. */
async function books(count: number) {
  const made = [];
  for (let i = 0; i < count; i += 1) {
    const book = await handBook();
    await run(book.portfolioId, book.userId, { 1: 10, 2: 20, 3: 30, 4: 50, 5: 60, 6: 80, 7: 90, 8: 15 }, null);
    made.push(book);
  }
  return made;
}

/** A connection of the test's own (the pool's may all be taken): what the world change applier would hold. */
async function connect() {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Holds the applier's lock, as the worker does while it applies a change, until the function returned is called. */
async function holdApplierLock() {
  const client = await connect();
  await client.query('BEGIN');
  await client.query('SELECT pg_advisory_xact_lock($1)', [APPLIER_LOCK]);
  let released: Promise<void> | undefined;
  return () => (released ??= client.query('COMMIT').then(() => client.end()));
}

/** Backends of this database waiting on the applier's lock (the observer is outside any transaction: fresh stats). */
async function waitingOnApplier(observer: pg.Client): Promise<number> {
  const { rows } = await observer.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
     WHERE l.locktype = 'advisory' AND NOT l.granted AND l.objid::bigint = $1 AND a.wait_event_type = 'Lock'
       AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [APPLIER_LOCK],
  );
  return rows[0]!.n;
}

/** The most backends seen waiting on the applier's lock over `ms`, and how many wait at its end. */
async function watchWaiting(observer: pg.Client, ms: number) {
  let most = 0;
  let now = 0;
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 50))) {
    now = await waitingOnApplier(observer);
    most = Math.max(most, now);
  }
  return { most, now };
}

/** A DB-backed GET (the book's monitoring state), or 'starved' when it has not answered within 3 s. */
async function lookup(book: { portfolioId: number; headers: Record<string, string> }) {
  const started = Date.now();
  const answer = app.inject({
    method: 'GET',
    url: `/api/caribou/portfolio/${book.portfolioId}/monitoring`,
    headers: book.headers,
  });
  const timer = new Promise<'starved'>((resolve) => setTimeout(() => resolve('starved'), 3_000));
  const res = await Promise.race([answer, timer]);
  return res === 'starved' ? res : { statusCode: res.statusCode, ms: Date.now() - started };
}

describe('switch-ons waiting for a world change being applied', () => {
  it('hold at most two of the pool’s connections while they wait; lookups are answered; all switch on once it is done', async () => {
    const six = await books(6);
    const observer = await connect();
    const release = await holdApplierLock();
    try {
      const answers = six.map((b) => monitor(b.portfolioId, b.headers));
      const waiting = await watchWaiting(observer, 2_500);
      expect(waiting).toEqual({ most: 2, now: 2 });
      const looked = await lookup(six[0]!);
      expect(looked).toMatchObject({ statusCode: 200 });
      await release();
      for (const res of await Promise.all(answers)) {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ monitored: true, rows: 8 });
      }
      expect(await waitingOnApplier(observer)).toBe(0);
    } finally {
      await release();
      await observer.end();
    }
  });

  it('answer 409 at their deadline, whether they waited on the lock or for a turn, and leave nothing waiting', async () => {
    const six = await books(6);
    const observer = await connect();
    const release = await holdApplierLock();
    services.applierWaitMs = 1_000;
    try {
      const started = Date.now();
      const answers = six.map(async (b) => {
        const res = await monitor(b.portfolioId, b.headers);
        return { res, ms: Date.now() - started };
      });
      // Within the deadline's first half some have reached the lock (two at most; a slow machine may not have both there yet).
      const { most } = await watchWaiting(observer, 500);
      expect(most).toBeGreaterThan(0);
      expect(most).toBeLessThanOrEqual(2);
      for (const { res, ms } of await Promise.all(answers)) {
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().error.message).toBe(APPLYING_NOTE);
        // The deadline counts from the request's start: a turn waited for is not added to it.
        expect(ms).toBeLessThan(1_900);
      }
      expect(await waitingOnApplier(observer)).toBe(0);
      await release();
      const state = await app.inject({
        method: 'GET',
        url: `/api/caribou/portfolio/${six[5]!.portfolioId}/monitoring`,
        headers: six[5]!.headers,
      });
      expect(state.json()).toEqual({ products: [] });
    } finally {
      services.applierWaitMs = undefined;
      await release();
      await observer.end();
    }
  });
});
