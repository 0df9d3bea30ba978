import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/db/database.js';
import * as rollupSlots from '../src/db/migrations/1910_usage_rollup_slots.js';
import { recordUsage } from '../src/db/usage.js';
import { useTestDatabase } from './database.js';
import { createOrganization, createUser } from './factories.js';

/**
 * Issue 46: two group commits in flight at once must not update the same usage_rollup row, or the
 * second waits for the first's commit. The slot is the writing backend's pid modulo 32 (migration
 * 1910), so the API pool's backends (opened together, pids mostly consecutive) write rows of
 * their own; readers sum the slots.
 */
const { db, url } = await useTestDatabase();
// One connection: every write below comes from the same backend, whose pid is known.
const { db: single, pool } = createDb(url, 1);
afterAll(() => pool.end());

async function slotsOf(organizationId: number) {
  const { rows } = await sql<{ slot: number; quantity: number }>`
    SELECT slot, quantity::int AS quantity FROM usage_rollup WHERE organization_id = ${organizationId} ORDER BY slot`.execute(
    db,
  );
  return rows;
}

describe('usage rollup slots', () => {
  it('a backend writes to the slot of its pid modulo 32, and migration 1910 goes back to 8 and forward again', async () => {
    const pid = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(single)).rows[0]!.pid;
    const write = async (name: string, uses: number) => {
      const org = await createOrganization(db, { name });
      const user = await createUser(db, { org });
      const record = { organizationId: org.id, userId: user.id, product: 'zfire', channel: 'zview' as const };
      await recordUsage(
        single,
        Array.from({ length: uses }, () => record),
      );
      return slotsOf(org.id);
    };
    expect(await write('Slots Mutual', 3)).toEqual([{ slot: pid % 32, quantity: 3 }]);
    await rollupSlots.down(db as never);
    try {
      expect(await write('Slots Down Mutual', 2)).toEqual([{ slot: pid % 8, quantity: 2 }]);
    } finally {
      await rollupSlots.up(db as never);
    }
    expect(await write('Slots Up Mutual', 4)).toEqual([{ slot: pid % 32, quantity: 4 }]);
  });
});
