import pg from 'pg';
import { poolOf, stallGuardOf, type Db } from './database.js';
import { destroyClient, type StallGuard } from './stall-guard.js';

/**
 * Channels the database announces changes on (triggers of migration 0260_change_notifications):
 * `zview_auth` when users, organisations, memberships or revoked tokens change; `zview_world`
 * when the world tables (properties, buildings, permits, captures, events) change. `zview_jobs`
 * when a process queued background jobs (jobs/queue.ts), so idle workers elsewhere start them now.
 */
export type ChangeChannel = 'zview_auth' | 'zview_world' | 'zview_jobs';
const CHANNELS: readonly ChangeChannel[] = ['zview_auth', 'zview_world', 'zview_jobs'];
const RECONNECT_MS = 1000;

/**
 * What in-process caches of database rows listen to. A cache may serve an entry only after
 * `fence()` answered true: every change committed before the fence was called has then been
 * delivered to the subscribers (PostgreSQL sends a listening session its pending notifications
 * before the answer to its next query), so a deactivation, a revocation or an import takes
 * effect for the very next request, in this process or any other. Concurrent fences share one
 * round trip. While the listening connection is down, `fence()` answers false and every
 * subscriber has been told to forget everything: callers read the database instead.
 */
export interface ChangeFeed {
  fence(): Promise<boolean>;
  /** Fence queries sent so far (the lookup bench reports them per lookup). */
  readonly roundTrips: number;
  subscribe(channel: ChangeChannel, onChange: () => void): () => void;
  close(): Promise<void>;
}

/** A feed that is never live (no pool known for the Db): every cache reads through. */
const OFFLINE: ChangeFeed = {
  fence: async () => false,
  roundTrips: 0,
  subscribe: () => () => {},
  close: async () => {},
};

interface Feed extends ChangeFeed {
  users: number;
}
const feeds = new WeakMap<Db, Feed>();

/** The process's change feed of a database, shared by its users; each `release` it once (app close). */
export function acquireChangeFeed(db: Db): { feed: ChangeFeed; release: () => Promise<void> } {
  const pool = poolOf(db);
  if (!pool) return { feed: OFFLINE, release: async () => {} };
  let feed = feeds.get(db);
  if (!feed) {
    feed = createChangeFeed(pool.options as pg.ClientConfig, stallGuardOf(db));
    feeds.set(db, feed);
  }
  feed.users += 1;
  let released = false;
  const shared = feed;
  return {
    feed: shared,
    async release() {
      if (released) return;
      released = true;
      shared.users -= 1;
      if (shared.users === 0) {
        feeds.delete(db);
        await shared.close();
      }
    },
  };
}

/**
 * With a stall guard (API pools), a fence on a database that stopped answering throws
 * DatabaseStalledError (503) instead of waiting for the freeze to end, and the listening
 * connection is cut and opened again.
 */
