import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { seedWorld } from '../src/world/seed.js';
import { useTestWorld } from './world.js';

/** Seeding loads into bare tables (no indexes, no keys) and must leave every key and index as the migrations made them. */
const { db, url } = await useTestWorld({ properties: 300 });

async function schemaOfWorld() {
  const { rows: constraints } = await sql<{ name: string; def: string }>`
    SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
    WHERE conrelid::regclass::text IN ('neighbourhoods', 'properties', 'buildings', 'permits', 'weather_events', 'imagery_captures', 'hazard_cells', 'street_names')
    ORDER BY conname`.execute(db);
  const { rows: indexes } = await sql<{ name: string }>`
    SELECT indexname AS name FROM pg_indexes WHERE tablename IN ('neighbourhoods', 'properties', 'buildings', 'permits', 'weather_events', 'imagery_captures', 'hazard_cells', 'street_names') ORDER BY indexname`.execute(
    db,
  );
  const { rows: triggers } = await sql<{
    name: string;
  }>`SELECT tgname AS name FROM pg_trigger WHERE NOT tgisinternal ORDER BY tgname`.execute(db);
  return { constraints, indexes, triggers };
}

describe('seeding keeps the schema', () => {
  it('restores primary keys, foreign keys and indexes, also when a different world replaces this one', async () => {
    const first = await schemaOfWorld();
    expect(first.constraints.map((c) => c.def)).toEqual(
      expect.arrayContaining([
        'PRIMARY KEY (id)',
        'PRIMARY KEY (property_id, rank)',
        expect.stringMatching(/^FOREIGN KEY \(property_id\) REFERENCES properties\(id\)/),
      ]),
    );
    expect(first.indexes.map((i) => i.name)).toEqual(
      expect.arrayContaining([
        'properties_pkey',
        'buildings_pkey',
        'permits_pkey',
        'properties_address_trgm_idx',
        'street_names_pkey',
        'street_names_search_idx',
      ]),
    );
    expect(first.triggers.map((t) => t.name)).toContain('properties_notify_zview_world');

    const replaced = await seedWorld(url, { seed: 12, properties: 300 });
    expect(replaced.skipped).toBe(false);
    expect(await schemaOfWorld()).toEqual(first);
    const pending = await db
      .selectFrom('world_meta')
      .select('key')
      .where('key', '=', 'pending_index_rebuild')
      .execute();
    expect(pending).toEqual([]);
    // The keys hold: a duplicate property is refused.
    await expect(sql`INSERT INTO properties SELECT * FROM properties LIMIT 1`.execute(db)).rejects.toThrow(
      /duplicate key/,
    );
  });
});
