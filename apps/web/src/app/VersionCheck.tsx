import { VERSION_POLL_INTERVAL_MS, VERSION_UPDATE_EVENT } from '@zview/contracts';
import { useEffect, useState } from 'react';
import { apiRequest } from '../api/client';
import { checkServerVersion, clearVersionUpdateNeeded, isVersionUpdateNeeded } from '../api/version';
import { deferredComponent } from '../ui/deferred';

// The toast's code (MUI Snackbar and Alert) loads when a new version is found (issue 45).
const VersionToastView = deferredComponent<{ onReload: () => void }>(
  () => import('./VersionToastView').then((module) => module.VersionToastView),
  { start: 'mounted' },
);

/** Asks the server which version it runs (GET /version, plain text, no token needed). */
export function fetchServerVersion(): Promise<string> {
  return apiRequest<string>('/version', { auth: false, organization: false, responseType: 'text' });
}

/**
 * Polls /version every 20 s (SPEC §4). On a difference the flag is set (local storage + window
 * event), polling stops and the toast shows. The x-version header of any API answer raises the
 * same event through the client. Returns whether an update is needed.
 */
export function useVersionCheck(intervalMs: number = VERSION_POLL_INTERVAL_MS): boolean {
  const [updateNeeded, setUpdateNeeded] = useState(isVersionUpdateNeeded);

  useEffect(() => {
    if (updateNeeded) return;
    const timer = window.setInterval(() => {
      fetchServerVersion()
        .then((version) => checkServerVersion(version))
        .catch((error: unknown) => console.warn('Version check failed', error));
    }, intervalMs);
    const onUpdate = () => setUpdateNeeded(true);
    window.addEventListener(VERSION_UPDATE_EVENT, onUpdate);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener(VERSION_UPDATE_EVENT, onUpdate);
    };
  }, [intervalMs, updateNeeded]);

  return updateNeeded;
}

export function reloadForNewVersion() {
  clearVersionUpdateNeeded();
  window.location.reload();
}

/** 'A new version of Z-VIEW is available. Please reload to update.' with a Reload button. */
export function VersionToast({
  intervalMs,
  onReload = reloadForNewVersion,
}: {
  intervalMs?: number;
  onReload?: () => void;
}) {
  const updateNeeded = useVersionCheck(intervalMs);
  return updateNeeded ? <VersionToastView onReload={onReload} /> : null;
}
