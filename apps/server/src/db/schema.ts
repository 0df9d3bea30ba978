import type { ColumnType, Generated } from 'kysely';
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
}

export interface OrganizationMembersTable {
  organization_id: number;
  user_id: string;
  role: Generated<'member' | 'admin'>;
  created_at: Generated<Date>;
}

export interface Database extends WorldTables {
  organizations: OrganizationsTable;
  users: UsersTable;
  organization_members: OrganizationMembersTable;
}
