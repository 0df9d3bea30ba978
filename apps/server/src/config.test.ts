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
});
