import type { ColumnType, Generated } from 'kysely';
import type { ColumnMapping } from '@zview/contracts';
import type { Json } from './json.js';

/* Portfolios, their runs and results, and the score index runs join (migrations 0300-0340, 0780, 0800). */
// Portfolios (migration 0300).

export interface PortfolioUploadsTable {
  name: string;
  organization_id: number;
  user_id: string;
  original_name: string;
  size_bytes: number;
  delimiter: string;
  has_bom: boolean;
  header: Json<string[]>;
  created_at: Generated<Date>;
  /** Security (0461): the text encoding the upload was read in. */
  encoding: ColumnType<string, string | undefined, string>;
}

export interface PortfoliosTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  description: Generated<string>;
  portfolio_type: Generated<string>;
  uploaded_file_name: string;
  created_by: string;
  header: Json<string[]>;
  column_mapping: Json<ColumnMapping>;
  row_count: number | null;
  ingested_at: Date | null;
  /** Set while staff have the file read suspended (migration 1320). */
  ingest_suspended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  processing_error: string | null;
  /** Rows per geocoding precision, 'pending' and 'unusable' (migration 0350). */
  geocode_counts: ColumnType<Record<string, number>, string | undefined, string>;
  /** The world revision the rows' placed_property_id hold for (migration 0850); null: none placed at ingest. */
  placed_world_revision: ColumnType<number | null, never, number | null>;
  /** The rows placed at ingest on no parcel and not far from every property (migration 0910); null: not recorded. */
  unplaced_rows: ColumnType<number[] | null, never, number[] | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PortfolioProductsTable {
  portfolio_id: number;
  product: string;
  status: Generated<'UPLOADED' | 'IN_PROGRESS' | 'READY' | 'PROCESSED' | 'ARCHIVED'>;
  current_run_id: number | null;
  export_columns: Json<string[]> | null;
  export_blob: string | null;
  exported_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PortfolioRunsTable {
  id: Generated<number>;
  portfolio_id: number;
  product: string;
  model_version: string;
  data_date: string;
  requested_by: string;
  chunk_size: number;
  chunk_count: number;
  previous_run_id: number | null;
  changed_count: number | null;
  suspended_at: Date | null;
  created_at: Generated<Date>;
  completed_at: Date | null;
  /** The score index build the run scored with (migration 0330). */
  score_build_id: Generated<number | null>;
}

export interface RunSummaryCounts {
  low: number;
  medium: number;
  high: number;
  none: number;
  errors: number;
}

export interface PortfolioRowsTable {
  portfolio_id: number;
  row_number: number;
  /** The values as uploaded; null where csv_line holds them exactly (migration 0920: read them with originalValues). */
  raw_values: Json<string[]> | null;
  ref: string | null;
  address: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  /** The row's own coordinates where the ingest did not place it by them; null where it did (its place, geo_latitude and geo_longitude, holds them). */
  latitude: number | null;
  longitude: number | null;
  attributes: Json<Record<string, string>>;
  problem: string | null;
  geo_latitude: number | null;
  geo_longitude: number | null;
  geo_precision: string | null;
  geo_problem: string | null;
  /** The property the address geocoder matched (migration 0360). */
  geo_property_id: Generated<string | null>;
  geocoded_at: Date | null;
  /** The original values as the CSV export writes them, rendered at ingest (migration 0830); null before it. */
  csv_line: Generated<string | null>;
  /** The property whose parcel holds the row's own point, found at ingest (migration 0850); see portfolios.placed_world_revision. */
  placed_property_id: Generated<string | null>;
}

export interface PortfolioRunChunksTable {
  run_id: number;
  chunk_index: number;
  row_count: number;
  committed_at: Generated<Date>;
  /** Risk-level and error counts of the chunk's results (migration 0340). */
  summary: ColumnType<RunSummaryCounts, string | undefined, string>;
}

export interface PortfolioResultsTable {
  run_id: number;
  row_number: number;
  score: number | null;
  risk_level: 'low' | 'medium' | 'high' | 'none';
  confidence: number | null;
  /** The top factors as jsonb: results written before migration 0930, and those from an appeal version or a scorer without the index; else null (read them with zview_top_factors). */
  top_factors: Json<{ name: string; contribution: number }[] | null>;
  /** The top factors' names joined with '; ' (migration 0800); null in results written before it. */
  top_factor_names: Generated<string | null>;
  /** The top factors' contributions, in the order of top_factor_names (migration 0930); null where top_factors holds them. */
  top_factor_contributions: Generated<number[] | null>;
  model_version: string;
  problem: string | null;
}

// Score index of portfolio runs (migration 0330).
export interface ScoreIndexBuildsTable {
  id: Generated<number>;
  product: string;
  model_version: string;
  as_of: ColumnType<Date, string, string>;
  world_revision: ColumnType<string, number | string, number | string>;
  built_through: string | null;
  property_count: Generated<number>;
  created_at: Generated<Date>;
  completed_at: Date | null;
}

export interface ScoreIndexTable {
  build_id: number;
  property_id: string;
  score: number | null;
  risk_level: string;
  confidence: number | null;
  /** The top factors as jsonb in builds made before migration 0930; null in later ones (top_factor_names and top_factor_contributions hold them). */
  top_factors: Json<{ name: string; contribution: number }[] | null>;
  /** The top factors' names joined with '; ', '' for none (migration 0800; written by the index's writers since 0840). */
  top_factor_names: string | null;
  /** The top factors' contributions, in the order of top_factor_names (migration 0930). */
  top_factor_contributions: number[] | null;
  problem: string | null;
}

// Score-index build split into parts for every worker (migration 0780, issue 20).
export interface ScoreIndexPlansTable {
  id: Generated<number>;
  build_ids: number[];
  world_revision: ColumnType<string, number | string, number | string>;
  part_count: number;
  created_at: Generated<Date>;
  completed_at: Date | null;
}
export interface ScoreIndexPartsTable {
  plan_id: number;
  part: number;
  after_id: string;
  through_id: string | null;
  built_through: string | null;
  property_count: Generated<number>;
  leased_until: Date | null;
  done_at: Date | null;
}

export interface PortfolioTables {
  portfolio_uploads: PortfolioUploadsTable;
  portfolios: PortfoliosTable;
  portfolio_products: PortfolioProductsTable;
  portfolio_runs: PortfolioRunsTable;
  portfolio_rows: PortfolioRowsTable;
  portfolio_run_chunks: PortfolioRunChunksTable;
  portfolio_results: PortfolioResultsTable;
  score_index_builds: ScoreIndexBuildsTable;
  score_index: ScoreIndexTable;
  score_index_plans: ScoreIndexPlansTable;
  score_index_parts: ScoreIndexPartsTable;
}
