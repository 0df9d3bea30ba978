import type { ColumnType, Generated } from 'kysely';

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
