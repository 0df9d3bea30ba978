import { type Kysely, sql } from 'kysely';

/**
 * Identity: password credentials, sign-in throttling, one-time session tokens, the embedded
 * OIDC provider's store and keys, enterprise SAML identity providers, the mail outbox, password
 * resets and the audit trail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users
      ADD COLUMN identity_source text NOT NULL DEFAULT 'password' CHECK (identity_source IN ('password', 'saml')),
      ADD COLUMN saml_idp_id text,
      ADD COLUMN deleted_at timestamptz`.execute(db);

  await sql`
    CREATE TABLE user_credentials (
      user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      password_hash text NOT NULL,
      password_changed_at timestamptz NOT NULL DEFAULT now(),
      password_expires_at timestamptz
    )`.execute(db);

  // One row per throttled key ('account:<email>' or 'ip:<address>').
  await sql`
    CREATE TABLE login_throttles (
      key text PRIMARY KEY,
      failures integer NOT NULL DEFAULT 0,
      first_failure_at timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz
    )`.execute(db);

  // Only a hash of each token is stored, so a database read does not yield a usable token.
  await sql`
    CREATE TABLE session_tokens (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      consumed_at timestamptz
    )`.execute(db);

  await sql`
    CREATE TABLE oidc_models (
      kind text NOT NULL,
      id text NOT NULL,
      payload jsonb NOT NULL,
      grant_id text,
      user_code text,
      uid text,
      expires_at timestamptz,
      consumed_at timestamptz,
      PRIMARY KEY (kind, id)
    )`.execute(db);
  await sql`CREATE INDEX oidc_models_grant_idx ON oidc_models (grant_id) WHERE grant_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX oidc_models_uid_idx ON oidc_models (uid) WHERE uid IS NOT NULL`.execute(db);
  await sql`CREATE INDEX oidc_models_user_code_idx ON oidc_models (user_code) WHERE user_code IS NOT NULL`.execute(db);
  await sql`CREATE INDEX oidc_models_expires_idx ON oidc_models (expires_at)`.execute(db);

  // Signing keys (JWKS) and cookie keys, shared by every server process.
  await sql`
    CREATE TABLE identity_keys (
      name text PRIMARY KEY,
      value jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  // JWT access tokens cannot be deleted from a store; their ids are listed here until they expire.
  await sql`
    CREATE TABLE revoked_tokens (
      jti text PRIMARY KEY,
      expires_at timestamptz NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE saml_identity_providers (
      id text PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      name text NOT NULL,
      entity_id text NOT NULL,
      sso_url text NOT NULL,
      certificate text NOT NULL,
      email_domains text[] NOT NULL DEFAULT '{}', -- lower-case
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX saml_identity_providers_domains_idx ON saml_identity_providers USING gin (email_domains)`.execute(
    db,
  );

  await sql`
    CREATE TABLE saml_requests (
      id text PRIMARY KEY,
      idp_id text NOT NULL REFERENCES saml_identity_providers(id) ON DELETE CASCADE,
      redirect_uri text NOT NULL,
      login_hint text,
      expires_at timestamptz NOT NULL,
      consumed_at timestamptz
    )`.execute(db);

  await sql`
    CREATE TABLE outbox (
      id bigserial PRIMARY KEY,
      kind text NOT NULL,
      recipient text NOT NULL,
      subject text NOT NULL,
      body text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      error text
    )`.execute(db);

  await sql`
    CREATE TABLE password_reset_tokens (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      consumed_at timestamptz
    )`.execute(db);

  await sql`
    CREATE TABLE audit_log (
      id bigserial PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      actor_user_id uuid,
      organization_id integer,
      action text NOT NULL,
      subject text,
      details jsonb NOT NULL DEFAULT '{}'
    )`.execute(db);
  await sql`CREATE INDEX audit_log_org_idx ON audit_log (organization_id, at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE audit_log, password_reset_tokens, outbox, saml_requests, saml_identity_providers, revoked_tokens,
    identity_keys, oidc_models, session_tokens, login_throttles, user_credentials`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN identity_source, DROP COLUMN saml_idp_id, DROP COLUMN deleted_at`.execute(db);
}
