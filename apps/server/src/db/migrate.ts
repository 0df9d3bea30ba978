import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileMigrationProvider, Migrator } from 'kysely';
import type { Db } from './database.js';

const migrationFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies every pending migration in ./migrations (files named NNNN_topic.ts, applied in name order).
 * Feature areas number their migrations in their own range so they never collide.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder }),
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
