import { describe, expect, it } from 'vitest';
import { api } from './client';
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

  it('lets the client call a path only with a method the document has (checked by tsc, not run)', () => {
    const typeChecks = () => {
      void api.get(apiPath('/faq'));
      void api.post(apiPath('/user-management/user/me'), {});
      // @ts-expect-error: the server serves GET /api/faq only
      void api.post(apiPath('/faq'), {});
      // @ts-expect-error: no DELETE on the organisations
      void api.delete(apiPath('/organization'));
      // @ts-expect-error: a hand-built string has lost its template (queries go in the `query` option)
      void api.get(`${apiPath('/faq')}?q=1`);
    };
    expect(typeof typeChecks).toBe('function');
  });
});
