import { describe, expect, it } from 'vitest';
import { POLICY_ACTIONS } from '../src/auth/policy.js';
import { useTestApp } from './app.js';

/** Every route declares `config.policy`: a policy action, or 'public' (ARCHITECTURE.md). */
const { app } = await useTestApp();

describe('route policies', () => {
  it('collects the registered routes', () => {
    expect(app.registeredRoutes.length).toBeGreaterThan(10);
    expect(app.registeredRoutes).toContainEqual({
      method: 'GET',
      url: '/api/organization',
      policy: 'organization:list',
    });
  });

  it('every route declares a known policy or public', () => {
    const known = new Set<string>([...POLICY_ACTIONS, 'public']);
    const missing = app.registeredRoutes.filter((route) => !route.policy || !known.has(route.policy));
    expect(missing).toEqual([]);
  });

  it('only public routes skip authentication under /api', async () => {
    for (const route of app.registeredRoutes.filter(
      (r) => r.url.startsWith('/api/') && r.policy !== 'public' && r.method !== 'HEAD',
    )) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1');
      const res = await app.inject({ method: route.method as 'GET', url });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});
