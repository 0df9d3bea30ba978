import { SESSION_STORAGE_KEYS, STORAGE_KEYS } from '@zview/contracts';
import { setAccessToken } from '../../api/client';
import type { IdentityProvider } from './idp-core';
import { logoutAnalytics } from './track';

/** Session data this app keeps in session storage (the IdP adapter forgets its own tokens). */
const SESSION_KEYS = [SESSION_STORAGE_KEYS.sessionId, SESSION_STORAGE_KEYS.sessionRestoreUrl] as const;

/**
 * Logout (SPEC §4): the event is tracked, stored session data and the stored organisation are
 * cleared, the access token is revoked and the IdP session ended.
 */
export async function logout(idp: Pick<IdentityProvider, 'signOut'>): Promise<void> {
  // logout_completed is tracked and the queue closed and flushed now, while the access token is
  // still valid (once: the shell's session logout may have done it already).
  await logoutAnalytics();
  for (const key of SESSION_KEYS) sessionStorage.removeItem(key);
  localStorage.removeItem(STORAGE_KEYS.selectedOrganizationId);
  try {
    await idp.signOut();
  } finally {
    setAccessToken(undefined);
  }
}
