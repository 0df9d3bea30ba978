import type { ColumnType, Generated } from 'kysely';
import type { Json } from './json.js';

/* Monitored portfolios and their score changes (migration 1100, issue 41). */

export type ChangeCause = 'capture' | 'model' | 'permit' | 'correction' | 'appeal';

export interface FactorContribution {
  name: string;
  contribution: number;
}

/** A building feature a permit or correction moved, from and to its values. */
export interface FeatureChange {
  name: string;
  from: string | number | boolean | null;
  to: string | number | boolean | null;
}

export interface MovedFactor {
  name: string;
  from: number | null;
  to: number | null;
}

export interface MonitoredProductsTable {
  portfolio_id: number;
  product: string;
  organization_id: number;
  pinned: Generated<boolean>;
  base_run_id: number;
  enabled_by: string;
  enabled_at: Generated<Date>;
  /** The last score change recorded before the rows were copied from the base run (migration 1140). */
  changes_after: ColumnType<string | null, string | null | undefined, string | null>;
  /** The run whose rows SQL could not place are still being placed by the worker (migration 1890). */
  placing_run_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The last row number the placing checked. */
  placing_after: Generated<number>;
  placing_last_row: ColumnType<number | null, number | null | undefined, number | null>;
  /** The last world change applied when the placing began (later ones are replayed for rows placed). */
  placing_changes_after: ColumnType<string | null, string | null | undefined, string | null>;
  placing_touched_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface MonitoredRowsTable {
  portfolio_id: number;
  product: string;
  row_number: number;
  property_id: string;
  score: number | null;
  risk_level: string;
  factors: Json<FactorContribution[]>;
  model_version: string;
  updated_at: Generated<Date>;
}

export interface WorldChangesTable {
  id: Generated<string>;
  cause: ChangeCause;
  cause_id: string;
  description: Generated<string>;
  organization_id: number | null;
  product: string | null;
  occurred_on: ColumnType<Date, string, string>;
  west: number | null;
  south: number | null;
  east: number | null;
  north: number | null;
  property_ids: string[] | null;
  /** Property id → the feature keys the change moved there (migration 1130); null when not known. */
  moved_features: ColumnType<Record<string, string[]> | null, string | null | undefined, string | null>;
  /** Property id → the features moved there with their values (migration 1150; permits, corrections). */
  feature_changes: ColumnType<Record<string, FeatureChange[]> | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  processed_at: Date | null;
  affected_rows: number | null;
  changed_rows: number | null;
}

export interface ScoreChangesTable {
  id: Generated<string>;
  changed_at: Generated<Date>;
  effective_on: ColumnType<Date, string, string>;
  organization_id: number;
  portfolio_id: number;
  product: string;
  row_number: number;
  property_id: string;
  old_score: number | null;
  new_score: number | null;
  old_level: string;
  new_level: string;
  old_model_version: string;
  new_model_version: string;
  factors: Json<MovedFactor[]>;
  cause: ChangeCause;
  cause_id: string;
  world_change_id: string;
}

/** A run's diff against its previous run, kept when it finishes (migration 1120). */
export interface PortfolioRunDiffsTable {
  run_id: number;
  previous_run_id: number;
  rows: number;
  changed: number;
  transitions: ColumnType<
    { from: string; to: string; count: number; deltaSum: number | null }[],
    string | undefined,
    string
  >;
}

/** A run's diff summary against an earlier run of its chain, kept when it finishes (migration 1650). */
export interface PortfolioRunPairDiffsTable {
  run_id: number;
  earlier_run_id: number;
  rows: number;
  changed: number;
  transitions: ColumnType<
    { from: string; to: string; count: number; deltaSum: number | null }[],
    string | undefined,
    string
  >;
}

/** The rows whose score or level moved since the previous run (migration 1120). */
export interface PortfolioRunChangesTable {
  run_id: number;
  row_number: number;
  old_score: number | null;
  old_level: string;
  new_score: number | null;
  new_level: string;
}

export interface MonitoringTables {
  monitored_products: MonitoredProductsTable;
  monitored_rows: MonitoredRowsTable;
  world_changes: WorldChangesTable;
  score_changes: ScoreChangesTable;
  portfolio_run_diffs: PortfolioRunDiffsTable;
  portfolio_run_changes: PortfolioRunChangesTable;
  portfolio_run_pair_diffs: PortfolioRunPairDiffsTable;
}

/* Notifications, alert rules and webhooks (migration 1110). */

export interface NotificationsTable {
  id: Generated<string>;
  organization_id: number;
  user_id: string;
  kind: string;
  title: string;
  body: Generated<string>;
  link: string | null;
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Generated<Date>;
  read_at: Date | null;
  emailed_at: Date | null;
}

export interface AlertRulesTable {
  id: Generated<number>;
  organization_id: number;
  portfolio_id: number;
  name: string;
  kind: 'level_change' | 'threshold' | 'delta';
  threshold: number | null;
  min_delta: number | null;
  product: string | null;
  cause: string | null;
  channels: string[];
  enabled: Generated<boolean>;
  created_by: string;
  created_at: Generated<Date>;
}

export interface WebhookSecret {
  secret: string;
  createdAt: string;
  /** A rotated-out secret still signs until then (the receiver moves to the new one meanwhile). */
  expiresAt: string | null;
}

export interface WebhookEndpointsTable {
  id: Generated<number>;
  organization_id: number;
  url: string;
  description: Generated<string>;
  event_types: Generated<string[]>;
  secrets: Json<WebhookSecret[]>;
  enabled: Generated<boolean>;
  disabled_at: Date | null;
  disabled_reason: string | null;
  failing_since: Date | null;
  created_by: string;
  created_at: Generated<Date>;
}

export interface WebhookMessagesTable {
  id: Generated<string>;
  organization_id: number;
  lane: string;
  event_type: string;
  payload: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
}

export interface WebhookDeliveriesTable {
  message_id: string;
  endpoint_id: number;
  lane: string;
  status: Generated<'pending' | 'succeeded' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: Date | null;
}

export interface WebhookAttemptsTable {
  id: Generated<string>;
  message_id: string;
  endpoint_id: number;
  attempted_at: Generated<Date>;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

export interface NotificationTables {
  notifications: NotificationsTable;
  alert_rules: AlertRulesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_messages: WebhookMessagesTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  notification_cursors: { name: string; last_id: string };
}
