import { SESSION_STORAGE_KEYS, isOverrideMode, type RuntimeConfig } from '@zview/contracts';
import { configureApiClient, getTargetOrganizationId, installFetchOverride } from '../api/client';
import { capturePrOverrideFromUrl, readPrOverride } from '../api/pr-override';
import { clearVersionUpdateNeeded } from '../api/version';
import { captureDevSessionFromUrl } from './dev-session-choice';
import { isDevelopmentEnv } from '../session/runtime-config';

/** Same-origin API by default; a different origin only when configured and not developing locally (the dev server proxies). */
export function apiBaseUrl(config: RuntimeConfig, origin: string = window.location.origin): string {
  if (isDevelopmentEnv(config.ENV)) return '';
  try {
    const api = new URL(config.API_URL, origin);
    return api.origin === origin ? api.pathname.replace(/\/$/, '') : api.toString().replace(/\/$/, '');
  } catch {
    return '';
  }
}

/** The session id (SPEC §3 Session): a random uuid in session storage, kept for the tab's session. */
export function ensureSessionId(storage: Storage = sessionStorage): string {
  const existing = storage.getItem(SESSION_STORAGE_KEYS.sessionId);
  if (existing) return existing;
  const id = crypto.randomUUID();
  storage.setItem(SESSION_STORAGE_KEYS.sessionId, id);
  return id;
}

/**
 * Start-up work before the first screen: client wiring and the query parameters the app consumes.
 * Analytics starts with the app (start-app.tsx): the login page tracks nothing, and its client
 * stays out of the JavaScript a person downloads before signing in (issue 45).
 */
export function bootstrap(config: RuntimeConfig): void {
  // This page runs the build the server serves now: a flag left by an older page is stale.
  clearVersionUpdateNeeded();
  ensureSessionId();
  captureDevSessionFromUrl(config.ENV);
  if (config.ENV === 'endo') capturePrOverrideFromUrl();
  configureApiClient({
    baseUrl: apiBaseUrl(config),
    prOverride: () => (isOverrideMode(config.ENV, getTargetOrganizationId() ?? null) ? readPrOverride() : null),
  });
  if (config.ENV === 'endo') installFetchOverride();
}
