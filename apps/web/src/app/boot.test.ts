import { SESSION_STORAGE_KEYS, STORAGE_KEYS } from '@zview/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../test/render';
import { buildApiUrl, resetApiClient, setTargetOrganizationId } from '../api/client';
import { apiBaseUrl, bootstrap } from './boot';
import { readDevSession } from './dev-session';

afterEach(() => {
  resetApiClient();
  vi.unstubAllGlobals();
});

describe('boot', () => {
  it('takes the dev session from the URL only in local and test', () => {
    window.history.replaceState(null, '', '/team?devSession=groupAdmin&tab=1');
    bootstrap(testConfig({ ENV: 'test' }));
    expect(window.location.search).toBe('?tab=1');
    expect(readDevSession('test')).toBe('groupAdmin');
    expect(readDevSession('production')).toBeNull();

    sessionStorage.clear();
    window.history.replaceState(null, '', '/?devSession=admin');
    bootstrap(testConfig({ ENV: 'production' }));
    expect(window.location.search).toBe('');
    expect(readDevSession('production')).toBeNull();
    // Only the session id (SPEC §3 Session) is stored.
    expect(Object.keys(sessionStorage)).toEqual([SESSION_STORAGE_KEYS.sessionId]);
  });

  it('keeps a random uuid session id in session storage for the session', () => {
    sessionStorage.clear();
    bootstrap(testConfig());
    const id = sessionStorage.getItem(SESSION_STORAGE_KEYS.sessionId);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    bootstrap(testConfig());
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.sessionId)).toBe(id);
  });

  it('clears a version flag left by an older page', () => {
    localStorage.setItem(STORAGE_KEYS.versionUpdateNeeded, 'true');
    bootstrap(testConfig());
    expect(localStorage.getItem(STORAGE_KEYS.versionUpdateNeeded)).toBeNull();
  });

  it('captures PR overrides in endo and applies them only for organisation 1', () => {
    window.history.replaceState(null, '', '/?caribou_pr=5');
    bootstrap(testConfig({ ENV: 'endo' }));
    expect(window.location.search).toBe('');
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.prOverride)).toBe(JSON.stringify({ caribou_pr: '5' }));
    setTargetOrganizationId(2);
    expect(buildApiUrl('/api/faq').searchParams.has('caribou_pr')).toBe(false);
    setTargetOrganizationId(1);
    expect(buildApiUrl('/api/faq').searchParams.get('caribou_pr')).toBe('5');
  });

  it('leaves PR parameters alone outside endo', () => {
    window.history.replaceState(null, '', '/?caribou_pr=5');
    bootstrap(testConfig({ ENV: 'production' }));
    expect(window.location.search).toBe('?caribou_pr=5');
    setTargetOrganizationId(1);
    expect(buildApiUrl('/api/faq').searchParams.has('caribou_pr')).toBe(false);
  });

  it('calls the API on the same origin unless another one is configured', () => {
    expect(
      apiBaseUrl(testConfig({ ENV: 'production', API_URL: 'https://app.zview.test' }), 'https://app.zview.test'),
    ).toBe('');
    expect(
      apiBaseUrl(testConfig({ ENV: 'production', API_URL: 'https://api.zview.test/' }), 'https://app.zview.test'),
    ).toBe('https://api.zview.test');
    expect(apiBaseUrl(testConfig({ ENV: 'local', API_URL: 'http://localhost:8080' }), 'http://localhost:5173')).toBe(
      '',
    );
  });
});
