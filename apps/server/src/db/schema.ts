import type { ColumnType, Generated } from 'kysely';
import type { WorldTables } from './world-schema.js';
import type { ApiKeyTables } from './tables/api-keys.js';
import type { AppealTables } from './tables/appeals.js';
import type { BillingTables } from './tables/billing.js';
import type { AuditLogTable, IdentityTables, OrganizationsTable } from './tables/identity.js';
import type { MonitoringTables, NotificationTables } from './tables/monitoring.js';
import type { PortfolioTables } from './tables/portfolios.js';
import type { PortfolioAnalysisTables } from './tables/portfolio-analysis.js';
import type { AuditImages, CustomerColumns, StaffAdministrationTables } from './tables/staff-administration.js';
import type { UsageTables } from './tables/usage.js';
import type { ZorroTables } from './tables/zorro.js';

export type * from './tables/api-keys.js';
export type * from './tables/appeals.js';
export type * from './tables/billing.js';
export type * from './tables/identity.js';
export type * from './tables/monitoring.js';
export type * from './tables/portfolios.js';
export type * from './tables/staff-administration.js';
export type * from './tables/usage.js';
export type * from './tables/zorro.js';

/**
 * Kysely's view of the whole database. Each table group lives in ./tables (one file per area, with
 * the migrations that made it); a migration that adds a table adds its type to its group's file.
 */
export interface Database
  extends
    WorldTables,
    IdentityTables,
    PortfolioTables,
    PortfolioAnalysisTables,
    UsageTables,
    BillingTables,
    StaffAdministrationTables,
    AppealTables,
    ZorroTables,
    ApiKeyTables,
    MonitoringTables,
    NotificationTables {
  /** Staff administration (migration 0550) adds contact and audit columns to identity tables. */
  organizations: OrganizationsTable & CustomerColumns;
  audit_log: AuditLogTable & AuditImages;
  placement_builds: {
    world_revision: ColumnType<string, number | string, never>;
    cell_count: number;
    built_at: Generated<Date>;
  };
  world_revision: { id: Generated<boolean>; revision: ColumnType<string, never, never> };
}
