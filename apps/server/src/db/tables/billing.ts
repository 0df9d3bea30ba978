import type { ColumnType, Generated } from 'kysely';

/** Agreements (migration 0500): read by billing, edited by staff administration. */
export interface AgreementsTable {
  id: Generated<number>;
  organization_id: number;
  product: string;
  /** Date columns come back as JS Dates (midnight local time); write 'YYYY-MM-DD'. */
  contract_start: ColumnType<Date, string, string>;
  contract_end: ColumnType<Date | null, string | null | undefined, string | null>;
  committed_annual_volume: ColumnType<string, number | string, number | string>;
  bill_reruns: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Billing (migration 0501): usage_events summed per organisation, product, channel and day (folded in bulk since 1901). */
export interface UsageRollupTable {
  organization_id: number;
  product: string;
  channel: 'api' | 'zview' | 'portfolio';
  day: ColumnType<Date, string, string>;
  rerun: boolean;
  /** Portfolio channel: 'run:{id}' or 'ref:{reference}'; '' otherwise. */
  batch_key: string;
  slot: number;
  portfolio_id: number | null;
  run_id: number | null;
  reference: string | null;
  quantity: ColumnType<string, number | string, number | string>;
  last_at: Date;
}

export interface BillingTables {
  agreements: AgreementsTable;
  usage_rollup: UsageRollupTable;
  /** The view billing reads (migration 1901): usage_rollup and the ledger's rows not folded into it yet (slot -1). */
  usage_totals: UsageRollupTable;
}
