import type { Generated } from 'kysely';

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

export interface ApiKeyTables {
  api_keys: ApiKeysTable;
  api_key_buckets: ApiKeyBucketsTable;
}
