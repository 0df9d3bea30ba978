import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact.js';

describe('redactUrl', () => {
  it('hides credentials in query strings and reset links, keeps the rest', () => {
    expect(redactUrl('/oidc/auth?client_id=zview-web&sessionToken=abc123&state=s')).toBe(
      '/oidc/auth?client_id=zview-web&sessionToken=%5Bredacted%5D&state=s',
    );
    expect(redactUrl('/oidc/sso/complete?code=xyz&state=1')).not.toContain('xyz');
    expect(redactUrl('/oidc/reset-password/SECRETTOKEN')).toBe('/oidc/reset-password/[redacted]');
    expect(redactUrl('/api/organization')).toBe('/api/organization');
  });
});
