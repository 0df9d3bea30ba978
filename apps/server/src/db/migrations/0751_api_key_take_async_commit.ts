import { type Kysely, sql } from 'kysely';

/**
 * api_key_take (0750) no longer waits for the WAL flush at commit: every keyed request commits its
 * bucket row, and with synchronous commit the key's row lock was held for a disk flush, so one busy
 * key's requests queued behind each other's flushes. The bucket is advisory state.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION api_key_take(p_hash text)
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
         -- A bucket is advisory state: its commit need not wait for the WAL flush, so the row lock
         -- of a busy key is held for microseconds, not a disk flush (losing a few ms of refills in a crash is harmless).
         PERFORM set_config('synchronous_commit', 'off', true);
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

export async function down(): Promise<void> {
  // The function of 0750 is equivalent apart from the flush; nothing to undo.
}
