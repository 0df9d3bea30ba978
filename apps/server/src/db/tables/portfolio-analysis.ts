import type { ColumnType, Generated } from 'kysely';
import type { Json } from './json.js';

/* Portfolio analysis (issue 43, migration 1300): saved column mappings, exposure, accumulations. */

export interface PortfolioColumnMappingsTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  header: Json<string[]>;
  /** The header's names normalised and joined: files with the same key are offered the mapping. */
  header_key: string;
  /** Field → column name. */
  fields: Json<Record<string, string>>;
  created_by: string;
  created_at: Generated<Date>;
}

export interface PortfolioExposureBuildsTable {
  portfolio_id: number;
  /** The run whose completion the build followed (rows placed by then). */
  run_id: number;
  row_count: number;
  has_value: boolean;
  built_at: Generated<Date>;
}

export interface PortfolioExposureTable {
  portfolio_id: number;
  row_number: number;
  latitude: number;
  longitude: number;
  value: number | null;
  state: string | null;
  county: string | null;
  zip: string | null;
  h3_5: string;
  h3_7: string;
  h3_9: string;
  g250_y: number;
  g250_x: number;
  g1000_y: number;
  g1000_x: number;
}

export interface PortfolioAccumulationsTable {
  run_id: number;
  grouping: string;
  key: string;
  risk_level: string;
  count: number;
  value: number;
}

/** A ring as kept with a run's aggregates (portfolio_accumulation_builds.rings). */
export interface StoredRing {
  latitude: number;
  longitude: number;
  count: number;
  value: number;
  high: number;
}

export interface PortfolioAccumulationBuildsTable {
  run_id: number;
  totals: ColumnType<Record<string, { areas: number; count: number; value: number }>, string | undefined, string>;
  /** Per radius ("250", "1000"): the run's best rings, most value first (migration 1310). */
  rings: ColumnType<Record<string, StoredRing[]>, string | undefined, string>;
  built_at: ColumnType<Date, never, never>;
}

export interface PortfolioAnalysisTables {
  portfolio_column_mappings: PortfolioColumnMappingsTable;
  portfolio_exposure_builds: PortfolioExposureBuildsTable;
  portfolio_exposure: PortfolioExposureTable;
  portfolio_accumulations: PortfolioAccumulationsTable;
  portfolio_accumulation_builds: PortfolioAccumulationBuildsTable;
}
