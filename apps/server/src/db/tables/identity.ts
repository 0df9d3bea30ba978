import type { ColumnType, Generated } from 'kysely';

/* Organisations, users, memberships and the embedded identity provider (migrations 0001, 0100, 0460). */
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
  /** Tokens issued before this are refused when acting for this organisation (migration 0970). */
  tokens_not_before: ColumnType<Date | null, Date | null | undefined, Date | null>;
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

export interface IdentityTables {
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
  membership_invitations: MembershipInvitationsTable;
}
