import type { ColumnType, Generated } from 'kysely';
import type { ColumnMapping } from '@zview/contracts';
import type { WorldTables } from './world-schema.js';

/**
 * Kysely table types. Each migration in ./migrations that adds a table adds its type here.
 */
export interface OrganizationsTable {
  id: Generated<number>;
  name: string;
  products: ColumnType<string[], string[] | undefined, string[]>;
  is_trial: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface UsersTable {
  id: Generated<string>;
  email: string;
  first_name: string;
  last_name: string;
  status: Generated<'active' | 'deactivated' | 'deleted'>;
  is_internal_admin: Generated<boolean>;
  external_groups: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Generated<Date>;
  /** Identity (0100): how the user signs in, and when a soft delete happened. */
  identity_source: Generated<'password' | 'saml'>;
  saml_idp_id: string | null;
  deleted_at: Date | null;
  /** Security (0460): access tokens issued before this instant are refused. */
  tokens_not_before: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface OrganizationMembersTable {
  organization_id: number;
  user_id: string;
  role: Generated<'member' | 'admin'>;
  created_at: Generated<Date>;
  /** Per organisation (migration 0110): a member deactivated here may be active elsewhere. */
  status: Generated<'active' | 'deactivated' | 'deleted'>;
  status_changed_at: Date | null;
}

/* Identity tables (migration 0100). */
export interface UserCredentialsTable {
  user_id: string;
  password_hash: string;
  password_changed_at: Generated<Date>;
  password_expires_at: Date | null;
}
export interface LoginThrottlesTable {
  key: string;
  failures: Generated<number>;
  first_failure_at: Generated<Date>;
  locked_until: Date | null;
}
export interface SessionTokensTable {
  token_hash: string;
  user_id: string;
  expires_at: Date;
  consumed_at: Date | null;
}
export interface OidcModelsTable {
  kind: string;
  id: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Date | null;
  consumed_at: Date | null;
}
export interface IdentityKeysTable {
  name: string;
  value: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
}
export interface RevokedTokensTable {
  jti: string;
  expires_at: Date;
}
export interface SamlIdentityProvidersTable {
  id: string;
  organization_id: number;
  name: string;
  entity_id: string;
  sso_url: string;
  certificate: string;
  email_domains: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Generated<Date>;
  /** Security (0460): the group through which this IdP may grant internal-admin rights (none when null). */
  internal_admin_group: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface SamlRequestsTable {
  id: string;
  idp_id: string;
  redirect_uri: string;
  login_hint: string | null;
  expires_at: Date;
  consumed_at: Date | null;
}
export interface OutboxTable {
  id: Generated<number>;
  kind: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: Generated<Date>;
  sent_at: Date | null;
  error: string | null;
}
export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: string;
  expires_at: Date;
  consumed_at: Date | null;
}
export interface AuditLogTable {
  id: Generated<number>;
  at: Generated<Date>;
  actor_user_id: string | null;
  organization_id: number | null;
  action: string;
  subject: string | null;
  details: ColumnType<unknown, string | undefined, string>;
}

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

export interface Database extends WorldTables, BillingTables, StaffAdministrationTables {
  property_lookups: PropertyLookupsTable;
  organizations: OrganizationsTable & CustomerColumns;
  users: UsersTable;
  organization_members: OrganizationMembersTable;
  user_credentials: UserCredentialsTable;
  login_throttles: LoginThrottlesTable;
  session_tokens: SessionTokensTable;
  oidc_models: OidcModelsTable;
  identity_keys: IdentityKeysTable;
  revoked_tokens: RevokedTokensTable;
  saml_identity_providers: SamlIdentityProvidersTable;
  saml_requests: SamlRequestsTable;
  outbox: OutboxTable;
  password_reset_tokens: PasswordResetTokensTable;
  audit_log: AuditLogTable & AuditImages;
  portfolio_uploads: PortfolioUploadsTable;
  portfolios: PortfoliosTable;
  portfolio_products: PortfolioProductsTable;
  portfolio_runs: PortfolioRunsTable;
  portfolio_rows: PortfolioRowsTable;
  portfolio_run_chunks: PortfolioRunChunksTable;
  portfolio_results: PortfolioResultsTable;
  usage_events: UsageEventsTable;
  score_index_builds: ScoreIndexBuildsTable;
  score_index: ScoreIndexTable;
  score_index_plans: ScoreIndexPlansTable;
  score_index_parts: ScoreIndexPartsTable;
  placement_builds: {
    world_revision: ColumnType<string, number | string, never>;
    cell_count: number;
    built_at: Generated<Date>;
  };
  world_revision: { id: Generated<boolean>; revision: ColumnType<string, never, never> };
  analytics_events: AnalyticsEventsTable;
  agreements: AgreementsTable;
  appeal_settings: AppealSettingsTable;
  appeals: AppealsTable;
  appeal_evidence: AppealEvidenceTable;
  appeal_events: AppealEventsTable;
  appeal_score_versions: AppealScoreVersionsTable;
  membership_invitations: MembershipInvitationsTable;
  zorro_filings: ZorroFilingsTable;
  zorro_coverages: ZorroCoveragesTable;
  zorro_objections: ZorroObjectionsTable;
  zorro_documents: ZorroDocumentsTable;
  zorro_pages: ZorroPagesTable;
  zorro_conversations: ZorroConversationsTable;
  zorro_messages: ZorroMessagesTable;
  api_keys: ApiKeysTable;
  api_key_buckets: ApiKeyBucketsTable;
  zorro_corpus: ZorroCorpusTable;
  zorro_facet_cache: ZorroFacetCacheTable;
}

// Portfolios (migration 0300).
type Json<T> = ColumnType<T, string, string>;

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
  processing_error: string | null;
  /** Rows per geocoding precision, 'pending' and 'unusable' (migration 0350). */
  geocode_counts: ColumnType<Record<string, number>, string | undefined, string>;
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
  raw_values: Json<string[]>;
  ref: string | null;
  address: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
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
  top_factors: Json<{ name: string; contribution: number }[]>;
  /** The top factors' names joined with '; ' (migration 0800); null in results written before it. */
  top_factor_names: Generated<string | null>;
  model_version: string;
  problem: string | null;
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
  top_factors: Json<{ name: string; contribution: number }[]>;
  /** Generated from top_factors (migration 0800): the names joined with '; '. */
  top_factor_names: ColumnType<string, never, never>;
  problem: string | null;
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

/** Billing (migration 0501): usage_events summed per organisation, product, channel and day by triggers. */
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
  usage_rollup: UsageRollupTable;
}

/* Staff administration (migration 0550): product switches with dates, mock responses and cases.
 * Also adds organizations.contact_email/account_manager/notes/updated_at and audit_log.before/after
 * (declared in CustomerColumns and AuditImages below, merged into the tables' types). */
export interface CustomerColumns {
  contact_email: string | null;
  account_manager: string | null;
  notes: string | null;
  updated_at: Generated<Date>;
}
export interface AuditImages {
  before: ColumnType<unknown, string | null | undefined, string | null>;
  after: ColumnType<unknown, string | null | undefined, string | null>;
}
export interface OrganizationProductsTable {
  organization_id: number;
  product: string;
  enabled: boolean;
  start_date: ColumnType<Date | null, string | null | undefined, string | null>;
  end_date: ColumnType<Date | null, string | null | undefined, string | null>;
  updated_at: Generated<Date>;
}
export interface MockResponsesTable {
  id: Generated<number>;
  name: string;
  payload: ColumnType<unknown, string, string>;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface MockCasesTable {
  id: Generated<number>;
  location: string;
  location_type: 'address' | 'coordinates' | 'portfolio';
  api_version: string;
  mock_response_id: number;
  products: ColumnType<string[], string[], string[]>;
  created_at: Generated<Date>;
}
export interface StaffAdministrationTables {
  organization_products: OrganizationProductsTable;
  mock_responses: MockResponsesTable;
  mock_cases: MockCasesTable;
}

// Appeals (migration 0600).
export interface AppealSettingsTable {
  organization_id: number;
  deadline_days: number;
  updated_at: Generated<Date>;
}

export type AppealStatusColumn =
  'draft' | 'submitted' | 'under_review' | 'accepted' | 'rejected' | 'reverted' | 'expired';

export interface AppealsTable {
  id: Generated<number>;
  organization_id: number;
  property_id: string;
  h3_index: string;
  product: string;
  feature_name: string | null;
  status: Generated<AppealStatusColumn>;
  manual_inputs: Json<Record<string, number | string | boolean>>;
  reason: Generated<string>;
  created_by: string | null;
  assignee_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deadline_at: Date;
  decided_at: Date | null;
  score_before: number | null;
  score_after: number | null;
}

export interface AppealEvidenceTable {
  id: Generated<number>;
  appeal_id: number;
  organization_id: number;
  file_name: string;
  media_type: string;
  size_bytes: number;
  blob_key: string;
  uploaded_by: string | null;
  uploaded_at: Generated<Date>;
}

export interface AppealEventsTable {
  id: Generated<string>;
  appeal_id: number;
  organization_id: number;
  property_id: string;
  product: string;
  action: string;
  from_status: AppealStatusColumn | null;
  to_status: AppealStatusColumn;
  actor_id: string | null;
  actor_email: string | null;
  at: Generated<Date>;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
}

export interface AppealScoreVersionsTable {
  id: Generated<number>;
  organization_id: number;
  property_id: string;
  product: string;
  version: number;
  appeal_id: number;
  score: number | null;
  risk_level: string;
  model_version: string;
  manual_inputs: Json<Record<string, number | string | boolean>>;
  result: Json<unknown>;
  published_by: string | null;
  published_at: Generated<Date>;
}

/** Security (migration 0460): an existing account invited into an organisation accepts by a one-time link. */
export interface MembershipInvitationsTable {
  token_hash: string;
  organization_id: number;
  user_id: string;
  role: 'member' | 'admin';
  invited_by: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
  consumed_at: Date | null;
}

// Data discovery (migration 0700). Dates are read with to_char in db/zorro.ts; written as 'YYYY-MM-DD'.
export interface ZorroFilingsTable {
  id: Generated<number>;
  tracking_number: string;
  state: string;
  company: string;
  naic_group: string;
  naic_code: string | null;
  line: string;
  filing_type: string;
  status: string;
  title: string;
  summary: Generated<string>;
  meta_text: Generated<string>;
  submitted_on: ColumnType<Date, string, string>;
  disposition_on: ColumnType<Date | null, string | null | undefined, string | null>;
  effective_on: ColumnType<Date | null, string | null | undefined, string | null>;
  overall_change: number | null;
  models: Generated<string[]>;
  vendors: Generated<string[]>;
  categories: Generated<string[]>;
  source: Generated<'generated' | 'imported'>;
  sample: Generated<boolean>;
  search: ColumnType<string | null, never, never>;
  search_head: ColumnType<string | null, never, never>;
  created_at: Generated<Date>;
}
export interface ZorroCoveragesTable {
  filing_id: number;
  coverage: string;
  change: number;
}
export interface ZorroObjectionsTable {
  filing_id: number;
  seq: number;
  objected_on: ColumnType<Date | null, string | null | undefined, string | null>;
  objection: string;
  responded_on: ColumnType<Date | null, string | null | undefined, string | null>;
  response: string | null;
}
export interface ZorroDocumentsTable {
  id: Generated<number>;
  filing_id: number;
  seq: number;
  kind: string;
  title: string;
  page_count: Generated<number>;
}
export interface ZorroPagesTable {
  document_id: number;
  page_number: number;
  filing_id: number;
  body: string;
  search: ColumnType<string, never, never>;
}
export interface ZorroConversationsTable {
  id: Generated<number>;
  organization_id: number;
  user_id: string;
  title: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface ZorroMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  role: 'user' | 'assistant';
  text: string;
  answer: ColumnType<unknown, string | null, string | null>;
  created_at: Generated<Date>;
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
/* Public API keys (migration 0750, issue 19). */
export interface ApiKeysTable {
  id: Generated<string>;
  organization_id: number;
  name: string;
  /** The visible start of the key (e.g. `zv_live_ab12cd`), to tell keys apart. */
  prefix: string;
  /** SHA-256 (hex) of the whole key: the key itself is never stored. */
  key_hash: string;
  /** Products the key may use; null = every product of the organisation. */
  products: string[] | null;
  rate_per_second: Generated<number>;
  rate_burst: Generated<number>;
  created_by: string | null;
  created_at: Generated<Date>;
  expires_at: Date | null;
  revoked_at: Date | null;
  revoked_by: string | null;
  last_used_at: Date | null;
}
export interface ApiKeyBucketsTable {
  key_id: string;
  tokens: number;
  refilled_at: Date;
  allowed: boolean;
}
// Data discovery facet cache (migration 0770): counts per query under the corpus generation.
export interface ZorroCorpusTable {
  id: Generated<boolean>;
  generation: Generated<string>;
}
export interface ZorroFacetCacheTable {
  generation: string;
  key: string;
  body: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
}
