import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('derives defaults from PORT', () => {
    const config = loadConfig({ PORT: '9000' });
    expect(config.port).toBe(9000);
    expect(config.runtime.OIDC_ISSUER).toBe('http://localhost:9000/oidc');
    expect(config.runtime.ENV).toBe('local');
  });

  it('refuses to boot when a required runtime variable is blank', () => {
    expect(() => loadConfig({ OIDC_CLIENT_ID: '' })).toThrow('Required "OIDC_CLIENT_ID" config variable not set');
    expect(() => loadConfig({ ENV: ' ' })).toThrow('Required "ENV" config variable not set');
  });

  it('rejects a PORT that is not a port', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('serves from this one process unless API_PROCESSES asks for more', () => {
    expect(loadConfig({}).apiProcesses).toBe(1);
    expect(loadConfig({ API_PROCESSES: '2' }).apiProcesses).toBe(2);
    expect(loadConfig({ API_PROCESSES: 'auto' }).apiProcesses).toBeGreaterThanOrEqual(1);
    expect(() => loadConfig({ API_PROCESSES: '0' })).toThrow(/API_PROCESSES/);
    expect(() => loadConfig({ API_PROCESSES: 'two' })).toThrow(/API_PROCESSES/);
  });

  it('trusts no proxy unless TRUST_PROXY names a hop count or addresses (issue 12)', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('listens on localhost and serves no development SAML IdP unless asked (issue 12)', () => {
    expect(loadConfig({}).host).toBe('localhost');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({}).identity.devSamlIdp).toBe(false);
    expect(loadConfig({ DEV_SAML_IDP: 'true' }).identity.devSamlIdp).toBe(true);
    expect(loadConfig({ DEV_SAML_IDP: 'true', ENV: 'production' }).identity.devSamlIdp).toBe(false);
  });
});
