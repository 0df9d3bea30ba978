import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { seedWorld } from '../src/world/seed.js';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

/**
 * The in-process caches of authentication and property reads (src/db/change-feed.ts): a change
 * written straight to the database — not through any route that could clear a cache itself —
 * takes effect for the very next request, and the caches read through while the feed is down.
 */
const { app, db, url } = await useTestApp();
await seedWorld(url, { properties: 200 });
const org = await createOrganization(db, { name: 'Cache Mutual', products: ['zfire', 'zhail', 'zproperty'] });

const me = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/organization', headers });
const WICHITA = '1427 Wheatland Ave, Wichita, KS 67203';
const lookup = (headers: Record<string, string>, products = 'zhail') =>
  app.inject({
    method: 'GET',
    url: `/api/caribou/v3/property/assessment/zview?${new URLSearchParams({ location_type: 'address', location: WICHITA, products })}`,
    headers,
  });

async function listenerPids(): Promise<number[]> {
  const { rows } = await sql<{
    pid: number;
  }>`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'zview-change-feed'`.execute(
    db,
  );
  return rows.map((r) => r.pid);
}

describe('authentication cache', () => {
  it('deactivation and reactivation take effect on the very next request, every time', async () => {
    const user = await createUser(db, { org });
    const headers = await authHeader(app, user);
    for (let i = 0; i < 15; i += 1) {
      expect((await me(headers)).statusCode).toBe(200);
      expect((await me(headers)).statusCode).toBe(200); // served from the cache
      await db.updateTable('users').set({ status: 'deactivated' }).where('id', '=', user.id).execute();
      expect((await me(headers)).statusCode).toBe(401);
      await db.updateTable('users').set({ status: 'active' }).where('id', '=', user.id).execute();
    }
  });

  it('a token seen before costs no query: it works even while the users table cannot be read', async () => {
    const user = await createUser(db, { org });
    const headers = await authHeader(app, user);
    expect((await me(headers)).statusCode).toBe(200);
    await sql`ALTER TABLE users RENAME TO users_away`.execute(db);
    try {
      expect((await app.inject({ method: 'GET', url: '/api/caribou/specifications', headers })).statusCode).toBe(200);
    } finally {
      await sql`ALTER TABLE users_away RENAME TO users`.execute(db);
    }
  });

  it('a revoked token stops working at once; the same user’s other tokens keep working', async () => {
    const user = await createUser(db, { org });
    const [headers, other] = [await authHeader(app, user), await authHeader(app, user)];
    expect((await me(headers)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
    const { jti, exp } = decodeJwt(headers.authorization.slice('Bearer '.length));
    await db
      .insertInto('revoked_tokens')
      .values({ jti: jti!, expires_at: new Date(exp! * 1000) })
      .execute();
    expect((await me(headers)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('removing a membership or a product applies to the next request', async () => {
    const other = await createOrganization(db, { name: 'Second Co', products: ['zfire', 'zhail'] });
    const user = await createUser(db, { org });
    await db
      .insertInto('organization_members')
      .values({ organization_id: other.id, user_id: user.id, role: 'member' })
      .execute();
    const headers = await authHeader(app, user);
    const forOther = { url: `/api/organization?target_organization_id=${other.id}`, method: 'GET' as const, headers };
    expect((await app.inject(forOther)).statusCode).toBe(200);
    expect((await lookup(headers)).statusCode).toBe(200);

    await db
      .deleteFrom('organization_members')
      .where('organization_id', '=', other.id)
      .where('user_id', '=', user.id)
      .execute();
    expect((await app.inject(forOther)).statusCode).toBe(404);

    await db
      .updateTable('organizations')
      .set({ products: ['zfire'] })
      .where('id', '=', org.id)
      .execute();
    expect((await lookup(headers)).statusCode).toBe(403);
    await db
      .updateTable('organizations')
      .set({ products: ['zfire', 'zhail', 'zproperty'] })
      .where('id', '=', org.id)
      .execute();
    expect((await lookup(headers)).statusCode).toBe(200);
  });

  it('reads through while the change feed is down, and deactivation still applies at once', async () => {
    const user = await createUser(db, { org });
    const headers = await authHeader(app, user);
    expect((await me(headers)).statusCode).toBe(200);
    const pids = await listenerPids();
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) await sql`SELECT pg_terminate_backend(${pid})`.execute(db);
    // The feed is down (or coming back): either way nothing stale may be served.
    await db.updateTable('users').set({ status: 'deactivated' }).where('id', '=', user.id).execute();
    expect((await me(headers)).statusCode).toBe(401);
    await db.updateTable('users').set({ status: 'active' }).where('id', '=', user.id).execute();
    expect((await me(headers)).statusCode).toBe(200);
    // It reconnects (within about a second) and caches again, still exactly.
    await expect.poll(async () => (await listenerPids()).length, { timeout: 5000 }).toBeGreaterThan(0);
    expect((await me(headers)).statusCode).toBe(200);
    await db.updateTable('users').set({ status: 'deactivated' }).where('id', '=', user.id).execute();
    expect((await me(headers)).statusCode).toBe(401);
  });
});

describe('property read cache', () => {
  it('a change to the world shows in the next lookup', async () => {
    const user = await createUser(db, { org });
    const headers = await authHeader(app, user);
    const first = (await lookup(headers, 'zproperty')).json();
    const again = (await lookup(headers, 'zproperty')).json();
    expect(again.location).toEqual(first.location);
    const propertyId = first.location.propertyId as string;

    await db.updateTable('properties').set({ parcel: null }).where('id', '=', propertyId).execute();
    expect((await lookup(headers, 'zproperty')).json().location.parcel).toBeNull();

    const before = (await lookup(headers, 'zproperty')).json().location.buildings.length as number;
    await db.deleteFrom('buildings').where('property_id', '=', propertyId).where('rank', '>', 1).execute();
    await db.updateTable('buildings').set({ label: 'Renamed' }).where('property_id', '=', propertyId).execute();
    const after = (await lookup(headers, 'zproperty')).json().location.buildings;
    expect(after.length).toBe(Math.min(before, 1));
    expect(after.map((b: { label: string }) => b.label)).toEqual(after.length ? ['Renamed'] : []);
  });

  it('a changed roof shows in the next lookup’s scores (scores are remembered only while the world stays the same)', async () => {
    const user = await createUser(db, { org });
    const headers = await authHeader(app, user);
    const roof = async () =>
      ((await lookup(headers, 'zfire')).json().products.zfire.factors as { key: string; value: unknown }[]).find(
        (f) => f.key === 'roof_material',
      )?.value;
    const first = await roof();
    expect(await roof()).toBe(first);
    const propertyId = (await lookup(headers, 'zfire')).json().location.propertyId as string;
    const other = first === 'wood_shake' ? 'metal' : 'wood_shake';
    await db.updateTable('buildings').set({ roof_material: other }).where('property_id', '=', propertyId).execute();
    expect(await roof()).toBe(other);
  });

  it('an address that moves away is no longer found at the old one', async () => {
    const user = await createUser(db, { org });
    const headers = await authHeader(app, user);
    const first = (await lookup(headers, 'zproperty')).json();
    expect(first.location.precision).toBe('rooftop');
    await lookup(headers, 'zproperty');
    await db
      .updateTable('properties')
      .set({
        address_line: '9 Elsewhere Way',
        house_number: '9',
        street_key: 'elsewhere way',
        normalized_address: '9 elsewhere way wichita ks 67203',
      })
      .where('id', '=', first.location.propertyId)
      .execute();
    const after = await lookup(headers, 'zproperty');
    expect(
      after.statusCode === 404 ||
        after.json().location.propertyId !== first.location.propertyId ||
        after.json().location.precision !== 'rooftop',
    ).toBe(true);
  });
});
