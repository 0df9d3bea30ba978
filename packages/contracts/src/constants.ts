/** Business constants and limits (SPEC §9). */
export const APP_VERSION = '4.10.1';
export const VERSION_HEADER = 'x-version';
export const VERSION_POLL_INTERVAL_MS = 20_000;

export const REGULATORY_SET_STATES = ['AL', 'GA', 'LA', 'MS', 'NC', 'OK', 'SC'] as const;

export const STORAGE_KEYS = {
  selectedOrganizationId: 'selected_organization_id',
  userSelectedProduct: 'userSelectedProduct',
  tabScrollTooltip: 'tab_scroll_tooltip_dismissed',
  versionUpdateNeeded: 'version-update-needed',
} as const;
export const SESSION_STORAGE_KEYS = {
  prOverride: 'prOverride',
  sessionId: 'session_id',
  sessionRestoreUrl: 'session_restore_url',
} as const;
/** The window event has the same name as the local-storage flag. */
export const VERSION_UPDATE_EVENT = STORAGE_KEYS.versionUpdateNeeded;

export const OVERRIDE_ENV = 'endo';
export const OVERRIDE_ORGANIZATION_ID = 1;

/**
 * Override mode exists only in the 'endo' environment acting for organisation 1 (SPEC §9). Beside
 * its constants rather than with the permission rules: the web app's first screen wires it into the
 * API client, and the rules' tables stay out of that JavaScript (issue 45).
 */
export function isOverrideMode(env: string, activeOrganizationId: number | null): boolean {
  return env === OVERRIDE_ENV && activeOrganizationId === OVERRIDE_ORGANIZATION_ID;
}

export const MAP = {
  minZoom: 16,
  maxZoom: 21,
  comparisonMinZoom: 17,
  comparisonMaxZoom: 21,
  recenterZoom: 19,
  buildingFitPadding: 20,
  buildingFitMaxZoom: 20,
  parcelFillOpacity: 0,
  parcelFillHoverOpacity: 0.3,
  opacityTransitionMs: 300,
  compassClickMs: 200,
  styleWaitIntervalMs: 200,
} as const;

export const LAYOUT = {
  widthWarningPx: 1350,
  defaultWidthPx: 1439,
  minPageWidthPx: 768,
  topBarHeightPx: 52,
  dropdownMaxHeightPx: 260,
  confirmDialogWidthPx: 590,
} as const;

export const ERRORS_PAGE_SIZE = 25;
export const ERRORS_FIRST_PAGE = 1;

export const LAZY_LOAD_RETRIES = 2;
export const LAZY_LOAD_RETRY_DELAY_MS = 400;

export const NOTIFICATION_AUTO_HIDE_MS = 5000;

export const QUERY_DEFAULTS = { refetchOnWindowFocus: false, staleTime: Infinity } as const;

export const OIDC_SCOPES = ['openid', 'email', 'groups'] as const;

export const DATE_PICKER_RANGE = { min: '1900-01-01', max: '2099-12-31' } as const;

export const ANALYTICS = {
  defaultPath: '/v1/batch',
  requestTimeoutMs: 10_000,
  flushIntervalMs: 10_000,
  maxRetries: 3,
  flushSize: 15,
  minFlushSize: 1,
  closeAndFlushTimeoutFactor: 1.25,
  retryBackoffMinMs: 25,
  retryBackoffMaxMs: 1000,
  maxEventBytes: 32 * 1024,
  maxBatchBytes: 480 * 1024,
} as const;

export const ERROR_REPORTING = { replaysOnErrorSampleRate: 1.0 } as const;
