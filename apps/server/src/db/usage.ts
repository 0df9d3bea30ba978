import { CompiledQuery, sql } from 'kysely';
import { poolOf, type Db } from './database.js';

export interface UsageRecord {
  organizationId: number;
  userId: string | null;
  product: string;
  channel: 'zview' | 'portfolio' | 'api';
  reference?: string | null;
  /** Same key twice counts once (retried work); none = always a new use. */
  eventKey?: string;
}

/** Writes usage rows; rows whose idempotency key was already recorded are skipped. */
export async function recordUsage(db: Db, records: UsageRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db
    .insertInto('usage_events')
    .values(
      records.map((r) => ({
        organization_id: r.organizationId,
        user_id: r.userId,
        product: r.product,
        channel: r.channel,
        reference: r.reference ?? null,
        ...(r.eventKey ? { event_key: r.eventKey } : {}),
      })),
    )
    .onConflict((oc) => oc.column('event_key').doNothing())
    .execute();
}

export interface LookupRecord {
  organizationId: number;
  userId: string;
  location: string;
  locationType: string;
  propertyId: string | null;
  address: string | null;
  scores: { product: string; score: number | null; riskLevel: string }[];
}

export async function recordLookup(db: Db, lookup: LookupRecord): Promise<void> {
  await db
    .insertInto('property_lookups')
    .values({
      organization_id: lookup.organizationId,
      user_id: lookup.userId,
      location: lookup.location,
      location_type: lookup.locationType,
      property_id: lookup.propertyId,
      address: lookup.address,
      scores: JSON.stringify(lookup.scores),
    })
    .execute();
}

/**
 * Folds the ledger's new rows into the billing rollup (migration 1901), in bulk and off every
 * writer's commit: billing reads the rollup plus what is not folded yet, so a fold changes no
 * figure. Returns the rollup rows written (0 when another fold or a correction of the ledger
 * was under way, or nothing new was over).
 */
export async function foldUsage(db: Db): Promise<number> {
  const { rows } = await sql<{ folded: string }>`SELECT zview_fold_usage() AS folded`.execute(db);
  return Number(rows[0]?.folded ?? 0);
}

/**
 * The organisation's recently looked-up properties: one row per property (or per place when no
 * property was found), its latest lookup first, with how many times it was looked up. The
 * high-risk tab keeps the properties whose latest lookup has a high-risk score.
 */
export async function listRecentLookups(
  db: Db,
  organizationId: number,
  options: { limit: number; offset: number; highRiskOnly: boolean },
) {
  const highRisk = options.highRiskOnly
    ? sql`WHERE latest.scores @> ${JSON.stringify([{ riskLevel: 'high' }])}::jsonb`
    : sql``;
  const grouped = sql`
    WITH latest AS (
      SELECT DISTINCT ON (coalesce(l.property_id::text, lower(coalesce(l.address, l.location))))
             l.id, l.created_at, l.location, l.address, l.property_id, l.scores, l.user_id,
             count(*) OVER (PARTITION BY coalesce(l.property_id::text, lower(coalesce(l.address, l.location)))) AS lookups
        FROM property_lookups l
       WHERE l.organization_id = ${organizationId}
       ORDER BY coalesce(l.property_id::text, lower(coalesce(l.address, l.location))), l.created_at DESC, l.id DESC
    )`;
  const [rows, total] = await Promise.all([
    sql<{
      id: string;
      created_at: Date;
      location: string;
      address: string | null;
      property_id: string | null;
      scores: unknown;
      email: string | null;
      lookups: string;
    }>`
      ${grouped}
      SELECT latest.id, latest.created_at, latest.location, latest.address, latest.property_id, latest.scores, u.email, latest.lookups
        FROM latest LEFT JOIN users u ON u.id = latest.user_id
        ${highRisk}
       ORDER BY latest.created_at DESC, latest.id DESC
       LIMIT ${options.limit} OFFSET ${options.offset}`.execute(db),
    sql<{ count: string }>`${grouped} SELECT count(*) AS count FROM latest ${highRisk}`.execute(db),
  ]);
  return {
    rows: rows.rows.map((r) => ({ ...r, id: String(r.id), lookups: Number(r.lookups) })),
    total: Number(total.rows[0]?.count ?? 0),
  };
}

/** One lookup's records: its usage rows and, unless it was a look-back or oblique view, its recent-lookups entry. */
export interface LookupWrite {
  usage: UsageRecord[];
  lookup?: LookupRecord;
}

/**
 * Group commit of lookups' usage (billing) and recent-lookup rows. `write` resolves once the
 * records are committed, so a lookup answers only after its usage is durable: nothing is lost
 * when the process dies. While batches are being written (up to `maxWriters` at once), the next
 * lookups' records gather and go in a following batch, as one statement (one round trip) for up
 * to `maxBatch` lookups; an idle server writes each lookup at the end of its event-loop turn. When a batch fails, its
 * lookups are written one by one, so one bad record fails only its own request. A statement is
 * atomic, so a record is never written twice. `close` waits for everything pending.
 */
