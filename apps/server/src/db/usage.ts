import type { Db } from './database.js';

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

/** The organisation's recent lookups, newest first; `highRiskOnly` keeps those with a high score. */
export async function listRecentLookups(db: Db, organizationId: number, options: { limit: number; offset: number; highRiskOnly: boolean }) {
  let query = db
    .selectFrom('property_lookups')
    .leftJoin('users', 'users.id', 'property_lookups.user_id')
    .where('property_lookups.organization_id', '=', organizationId);
  if (options.highRiskOnly) query = query.where((eb) => eb(eb.ref('property_lookups.scores'), '@>', JSON.stringify([{ riskLevel: 'high' }]) as never));
  const [rows, total] = await Promise.all([
    query
      .select(['property_lookups.id', 'property_lookups.created_at', 'property_lookups.location', 'property_lookups.address', 'property_lookups.property_id', 'property_lookups.scores', 'users.email'])
      .orderBy('property_lookups.created_at', 'desc')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}
