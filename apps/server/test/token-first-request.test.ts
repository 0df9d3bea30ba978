import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { poolOf } from '../src/db/database.js';
import { seedWorld } from '../src/world/seed.js';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';
import { addressesToLookUp, lookupUrl } from './support/first-requests.js';
import { traceQueries } from './support/query-trace.js';

/**
 * Issue 46: a token's first request in a process checks its revocation and reads its user side by
 * side (beside the change feed's fence), and a lookup reads the organisation's published appeal
 * versions beside the property's reads. The order changed; the meaning did not: a revoked token, a
 * deactivated user or membership and a token from before the user's not-before still answer 401
 * on their very first request, with nothing billed or recorded, and each lookup still bills once.
 */
const { app, db, url } = await useTestApp();
await seedWorld(url, { properties: 200 });

const WICHITA = '1427 Wheatland Ave, Wichita, KS 67203';
const PRODUCTS = ['zfire', 'zhail', 'zproperty'];
const lookup = (headers: Record<string, string>, location = WICHITA) =>
  app.inject({ method: 'GET', url: lookupUrl(location), headers });

/** What a lookup bills and records for an organisation: usage events and recent-lookup rows. */
async function billed(organizationId: number): Promise<{ usage: number; lookups: number }> {
  const count = async (table: 'usage_events' | 'property_lookups') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('organization_id', '=', organizationId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { usage: await count('usage_events'), lookups: await count('property_lookups') };
}

describe("a token's first request", () => {
  it('refuses a revoked token, a deactivated user or membership and a token from before the not-before, billing nothing', async () => {
    const org = await createOrganization(db, { name: 'First Request Mutual', products: PRODUCTS });

    const revokedUser = await createUser(db, { org });
    const revoked = await authHeader(app, revokedUser);
    const { jti, exp } = decodeJwt(revoked.authorization.slice('Bearer '.length));
    await db
      .insertInto('revoked_tokens')
      .values({ jti: jti!, expires_at: new Date(exp! * 1000) })
      .execute();

    const deactivatedUser = await createUser(db, { org });
    const deactivated = await authHeader(app, deactivatedUser);
    await db.updateTable('users').set({ status: 'deactivated' }).where('id', '=', deactivatedUser.id).execute();

    const formerMember = await createUser(db, { org });
    const former = await authHeader(app, formerMember);
    await db
      .updateTable('organization_members')
      .set({ status: 'deactivated' })
      .where('user_id', '=', formerMember.id)
      .execute();

    const resetUser = await createUser(db, { org });
    const beforeReset = await authHeader(app, resetUser);
    await db
      .updateTable('users')
      .set({ tokens_not_before: new Date(Date.now() + 2000) })
      .where('id', '=', resetUser.id)
      .execute();

    for (const headers of [revoked, deactivated, former, beforeReset]) {
      const refused = await lookup(headers);
      expect(refused.statusCode, refused.body).toBe(401);
      // Not cached as a pass either: the second request is refused too.
      expect((await lookup(headers)).statusCode).toBe(401);
    }
    expect(await billed(org.id)).toEqual({ usage: 0, lookups: 0 });

    // The same organisation's active member: billed once per scored product, recorded once.
    const member = await authHeader(app, await createUser(db, { org }));
    const answered = await lookup(member);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await billed(org.id)).toEqual({ usage: PRODUCTS.length, lookups: 1 });
  });

  it('sends the user read before the revocation check answers, and the appeals read before the property reads answer', async () => {
    const org = await createOrganization(db, { name: 'Side By Side Co', products: PRODUCTS });
    // Another organisation's lookup first: the route's code and the pool's connections are warm.
    const warm = await authHeader(
      app,
      await createUser(db, { org: await createOrganization(db, { name: 'Warm Co', products: PRODUCTS }) }),
    );
    expect((await lookup(warm)).statusCode).toBe(200);

    // A property no lookup has seen: its reads are not in the read caches.
    const [unseen] = await addressesToLookUp(db, 1);
    const headers = await authHeader(app, await createUser(db, { org }));
    const trace = traceQueries(poolOf(db)!);
    expect((await lookup(headers, unseen)).statusCode).toBe(200);
    const spans = trace.spans();
    trace.stop();
    const first = (pattern: RegExp) => {
      const span = spans.find((s) => pattern.test(s.text));
      expect(span, `a query matching ${pattern}`).toBeDefined();
      return span!;
    };
    const revocation = first(/from "revoked_tokens"/);
    const user = first(/from "users"|"u"\.\*/);
    expect(user.start).toBeLessThan(revocation.end);
    const appeals = first(/from "appeal_score_versions"/);
    const property = first(/from "properties"/i);
    expect(appeals.start).toBeLessThan(property.end);
    // And billed once, after all of it.
    expect(await billed(org.id)).toEqual({ usage: PRODUCTS.length, lookups: 1 });
  });
});
