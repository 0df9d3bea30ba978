import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, type Db } from '../../apps/server/src/db/database.js';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { seedWorld } from '../../apps/server/src/world/seed.js';

/**
 * The seeding the monitoring benches share (monitoring.ts, monitoring-placing.ts): an embedded
 * PostgreSQL migrated to the latest schema with a generated world, an organisation with an admin
 * and the upload their books name, and books written straight into the tables (a portfolio run of
 * millions of rows would be the portfolio bench's subject, not theirs).
 */

export interface MonitoringBenchDb {
  db: Db;
  url: string;
  /** The PostgreSQL data directory (its processes' CPU is read from it: support/processes.ts). */
  pgDataDir: string;
  /** Stops PostgreSQL and removes its files. */
  close: () => Promise<void>;
}

/** An embedded PostgreSQL of its own, migrated, with a world of `properties` properties (seed 2026). */
export async function startMonitoringBenchDb(options: {
  name: string;
  properties: number;
  poolSize: number;
}): Promise<MonitoringBenchDb> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `zview-bench-${options.name}-`));
  const pgDataDir = path.join(dataDir, 'pg');
  const pg = await startEmbeddedPostgres({ dataDir: pgDataDir, port: 0 });
  const { db } = createDb(pg.url, options.poolSize);
  const close = async () => {
    await db.destroy();
    await pg.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await migrateToLatest(db);
    await seedWorld(pg.url, { seed: 2026, properties: options.properties, log: () => {} });
  } catch (error) {
    await close();
    throw error;
  }
  return { db, url: pg.url, pgDataDir, close };
}

export interface BenchAccount {
  organizationId: number;
  userId: string;
}

/** "Bench Mutual" (zfire and its portfolios) and its admin, with the upload `bench.csv` books name. */
export async function insertBenchAccount(db: Db): Promise<BenchAccount> {
  const org = await db
    .insertInto('organizations')
    .values({ name: 'Bench Mutual', products: ['zfire', 'zfire-portfolio'] })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({ email: 'bench@bench.test', first_name: 'B', last_name: 'B' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('organization_members')
    .values({ organization_id: org.id, user_id: user.id, role: 'admin' })
    .execute();
  await db
    .insertInto('portfolio_uploads')
    .values({
      name: 'bench.csv',
      organization_id: org.id,
      user_id: user.id,
      original_name: 'bench.csv',
      size_bytes: 0,
      delimiter: ',',
      has_bom: false,
      header: '[]',
    })
    .execute();
  return { organizationId: org.id, userId: user.id };
}

/** A portfolio of `rows` rows (its rows, runs and products are each bench's own). Returns its id. */
export async function insertBenchBook(db: Db, account: BenchAccount, name: string, rows: number): Promise<number> {
  const book = await db
    .insertInto('portfolios')
    .values({
      organization_id: account.organizationId,
      name,
      uploaded_file_name: 'bench.csv',
      created_by: account.userId,
      header: '[]',
      column_mapping: '{}',
      row_count: rows,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return book.id;
}
