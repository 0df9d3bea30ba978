import type pg from 'pg';

/**
 * Bulk loads are several times faster without secondary indexes and foreign keys. These helpers
 * capture their definitions, drop them, and recreate them afterwards. The definitions are saved
 * in world_meta first, so a load killed half-way gets its indexes back on the next start.
 */
const PENDING_KEY = 'pending_index_rebuild';

export async function dropSecondaryIndexes(
  client: pg.PoolClient | pg.Pool,
  tables: readonly string[],
  options: { primaryKeysOf?: readonly string[] } = {},
): Promise<string[]> {
  // Foreign keys first (they depend on the primary keys), then the primary keys asked for: a
  // COPY into a table without any index is a plain append; the keys are rebuilt by sorting.
  const { rows: constraints } = await client.query<{ table: string; name: string; def: string }>(
    `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS def
       FROM pg_constraint
      WHERE conrelid::regclass::text = ANY($1) AND (contype = 'f' OR (contype = 'p' AND conrelid::regclass::text = ANY($2)))
      ORDER BY contype = 'p'`,
    [tables, options.primaryKeysOf ?? []],
  );
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [tables],
  );
  const statements = [
    ...indexes.map((i) => i.def),
    ...constraints.map((c) => `ALTER TABLE ${c.table} ADD CONSTRAINT ${c.name} ${c.def}`),
  ];
  if (!statements.length) return [];
  await client.query(
    `INSERT INTO world_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = world_meta.value || $2, updated_at = now()`,
    [PENDING_KEY, JSON.stringify({ statements })],
  );
  for (const c of constraints) await client.query(`ALTER TABLE ${c.table} DROP CONSTRAINT ${c.name}`);
  for (const i of indexes) await client.query(`DROP INDEX ${i.name}`);
  return statements;
}

/** Recreates what dropSecondaryIndexes dropped (also after a crash), two at a time. */
export async function restoreSecondaryIndexes(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ value: { statements: string[] } }>(
    `SELECT value FROM world_meta WHERE key = $1`,
    [PENDING_KEY],
  );
  const statements = rows[0]?.value.statements ?? [];
  if (!statements.length) return 0;
  // Primary keys build like indexes (in parallel with them); foreign keys need them, so come last.
  const isForeignKey = (s: string) => s.startsWith('ALTER TABLE') && s.includes(' FOREIGN KEY ');
  const indexes = statements.filter((s) => !isForeignKey(s));
  const constraints = statements.filter(isForeignKey);
  const run = async (statement: string) => {
    const client = await pool.connect();
    try {
      await client.query(`SET maintenance_work_mem = '256MB'`);
      // Already there (a previous restore got half-way)? Fine.
      await client.query(statement).catch((error: { code?: string }) => {
        // 42P16: a table already has its primary key.
        if (error.code !== '42P07' && error.code !== '42710' && error.code !== '42P16') throw error;
      });
    } finally {
      client.release();
    }
  };
  // Index builds in parallel pairs (two cores); the slow trigram index first.
  indexes.sort((a, b) => Number(b.includes('gin')) - Number(a.includes('gin')));
  const queue = [...indexes];
  await Promise.all(
    [0, 1].map(async () => {
      for (let s = queue.shift(); s; s = queue.shift()) await run(s);
    }),
  );
  for (const statement of constraints) await run(statement);
  await pool.query(`DELETE FROM world_meta WHERE key = $1`, [PENDING_KEY]);
  return statements.length;
}
