import { SESSION_STORAGE_KEYS } from '@zview/contracts';

/**
 * Pull-request overrides (SPEC §3, §4, §7): staff in the 'endo' environment can point the
 * backends at pull-request builds with ?caribou_pr=123&ragamuffin_pr=45. The numbers live in
 * session storage for the session and ride along on every /api request while override mode is on.
 */
export const PR_OVERRIDE_PARAMS = ['caribou_pr', 'ragamuffin_pr'] as const;
export type PrOverrideParam = (typeof PR_OVERRIDE_PARAMS)[number];
export type PrOverride = Partial<Record<PrOverrideParam, string>>;

const DIGITS = /^\d+$/;

/** The override parameters of a query string; only all-digit values are accepted (SPEC §5). */
export function parsePrOverride(search: string): PrOverride {
  const params = new URLSearchParams(search);
  const override: PrOverride = {};
  for (const name of PR_OVERRIDE_PARAMS) {
    const value = params.get(name)?.trim();
    if (value && DIGITS.test(value)) override[name] = value;
  }
  return override;
}

export function readPrOverride(): PrOverride | null {
  const raw = sessionStorage.getItem(SESSION_STORAGE_KEYS.prOverride);
  if (!raw) return null;
  try {
    const stored = parsePrOverride(new URLSearchParams(JSON.parse(raw) as Record<string, string>).toString());
    return Object.keys(stored).length > 0 ? stored : null;
  } catch {
    return null;
  }
}

export function clearPrOverride(): void {
  sessionStorage.removeItem(SESSION_STORAGE_KEYS.prOverride);
}

/**
 * Moves override parameters from the address bar into session storage and removes them from the
 * URL (history entry replaced). Returns the override now in effect.
 */
export function capturePrOverrideFromUrl(
  location: Location = window.location,
  history: History = window.history,
): PrOverride | null {
  const url = new URL(location.href);
  if (!PR_OVERRIDE_PARAMS.some((name) => url.searchParams.has(name))) return readPrOverride();
  const found = parsePrOverride(url.search);
  if (Object.keys(found).length > 0) {
    sessionStorage.setItem(SESSION_STORAGE_KEYS.prOverride, JSON.stringify({ ...readPrOverride(), ...found }));
  }
  for (const name of PR_OVERRIDE_PARAMS) url.searchParams.delete(name);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return readPrOverride();
}

/** Adds the override parameters to a URL whose path starts with /api (idempotent). */
export function applyPrOverride(url: URL, override: PrOverride | null): URL {
  if (!override || !(url.pathname === '/api' || url.pathname.startsWith('/api/'))) return url;
  for (const name of PR_OVERRIDE_PARAMS) {
    const value = override[name];
    if (value) url.searchParams.set(name, value);
  }
  return url;
}
