import type { ColumnType, Generated } from 'kysely';

/* What organisations used: lookups, billable usage events and product analytics (migrations 0250, 0450, 0650). */
/* Usage and lookups (migration 0250). */
export interface PropertyLookupsTable {
  id: Generated<string>;
  organization_id: number;
  user_id: string | null;
  location: string;
  location_type: string;
  property_id: string | null;
  address: string | null;
  scores: ColumnType<{ product: string; score: number | null; riskLevel: string }[], string, string>;
  created_at: Generated<Date>;
}

/** Billable usage (migration 0250): one row per product use; `event_key` makes retried work count once. */
export interface UsageEventsTable {
  id: Generated<number>;
  /** Set where work may be retried (it then counts once); null for a lookup's usage. */
  event_key: string | null;
  /** What was used: a property id for lookups. */
  reference: string | null;
  organization_id: number;
  user_id: string | null;
  product: string;
  channel: 'api' | 'zview' | 'portfolio';
  portfolio_id: number | null;
  run_id: number | null;
  row_number: number | null;
  /** Uses this record stands for (a portfolio chunk: its scored rows); billing sums it. */
  quantity: Generated<number>;
  occurred_at: Generated<Date>;
  /** The writing transaction's id (migration 1901): at or above usage_fold.watermark = not in usage_rollup yet; null = rolled up when written. */
  xid: Generated<string | null>;
}

// Product analytics (migration 0450).
export interface AnalyticsEventsTable {
  // Partitioned by month of occurred_at, keyed by (message_id, occurred_at) (migration 0650).
  message_id: string;
  occurred_at: Date;
  received_at: Generated<Date>;
  sent_at: Date | null;
  organization_id: number | null;
  user_id: string | null;
  anonymous_id: string | null;
  type: string;
  event: string | null;
  properties: ColumnType<Record<string, unknown>, string, string>;
  context: ColumnType<Record<string, unknown>, string | undefined, string>;
}

export interface UsageTables {
  property_lookups: PropertyLookupsTable;
  usage_events: UsageEventsTable;
  analytics_events: AnalyticsEventsTable;
}