export function createChangeFeed(connection: pg.ClientConfig, guard?: StallGuard): Feed {
  const subscribers = new Map<ChangeChannel, Set<() => void>>(CHANNELS.map((c) => [c, new Set()]));
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let connecting: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;
  // Fences: the one whose query is on the wire, and the one collecting callers for the next query.
  let inflight: Promise<boolean> | null = null;
  let next: Promise<boolean> | null = null;

  const notifyAll = (channels: readonly ChangeChannel[] = CHANNELS) => {
    for (const channel of channels) for (const fn of subscribers.get(channel) ?? []) fn();
  };

  function lost(which: pg.Client) {
    if (client !== which) return;
    client = null;
    live = false;
    // Changes may now go unheard: nothing cached may be trusted.
    notifyAll();
    which.end().catch(() => {});
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = null;
        void connect();
      }, RECONNECT_MS);
      retry.unref();
    }
  }

  function connect(): Promise<void> {
    if (closed) return Promise.resolve();
    if (connecting) return connecting;
    const candidate = new pg.Client({ ...connection, application_name: 'zview-change-feed' });
    candidate.on('notification', (message) => {
      if (candidate === client) notifyAll([message.channel as ChangeChannel]);
    });
    candidate.on('error', () => lost(candidate));
    candidate.on('end', () => lost(candidate));
    connecting = (async () => {
      try {
        await candidate.connect();
        await candidate.query(CHANNELS.map((c) => `LISTEN ${c}`).join('; '));
        if (closed) {
          await candidate.end();
          return;
        }
        client = candidate;
        live = true;
        // Whatever changed while nobody listened.
        notifyAll();
      } catch (error) {
        // A dropped database (3D000) will not come back: stay down (caches read through) instead of retrying.
        if ((error as { code?: string }).code === '3D000') closed = true;
        client = candidate;
        lost(candidate);
      } finally {
        connecting = null;
      }
    })();
    return connecting;
  }

  let roundTrips = 0;
  async function roundTrip(): Promise<boolean> {
    const current = client;
    if (!current || !live) return false;
    roundTrips += 1;
    try {
      await syncRoundTrip(current);
      return live && client === current;
    } catch {
      return false;
    }
  }

  /** A fence whose query is sent after every current caller arrived (joined while not yet sent). */
  function sharedFence(): Promise<boolean> {
    if (next) return next;
    const slot: { promise?: Promise<boolean> } = {};
    const mine = (async () => {
      // Always yields first, so `next` below is set before it is cleared here. The query goes out
      // at the end of this turn of the event loop at the earliest: requests read in the same turn
      // share it.
      await Promise.all([inflight, new Promise((resolve) => setImmediate(resolve))]);
      // The query goes out now: later callers need a later fence.
      if (next === slot.promise) next = null;
      inflight = slot.promise!;
      try {
        return await roundTrip();
      } finally {
        if (inflight === slot.promise) inflight = null;
      }
    })();
    slot.promise = mine;
    next = mine;
    return mine;
  }

  async function fence(): Promise<boolean> {
    if (closed) return false;
    if (!live) {
      if (connecting) await connecting;
      if (!live) return false;
    }
    return sharedFence();
  }

  void connect();
  return {
    users: 0,
    get roundTrips() {
      return roundTrips;
    },
    async fence() {
      if (!guard) return fence();
      return guard.run(fence, () => {
        if (client) destroyClient(client);
      });
    },
    subscribe(channel, onChange) {
      subscribers.get(channel)!.add(onChange);
      return () => subscribers.get(channel)!.delete(onChange);
    },
    async close() {
      closed = true;
      live = false;
      if (retry) clearTimeout(retry);
      if (connecting) await connecting;
      const current = client;
      client = null;
      if (current) await current.end().catch(() => {});
    },
  };
}

/**
 * The cheapest round trip the protocol has: a lone Sync message, which PostgreSQL answers with
 * ReadyForQuery — no statement to parse or plan, no transaction, no row to read back. It fences
 * as `SELECT 1` did: a backend sends a listening session's pending notifications on the same path
 * just before any ReadyForQuery (postgres.c, `send_ready_for_query`), so every notification of a
 * change committed before the Sync was written arrives before its answer. Sent as a submittable
 * through the client's queue, so it never overlaps another query of the connection.
 */
export function syncRoundTrip(client: pg.Client): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (error?: Error | null) => {
      if (settled) return;
      settled = true;
      if (error) reject(error);
      else resolve();
    };
    const submittable = {
      // The client's read timeout (query_timeout) calls this with its error.
      callback: (error: Error | null) => settle(error),
      submit(connection: { sync(): void }) {
        connection.sync();
      },
      handleReadyForQuery() {
        submittable.callback(null);
      },
      handleError(error: Error) {
        submittable.callback(error);
      },
      // Nothing else can answer a Sync; were it to, the round trip still ends at ReadyForQuery.
      handleRowDescription() {},
      handleDataRow() {},
      handleCommandComplete() {},
      handleEmptyQuery() {},
      handlePortalSuspended() {},
    };
    client.query(submittable as unknown as pg.Submittable);
  });
}
