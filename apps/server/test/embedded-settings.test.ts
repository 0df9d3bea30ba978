import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { productSettings } from '../src/db/embedded.js';
import { useTestDatabase } from './database.js';

/** The embedded PostgreSQL runs with the product's settings (the test server is started the same way). */
const { db } = await useTestDatabase();

describe('the embedded PostgreSQL', () => {
  it('compresses the WAL’s full-page images, which every lookup’s commit flushes (issue 46)', async () => {
    expect(productSettings().wal_compression).toBe('pglz');
    const { rows } = await sql<{ wal_compression: string }>`SHOW wal_compression`.execute(db);
    expect(rows[0]!.wal_compression).toBe('pglz');
  });
});