export class UsageWriter {
  private queue: { write: LookupWrite; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private writers = 0;
  /** A writer is about to start and will take what is queued meanwhile. */
  private starting = false;
  private idle: Promise<void> = Promise.resolve();
  private settle: () => void = () => {};
  /** Batches sent, the lookups in them, and the sum over batches of those in flight when each was sent (the lookup bench reads them). */
  readonly stats = { batches: 0, written: 0, inFlightAtSend: 0 };
  private sending = 0;

  constructor(
    private readonly db: Db,
    private readonly maxBatch = 500,
    /**
     * Batches written at once. A commit waits for its WAL flush; with a second batch on the way
     * meanwhile, PostgreSQL flushes both with one write (its own group commit), and lookups
     * do not queue behind a whole flush.
     */
    private readonly maxWriters = 3,
    /** Where batches go: the group commit; start-up's warm-up passes `rehearseLookupWrites`. */
    private readonly sink: (db: Db, writes: readonly LookupWrite[]) => Promise<void> = writeLookups,
  ) {}

  write(write: LookupWrite): Promise<void> {
    if (write.usage.length === 0 && !write.lookup) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.queue.push({ write, resolve, reject });
      if (this.writers < this.maxWriters && !this.starting) this.start();
    });
  }

  /**
   * Starts a writer at the end of this turn of the event loop (setImmediate), so the lookups that
   * reach their write in the same turn (all those a change-feed fence or a batch released at
   * once) share one statement instead of the first going alone.
   */
  private start(): void {
    if (this.writers === 0) this.idle = new Promise((resolve) => (this.settle = resolve));
    this.writers += 1;
    this.starting = true;
    setImmediate(() => {
      this.starting = false;
      void this.drain();
    });
  }

  /** Resolves when every record written so far is committed (or has failed). */
  async close(): Promise<void> {
    while (this.writers > 0) await this.idle;
  }

  /** One writer (counted by `start`): batches until the queue is empty. */
  private async drain(): Promise<void> {
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, this.maxBatch);
        this.sending += 1;
        this.stats.batches += 1;
        this.stats.written += batch.length;
        this.stats.inFlightAtSend += this.sending;
        try {
          await this.sink(
            this.db,
            batch.map((b) => b.write),
          );
          for (const b of batch) b.resolve();
        } catch (error) {
          if (batch.length === 1) {
            batch[0]!.reject(error);
            continue;
          }
          for (const b of batch) await this.sink(this.db, [b.write]).then(b.resolve, b.reject);
        } finally {
          this.sending -= 1;
        }
      }
    } finally {
      this.writers -= 1;
      if (this.writers === 0) this.settle();
    }
  }
}

/**
 * Usage and recent-lookup rows of many lookups in one statement (unnest keeps its text constant),
 * prepared once per connection (a named statement): each group commit binds and runs it, without
 * building, parsing and planning it again.
 */
const WRITE_LOOKUPS = {
  name: 'zview_write_lookups_v1',
  text: `
    WITH usage AS (
      INSERT INTO usage_events (organization_id, user_id, product, channel, reference, event_key)
      SELECT organization_id, user_id, product, channel, reference, event_key
      FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
        AS u(organization_id, user_id, product, channel, reference, event_key)
      ON CONFLICT (event_key) DO NOTHING
    )
    INSERT INTO property_lookups (organization_id, user_id, location, location_type, property_id, address, scores)
    SELECT * FROM unnest($7::int[], $8::uuid[], $9::text[], $10::text[], $11::text[], $12::text[], $13::jsonb[])`,
};

export async function writeLookups(db: Db, writes: readonly LookupWrite[]): Promise<void> {
  const values = lookupWriteValues(writes);
  const pool = poolOf(db);
  if (pool) await pool.query({ ...WRITE_LOOKUPS, values });
  // A Db without a pool of its own (a transaction): the same statement, unnamed.
  else await db.executeQuery(CompiledQuery.raw(WRITE_LOOKUPS.text, values));
}

/** The group commit statement's parameters: one array per column. */
function lookupWriteValues(writes: readonly LookupWrite[]): unknown[][] {
  const usage = writes.flatMap((w) => w.usage);
  const lookups = writes.flatMap((w) => (w.lookup ? [w.lookup] : []));
  return [
    usage.map((u) => u.organizationId),
    usage.map((u) => u.userId),
    usage.map((u) => u.product),
    usage.map((u) => u.channel),
    usage.map((u) => u.reference ?? null),
    usage.map((u) => u.eventKey ?? null),
    lookups.map((l) => l.organizationId),
    lookups.map((l) => l.userId),
    lookups.map((l) => l.location),
    lookups.map((l) => l.locationType),
    lookups.map((l) => l.propertyId),
    lookups.map((l) => l.address),
    lookups.map((l) => JSON.stringify(l.scores)),
  ];
}

/**
 * The group commit's statement bound to no rows, on one of the pool's connections: what a batch
 * costs the writer and the connection (the named statement, the rollup trigger's plan) without a
 * row written. Start-up's warm-up principal's lookups go here (http/warm-up-principal.ts).
 */
export function rehearseLookupWrites(db: Db, writes: readonly LookupWrite[]): Promise<void> {
  // The rows' parameters are built (that code runs too) and dropped.
  lookupWriteValues(writes);
  return writeLookups(db, []);
}
