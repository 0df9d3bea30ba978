import { sql } from 'kysely';
import type { Db } from './database.js';

/** The imagery the products read: oldest and newest capture dates and how many captures. */
export async function imageryDateRange(db: Db) {
  const row = await db
    .selectFrom('imagery_captures')
    .select([
      sql<string | null>`min(captured_on)::text`.as('from'),
      sql<string | null>`max(captured_on)::text`.as('to'),
      sql<string>`count(*)`.as('captures'),
    ])
    .executeTakeFirst();
  const event = await db
    .selectFrom('weather_events')
    .select(sql<string | null>`max(occurred_on)::text`.as('latest'))
    .executeTakeFirst();
  return {
    from: row?.from ?? null,
    to: row?.to ?? null,
    captures: Number(row?.captures ?? 0),
    latestEventOn: event?.latest ?? null,
  };
}

/** Properties per state, with the number of cities (the product's coverage). */
export async function coverageByState(db: Db) {
  const rows = await db
    .selectFrom('properties')
    .select(['state', sql<string>`count(*)`.as('properties'), sql<string>`count(DISTINCT city)`.as('cities')])
    .groupBy('state')
    .orderBy('state')
    .execute();
  return rows.map((r) => ({ state: r.state, properties: Number(r.properties), cities: Number(r.cities) }));
}

/** The organisation's latest lookups that scored `product`, one row per property, newest first. */
export async function recentLookupsOfProduct(db: Db, organizationId: number, product: string, limit: number) {
  const rows = await sql<{
    created_at: Date;
    location: string;
    location_type: string;
    address: string | null;
    property_id: string | null;
    scores: { product: string; score: number | null; riskLevel: string }[];
  }>`
    SELECT * FROM (
      SELECT DISTINCT ON (coalesce(l.property_id::text, lower(coalesce(l.address, l.location))))
             l.created_at, l.location, l.location_type, l.address, l.property_id, l.scores
        FROM property_lookups l
       WHERE l.organization_id = ${organizationId}
         AND l.scores @> ${JSON.stringify([{ product }])}::jsonb
       ORDER BY coalesce(l.property_id::text, lower(coalesce(l.address, l.location))), l.created_at DESC, l.id DESC
    ) latest
    ORDER BY created_at DESC
    LIMIT ${limit}`.execute(db);
  return rows.rows;
}
