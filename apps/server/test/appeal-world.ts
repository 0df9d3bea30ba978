import { assessmentResponseSchema } from '@zview/contracts';
import { expect } from 'vitest';
import { seedWorld } from '../src/world/seed.js';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

/** The features of the organisations of the appeal and notice tests (appeals and the four lookup products). */
export const APPEAL_PRODUCTS = ['zfire', 'zhail', 'zwind', 'zstorm', 'appeals'];

/** Landmark addresses of the seeded world: a Colorado and a California wildfire property. */
export const BOULDER_ADDRESS = '742 Foothill Rd, Boulder, CO 80302';
export const PARADISE_ADDRESS = '5120 Ridgecrest Dr, Paradise, CA 95969';

/**
 * The set-up notices.test.ts and appeal-timers.test.ts share: the app on a 300-property world,
 * an organisation (`home`) with a member and an admin, another organisation (`foreign`) with an
 * admin, their auth headers, and the Boulder and Paradise properties as a Z-FIRE lookup locates them.
 */
export async function useAppealWorld(options: { home: string; foreign: string; extraProducts?: string[] }) {
  const { app, db, url } = await useTestApp();
  await seedWorld(url, { properties: 300 });
  const products = [...APPEAL_PRODUCTS, ...(options.extraProducts ?? [])];
  const home = await createOrganization(db, { name: options.home, products });
  const foreign = await createOrganization(db, { name: options.foreign, products });
  const member = await createUser(db, { org: home, role: 'member' });
  const admin = await createUser(db, { org: home, role: 'admin' });
  const foreignAdmin = await createUser(db, { org: foreign, role: 'admin' });
  const headers = {
    member: await authHeader(app, member),
    admin: await authHeader(app, admin),
    foreign: await authHeader(app, foreignAdmin),
  };

  /** Where a Z-FIRE lookup by the home member places an address. */
  async function locate(location: string) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/caribou/v3/property/assessment/zview?${new URLSearchParams({ location_type: 'address', location, products: 'zfire' })}`,
      headers: headers.member,
    });
    expect(res.statusCode, res.body).toBe(200);
    return assessmentResponseSchema.parse(res.json()).location;
  }

  return {
    app,
    db,
    url,
    home,
    foreign,
    member,
    admin,
    foreignAdmin,
    headers,
    locate,
    boulder: await locate(BOULDER_ADDRESS),
    paradise: await locate(PARADISE_ADDRESS),
  };
}
