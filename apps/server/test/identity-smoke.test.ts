import { describe, expect, it } from 'vitest';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

const { app, db } = await useTestApp();

describe('smoke', () => {
  it('mints a token and reads organisations', async () => {
    const org = await createOrganization(db);
    const user = await createUser(db, { org });
    const res = await app.inject({ method: 'GET', url: '/api/organization', headers: await authHeader(app, user) });
    expect(res.json()).toEqual({
      organizations: [
        { id: org.id, name: org.name, products: org.products, trial: false, abilities: expect.any(Object) },
      ],
    });
  });
  it('discovery', async () => {
    const res = await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(200);
    expect(res.json().issuer).toBe('http://localhost:0/oidc');
    expect(res.json().authorization_endpoint).toBe('http://localhost/oidc/auth');
  });
});
