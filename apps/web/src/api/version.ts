import { APP_VERSION, STORAGE_KEYS, VERSION_UPDATE_EVENT } from '@zview/contracts';

/**
 * The version-update-needed flag (SPEC §4 version check): kept in local storage so every tab
 * and a lazy-module failure can see it, announced by a window event of the same name.
 */
export function isVersionUpdateNeeded(): boolean {
  return localStorage.getItem(STORAGE_KEYS.versionUpdateNeeded) === 'true';
}

export function setVersionUpdateNeeded(): void {
  const alreadySet = isVersionUpdateNeeded();
  localStorage.setItem(STORAGE_KEYS.versionUpdateNeeded, 'true');
  if (!alreadySet) window.dispatchEvent(new Event(VERSION_UPDATE_EVENT));
}

export function clearVersionUpdateNeeded(): void {
  localStorage.removeItem(STORAGE_KEYS.versionUpdateNeeded);
}

/** Compares a version the server reported with ours; sets the flag when they differ. Returns true on a difference. */
export function checkServerVersion(serverVersion: string | null | undefined): boolean {
  const version = serverVersion?.trim();
  if (!version || version === APP_VERSION) return false;
  setVersionUpdateNeeded();
  return true;
}
