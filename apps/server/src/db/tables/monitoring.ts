import type { ColumnType, Generated } from 'kysely';
import type { Json } from './json.js';

/* Monitored portfolios and their score changes (migration 1100, issue 41). */

export type ChangeCause = 'capture' | 'model' | 'permit' | 'correction' | 'appeal';

export interface FactorContribution {
  name: string;
  contribution: number;
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

export interface MonitoringTables {
  monitored_products: MonitoredProductsTable;
  monitored_rows: MonitoredRowsTable;
  world_changes: WorldChangesTable;
  score_changes: ScoreChangesTable;
}
