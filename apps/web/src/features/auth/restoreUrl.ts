import { SESSION_STORAGE_KEYS } from '@zview/contracts';
import { IDP_PATHS } from './idp-core';

/** Where the user was when sign-in started, restored after the callback. */
export function saveRestoreUrl(location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location): void {
  sessionStorage.setItem(
    SESSION_STORAGE_KEYS.sessionRestoreUrl,
    `${location.pathname}${location.search}${location.hash}`,
  );
}

/** The saved URL (same-origin paths only), consumed once; '/' when none. */
export function takeRestoreUrl(): string {
  const saved = sessionStorage.getItem(SESSION_STORAGE_KEYS.sessionRestoreUrl);
  sessionStorage.removeItem(SESSION_STORAGE_KEYS.sessionRestoreUrl);
  const safe = saved && saved.startsWith('/') && !saved.startsWith('//') && !saved.startsWith(IDP_PATHS.loginCallback);
  return safe ? saved : '/';
}
