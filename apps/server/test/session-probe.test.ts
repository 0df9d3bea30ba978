import { describe, expect, it } from 'vitest';
import { useTestApp } from './app.js';

const { app } = await useTestApp();

describe('GET /oidc/api/v1/sessions/me without a session (#21.15: no 404 in the console on a fresh load)', () => {
  it("answers 204 to the app's quiet probe, and Okta's 404 otherwise", async () => {
    const quiet = await app.inject({ method: 'GET', url: '/oidc/api/v1/sessions/me?quiet=1' });
    expect(quiet.statusCode).toBe(204);
    expect(quiet.headers['cache-control']).toBe('no-store');
    const plain = await app.inject({ method: 'GET', url: '/oidc/api/v1/sessions/me' });
    expect(plain.statusCode).toBe(404);
    expect(plain.json()).toMatchObject({ errorCode: 'E0000007' });
    // Anything else in quiet is ignored, never a 500.
    const odd = await app.inject({ method: 'GET', url: '/oidc/api/v1/sessions/me?quiet=%00&quiet=2' });
    expect(odd.statusCode).toBe(404);
  });
});
