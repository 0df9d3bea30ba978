import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import * as usageOrgKeyByRollup from '../src/db/migrations/1860_usage_events_org_key_by_rollup.js';
import * as lookupKeysByStatement from '../src/db/migrations/1900_property_lookups_keys_by_statement.js';
import { recordUsage, UsageWriter, type LookupWrite } from '../src/db/usage.js';
import { useTestDatabase } from './database.js';
import { createOrganization, createUser } from './factories.js';

/** Group commit of lookups' usage: every record exactly once, failures confined to their own lookup. */
const { db } = await useTestDatabase();
const org = await createOrganization(db, { name: 'Usage Mutual' });
const user = await createUser(db, { org });

function lookupWrite(reference: string, organizationId = org.id): LookupWrite {
  return {
    usage: ['zfire', 'zhail'].map((product) => ({
      organizationId,
      userId: user.id,
      product,
      channel: 'zview' as const,
      reference,
    })),
    lookup: {
      organizationId,
      userId: user.id,
      location: reference,
      locationType: 'address',
      propertyId: reference,
      address: null,
      scores: [{ product: 'zfire', score: 3, riskLevel: 'low' }],
    },
  };
}

async function rowsOf(prefix: string) {
  const usage = await db
    .selectFrom('usage_events')
    .select(['reference', 'product'])
    .where('reference', 'like', `${prefix}%`)
    .execute();
  const lookups = await db
    .selectFrom('property_lookups')
    .select(['location', 'scores'])
    .where('location', 'like', `${prefix}%`)
    .execute();
  return { usage, lookups };
}

