import { describe, expect, it } from 'vitest';
import { apiPath } from './paths';

describe('apiPath', () => {
  it('adds /api and fills the path parameters, URI-encoded', () => {
    expect(apiPath('/caribou/billing')).toBe('/api/caribou/billing');
    expect(apiPath('/caribou/portfolio/{id}/errors', { id: 12 })).toBe('/api/caribou/portfolio/12/errors');
    expect(apiPath('/identity/saml-idps/{id}', { id: 'a/b c' })).toBe('/api/identity/saml-idps/a%2Fb%20c');
  });

  it('refuses, at compile time, a path the server does not serve or a missing parameter', () => {
    // @ts-expect-error: no such route on the server
    expect(apiPath('/caribou/no-such-route')).toBe('/api/caribou/no-such-route');
    // @ts-expect-error: {id} is required
    expect(() => apiPath('/caribou/portfolio/{id}/errors')).toThrow('needs id');
  });
});
