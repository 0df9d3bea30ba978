import { type Kysely, sql } from 'kysely';

/**
 * The public API (issue 19).
 * - api_keys: a key is stored only as the SHA-256 of its secret (`key_hash`), with a short visible
 *   prefix to tell keys apart; it carries its organisation, the products it may use (null: every
 *   product of the organisation), an optional expiry, its rate limit and when it was last used.
 * - api_key_buckets: one token bucket per key, refilled and taken in one statement, so every
 *   server process sharing this database shares the limit.
 * - api_key_take(hash): the one round trip of a keyed request. It finds the key (not revoked, not
 *   expired, at this instant: a revocation applies to the very next request in every process),
 *   its organisation, takes a token from the bucket under the row lock and says whether it was
 *   allowed and, if not, in how many milliseconds a token will be there. last_used_at is written
 *   at most every 10 seconds per key so a busy key does not rewrite its row on every request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE api_keys (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      name text NOT NULL,
      prefix text NOT NULL,
      key_hash text NOT NULL UNIQUE,
      products text[],
      rate_per_second double precision NOT NULL DEFAULT 20 CHECK (rate_per_second > 0),
      rate_burst integer NOT NULL DEFAULT 40 CHECK (rate_burst >= 1),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz,
      revoked_at timestamptz,
      revoked_by uuid REFERENCES users(id) ON DELETE SET NULL,
      last_used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX api_keys_organization_idx ON api_keys (organization_id, created_at DESC)`.execute(db);
  await sql`
    CREATE TABLE api_key_buckets (
      key_id uuid PRIMARY KEY REFERENCES api_keys(id) ON DELETE CASCADE,
      tokens double precision NOT NULL,
      refilled_at timestamptz NOT NULL,
      allowed boolean NOT NULL
    )`.execute(db);
  await sql
    .raw(
      `CREATE FUNCTION api_key_take(p_hash text)
       RETURNS TABLE (key_id uuid, organization_id integer, organization_name text, organization_products text[],
                      organization_is_trial boolean, key_products text[], created_by uuid, allowed boolean, retry_after_ms integer,
                      remaining integer, burst integer)
       LANGUAGE plpgsql AS $$
       DECLARE
         k api_keys%ROWTYPE;
         o organizations%ROWTYPE;
         t_now timestamptz := clock_timestamp();
         b api_key_buckets%ROWTYPE;
       BEGIN
         SELECT * INTO k FROM api_keys a
          WHERE a.key_hash = p_hash AND a.revoked_at IS NULL AND (a.expires_at IS NULL OR a.expires_at > t_now);
         IF NOT FOUND THEN RETURN; END IF;
         SELECT * INTO o FROM organizations WHERE id = k.organization_id;
         INSERT INTO api_key_buckets AS x (key_id, tokens, refilled_at, allowed)
              VALUES (k.id, k.rate_burst - 1, t_now, true)
         ON CONFLICT ON CONSTRAINT api_key_buckets_pkey DO UPDATE SET
              tokens = CASE WHEN least(k.rate_burst, x.tokens + k.rate_per_second * greatest(0, extract(epoch FROM t_now - x.refilled_at))) >= 1
                            THEN least(k.rate_burst, x.tokens + k.rate_per_second * greatest(0, extract(epoch FROM t_now - x.refilled_at))) - 1
                            ELSE least(k.rate_burst, x.tokens + k.rate_per_second * greatest(0, extract(epoch FROM t_now - x.refilled_at))) END,
              refilled_at = t_now,
              allowed = least(k.rate_burst, x.tokens + k.rate_per_second * greatest(0, extract(epoch FROM t_now - x.refilled_at))) >= 1
         RETURNING x.* INTO b;
         IF b.allowed AND (k.last_used_at IS NULL OR k.last_used_at < t_now - interval '10 seconds') THEN
           UPDATE api_keys SET last_used_at = t_now WHERE id = k.id;
         END IF;
         RETURN QUERY SELECT k.id, o.id, o.name, o.products, o.is_trial, k.products, k.created_by, b.allowed,
           CASE WHEN b.allowed THEN 0 ELSE ceil(1000 * (1 - b.tokens) / k.rate_per_second)::integer END,
           floor(b.tokens)::integer, k.rate_burst;
       END $$`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION api_key_take(text)`.execute(db);
  await sql`DROP TABLE api_key_buckets`.execute(db);
  await sql`DROP TABLE api_keys`.execute(db);
}