describe('UsageWriter', () => {
  it('writes every record of many concurrent lookups exactly once, in fewer statements than lookups', async () => {
    const writer = new UsageWriter(db);
    const refs = Array.from({ length: 300 }, (_, i) => `many-${i}`);
    await Promise.all(refs.map((r) => writer.write(lookupWrite(r))));
    const { usage, lookups } = await rowsOf('many-');
    expect(usage).toHaveLength(600);
    expect(new Set(usage.map((u) => `${u.reference}|${u.product}`)).size).toBe(600);
    expect(lookups.map((l) => l.location).sort()).toEqual([...refs].sort());
    expect(lookups[0]!.scores).toEqual([{ product: 'zfire', score: 3, riskLevel: 'low' }]);
    expect(writer.stats.batches).toBeLessThan(300);
    // The counters the lookup bench prints: every lookup in one batch, at most 3 batches at once.
    expect(writer.stats.written).toBe(300);
    expect(writer.stats.inFlightAtSend).toBeGreaterThanOrEqual(writer.stats.batches);
    expect(writer.stats.inFlightAtSend).toBeLessThanOrEqual(3 * writer.stats.batches);
  });

  it('lookups that write in the same turn of the event loop share one statement', async () => {
    const writer = new UsageWriter(db);
    await Promise.all(Array.from({ length: 5 }, (_, i) => writer.write(lookupWrite(`turn-${i}`))));
    expect(writer.stats.batches).toBe(1);
    expect((await rowsOf('turn-')).lookups).toHaveLength(5);
  });

  it('a failing record fails only its own lookup; the rest of its batch is written once', async () => {
    const writer = new UsageWriter(db);
    const results = await Promise.allSettled([
      writer.write(lookupWrite('mixed-1')),
      writer.write(lookupWrite('mixed-2')),
      writer.write(lookupWrite('mixed-bad', 987_654)), // no such organisation
      writer.write(lookupWrite('mixed-3')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const { usage, lookups } = await rowsOf('mixed-');
    expect(usage.map((u) => u.reference).sort()).toEqual([
      'mixed-1',
      'mixed-1',
      'mixed-2',
      'mixed-2',
      'mixed-3',
      'mixed-3',
    ]);
    expect(lookups.map((l) => l.location).sort()).toEqual(['mixed-1', 'mixed-2', 'mixed-3']);
  });

  it('close() waits until everything written so far is committed', async () => {
    const writer = new UsageWriter(db, 7);
    const pending = Array.from({ length: 50 }, (_, i) => writer.write(lookupWrite(`close-${i}`)));
    await writer.close();
    const { usage, lookups } = await rowsOf('close-');
    expect(usage).toHaveLength(100);
    expect(lookups).toHaveLength(50);
    await Promise.all(pending);
  });

  it('an idempotency key counts once even within one batch', async () => {
    const writer = new UsageWriter(db);
    const keyed = (reference: string): LookupWrite => ({
      usage: [
        {
          organizationId: org.id,
          userId: user.id,
          product: 'zfire',
          channel: 'zview',
          reference,
          eventKey: 'same-key',
        },
      ],
    });
    await Promise.all([writer.write(keyed('key-1')), writer.write(keyed('key-2')), writer.write(keyed('key-3'))]);
    expect((await rowsOf('key-')).usage).toHaveLength(1);
  });

  // usage_events has no per-row foreign key to organizations (migration 1860): the rollup
  // trigger's usage_rollup rows check the organisation, and deleting one deletes its usage.
  it('refuses usage of an organisation that does not exist, with or without a recent-lookup row', async () => {
    const writer = new UsageWriter(db);
    const apiOnly: LookupWrite = { usage: lookupWrite('ghost-api', 987_655).usage };
    await expect(writer.write(apiOnly)).rejects.toThrow(/foreign key/);
    await expect(
      recordUsage(db, [
        { organizationId: 987_656, userId: null, product: 'zfire', channel: 'portfolio', reference: 'ghost-batch' },
      ]),
    ).rejects.toThrow(/foreign key/);
    expect(
      (await db.selectFrom('usage_events').select('id').where('reference', 'like', 'ghost-%').execute()).length,
    ).toBe(0);
  });

  it('deleting an organisation deletes its usage and only its usage', async () => {
    const gone = await createOrganization(db, { name: 'Leaving Mutual' });
    const stays = await createOrganization(db, { name: 'Staying Mutual' });
    const writer = new UsageWriter(db);
    await Promise.all([
      writer.write({ usage: lookupWrite('leaving-1', gone.id).usage }),
      writer.write({ usage: lookupWrite('staying-1', stays.id).usage }),
    ]);
    await db.deleteFrom('organizations').where('id', '=', gone.id).execute();
    const left = await db
      .selectFrom('usage_events')
      .select(['organization_id', 'reference'])
      .where('organization_id', 'in', [gone.id, stays.id])
      .orderBy('reference')
      .execute();
    expect(left).toEqual([
      { organization_id: stays.id, reference: 'staying-1' },
      { organization_id: stays.id, reference: 'staying-1' },
    ]);
  });

  // property_lookups has no per-row keys either (migration 1900): statement triggers act for them.
  it('deleting an organisation deletes its recent lookups and only its lookups', async () => {
    const gone = await createOrganization(db, { name: 'Departing Mutual' });
    const stays = await createOrganization(db, { name: 'Remaining Mutual' });
    const writer = new UsageWriter(db);
    await Promise.all([
      writer.write(lookupWrite('departing-1', gone.id)),
      writer.write(lookupWrite('remaining-1', stays.id)),
    ]);
    await db.deleteFrom('organizations').where('id', '=', gone.id).execute();
    const left = await db
      .selectFrom('property_lookups')
      .select(['organization_id', 'location'])
      .where('organization_id', 'in', [gone.id, stays.id])
      .execute();
    expect(left).toEqual([{ organization_id: stays.id, location: 'remaining-1' }]);
  });

  it('deleting a user keeps their lookups without the user, and the lookups of others as they were', async () => {
    const leaving = await createUser(db, { org });
    const writer = new UsageWriter(db);
    const byUser = (reference: string, userId: string): LookupWrite => {
      const write = lookupWrite(reference);
      return { usage: write.usage, lookup: { ...write.lookup!, userId } };
    };
    await Promise.all([
      writer.write(byUser('leaving-user-1', leaving.id)),
      writer.write(byUser('other-user-1', user.id)),
    ]);
    await db.deleteFrom('users').where('id', '=', leaving.id).execute();
    const rows = await db
      .selectFrom('property_lookups')
      .select(['location', 'user_id'])
      .where('location', 'in', ['leaving-user-1', 'other-user-1'])
      .orderBy('location')
      .execute();
    expect(rows).toEqual([
      { location: 'leaving-user-1', user_id: null },
      { location: 'other-user-1', user_id: user.id },
    ]);
  });

  it('migration 1900 goes back to the per-row keys and forward again', async () => {
    const keys = async () =>
      (
        await sql<{ conname: string }>`
          SELECT conname FROM pg_constraint WHERE conrelid = 'property_lookups'::regclass AND contype = 'f' ORDER BY conname`.execute(
          db,
        )
      ).rows.map((r) => r.conname);
    expect(await keys()).toEqual([]);
    await lookupKeysByStatement.down(db as never);
    expect(await keys()).toEqual(['property_lookups_organization_id_fkey', 'property_lookups_user_id_fkey']);
    await lookupKeysByStatement.up(db as never);
    expect(await keys()).toEqual([]);
  });

  it('migration 1860 goes back to the per-row key and forward again', async () => {
    const keys = async () =>
      (
        await sql<{ conname: string }>`
          SELECT conname FROM pg_constraint WHERE conrelid = 'usage_events'::regclass AND contype = 'f'`.execute(db)
      ).rows.map((r) => r.conname);
    expect(await keys()).toEqual([]);
    await usageOrgKeyByRollup.down(db as never);
    expect(await keys()).toEqual(['usage_events_organization_id_fkey']);
    await usageOrgKeyByRollup.up(db as never);
    expect(await keys()).toEqual([]);
  });
});
