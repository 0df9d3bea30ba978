import { sql } from 'kysely';
import type { Db } from './database.js';

/** One message as the collector stores it (analytics_events, migration 0650). */
export interface AnalyticsRow {
  /** The write key the batch came with: messageIds are unique per write key. */
  writeKey: string;
  messageId: string;
  occurredAt: Date;
  sentAt: Date | null;
  organizationId: number | null;
  userId: string | null;
  anonymousId: string | null;
  type: string;
  event: string | null;
  properties: Record<string, unknown>;
  context: Record<string, unknown>;
}

const monthKey = (at: Date) => `${at.getUTCFullYear()}-${at.getUTCMonth()}`;

/**
 * Stores rows in one statement; a message whose id was already seen for its write key (at any
 * time: retries may carry another timestamp or none) is skipped, through analytics_message_ids
 * (migration 0960), claimed in the same statement. Returns how many were new. Missing month
 * partitions are created first (remembered per process).
 */
export async function insertAnalyticsRows(db: Db, rows: AnalyticsRow[], knownMonths: Set<string>): Promise<number> {
  if (rows.length === 0) return 0;
  const months = new Map<string, Date>();
  for (const row of rows)
    if (!knownMonths.has(monthKey(row.occurredAt))) months.set(monthKey(row.occurredAt), row.occurredAt);
  for (const [key, at] of months) {
    await sql`SELECT analytics_events_ensure_partition(${at})`.execute(db);
    knownMonths.add(key);
  }
  const input = JSON.stringify(
    rows.map((row) => ({
      write_key: row.writeKey,
      message_id: row.messageId,
      occurred_at: row.occurredAt.toISOString(),
      sent_at: row.sentAt?.toISOString() ?? null,
      organization_id: row.organizationId,
      user_id: row.userId,
      anonymous_id: row.anonymousId,
      type: row.type,
      event: row.event,
      properties: row.properties,
      context: row.context,
    })),
  );
  const inserted = await sql<{ message_id: string }>`
    WITH input AS (
      SELECT DISTINCT ON (write_key, message_id) *
      FROM jsonb_to_recordset(${input}::jsonb) AS r(
        write_key text, message_id text, occurred_at timestamptz, sent_at timestamptz, organization_id integer,
        user_id text, anonymous_id text, type text, event text, properties jsonb, context jsonb)
      WHERE NOT EXISTS (SELECT 1 FROM analytics_message_ids m WHERE m.write_key = '' AND m.message_id = r.message_id)
    ), fresh AS (
      INSERT INTO analytics_message_ids (write_key, message_id)
      SELECT write_key, message_id FROM input
      ON CONFLICT DO NOTHING
      RETURNING write_key, message_id
    )
    INSERT INTO analytics_events
      (message_id, occurred_at, sent_at, organization_id, user_id, anonymous_id, type, event, properties, context)
    SELECT i.message_id, i.occurred_at, i.sent_at, i.organization_id, i.user_id, i.anonymous_id, i.type, i.event,
      coalesce(i.properties, '{}'), coalesce(i.context, '{}')
    FROM input i JOIN fresh f USING (write_key, message_id)
    ON CONFLICT (message_id, occurred_at) DO NOTHING
    RETURNING message_id`.execute(db);
  return inserted.rows.length;
}

/**
 * Group commit of the collector's rows, in the style of the usage writer (db/usage.ts): batches
 * that arrive while a statement is under way gather and go together in the next one (up to
 * `maxRows` rows, `maxWriters` statements at once), so a burst of batches costs a few round
 * trips and the event loop only ever waits on I/O. `write` resolves once its rows are committed.
 * When a combined statement fails, each batch is written alone, so one bad batch fails only itself.
 */
export class AnalyticsWriter {
  private queue: { rows: AnalyticsRow[]; resolve: (stored: number) => void; reject: (error: unknown) => void }[] = [];
  private writers = 0;
  private readonly knownMonths = new Set<string>();
  private idleWaiters: (() => void)[] = [];
  statements = 0;

  constructor(
    private readonly db: Db,
    private readonly maxRows = 2000,
    private readonly maxWriters = 2,
  ) {}

  write(rows: AnalyticsRow[]): Promise<number> {
    if (rows.length === 0) return Promise.resolve(0);
    return new Promise((resolve, reject) => {
      this.queue.push({ rows, resolve, reject });
      if (this.writers < this.maxWriters) {
        this.writers++;
        // Writers start at the end of the turn, so batches of one turn share a statement.
        setImmediate(() => void this.run());
      }
    });
  }

  private async run(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const taken: typeof this.queue = [];
        let count = 0;
        while (this.queue.length > 0 && (taken.length === 0 || count + this.queue[0]!.rows.length <= this.maxRows)) {
          const next = this.queue.shift()!;
          taken.push(next);
          count += next.rows.length;
        }
        await this.writeTogether(taken);
      }
    } finally {
      this.writers--;
      if (this.writers === 0) this.idleWaiters.splice(0).forEach((resolve) => resolve());
    }
  }

  private async writeTogether(taken: typeof this.queue): Promise<void> {
    this.statements++;
    try {
      const stored = await this.insertDistinct(taken.flatMap((item) => item.rows));
      // How many of each batch were new is not known per batch in a combined statement: each
      // learns the total of its own distinct rows unless it was alone.
      if (taken.length === 1) taken[0]!.resolve(stored);
      else for (const item of taken) item.resolve(item.rows.length);
    } catch {
      for (const item of taken) {
        try {
          item.resolve(await this.insertDistinct(item.rows));
        } catch (error) {
          item.reject(error);
        }
      }
    }
  }

  private insertDistinct(rows: AnalyticsRow[]): Promise<number> {
    // The same message twice in one statement is stored once.
    const seen = new Set<string>();
    const distinct = rows.filter((row) => {
      const key = `${row.writeKey}\u0001${row.messageId}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return insertAnalyticsRows(this.db, distinct, this.knownMonths);
  }

  /** Waits for everything queued to be written. */
  async close(): Promise<void> {
    if (this.writers === 0 && this.queue.length === 0) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }
}
