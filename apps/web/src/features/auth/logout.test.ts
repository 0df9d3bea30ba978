import { SESSION_STORAGE_KEYS, STORAGE_KEYS } from '@zview/contracts';
import { describe, expect, it, vi } from 'vitest';
import { getAccessToken, setAccessToken } from '../../api/client';
import { logout } from './logout';
import { saveRestoreUrl, takeRestoreUrl } from './restoreUrl';
import { recordTracking } from '../../../test/tracking';

const trackedEvents = recordTracking();

describe('logout', () => {
  it('tracks, clears session data and the stored organisation, then signs out at the IdP', async () => {
    setAccessToken('at');
    sessionStorage.setItem(SESSION_STORAGE_KEYS.sessionId, 'sid');
    sessionStorage.setItem(SESSION_STORAGE_KEYS.sessionRestoreUrl, '/team');
    localStorage.setItem(STORAGE_KEYS.selectedOrganizationId, '7');
    const signOut = vi.fn(async () => {
      // The token is still there for the revocation call.
      expect(getAccessToken()).toBe('at');
    });
    await logout({ signOut });
    expect(trackedEvents.at(-1)?.event).toBe('logout_completed');
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.sessionId)).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.sessionRestoreUrl)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.selectedOrganizationId)).toBeNull();
    expect(getAccessToken()).toBeUndefined();
  });

  it('forgets the access token even when the IdP cannot be reached', async () => {
    setAccessToken('at');
    await expect(logout({ signOut: () => Promise.reject(new Error('offline')) })).rejects.toThrow('offline');
    expect(getAccessToken()).toBeUndefined();
  });
});

describe('restore URL', () => {
  it('keeps path, query and hash, and is consumed once', () => {
    saveRestoreUrl({ pathname: '/zportfolio/results', search: '?property_id=9', hash: '#map' });
    expect(takeRestoreUrl()).toBe('/zportfolio/results?property_id=9#map');
    expect(takeRestoreUrl()).toBe('/');
  });

  it('never returns to the callback itself', () => {
    saveRestoreUrl({ pathname: '/login-callback', search: '?code=x', hash: '' });
    expect(takeRestoreUrl()).toBe('/');
  });
});
