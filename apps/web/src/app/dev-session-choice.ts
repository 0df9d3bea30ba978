/**
 * Which development session the tab chose (`?devSession=`), without the fixtures themselves
 * (dev-session.ts): the entry reads it to pick its first screen, and the fixtures' data and
 * permission rules stay out of the JavaScript every first load waits for (issue 45).
 */
export const DEV_SESSION_PARAM = 'devSession';
const DEV_SESSION_KEY = 'zview.devSession';

/** The fixtures of dev-session.ts, by name (it checks that the two lists agree). */
export const DEV_SESSION_NAMES = [
  'admin',
  'groupAdmin',
  'member',
  'ssoAdmin',
  'zorroOnly',
  'portfolioOnly',
  'trial',
  'noProducts',
  'endoAdmin',
] as const;
export type DevSessionName = (typeof DEV_SESSION_NAMES)[number];

function isDevSessionName(value: string): value is DevSessionName {
  return (DEV_SESSION_NAMES as readonly string[]).includes(value);
}

/** Moves `?devSession=` from the address bar into session storage (boot, before the router starts). */
export function captureDevSessionFromUrl(env: string): void {
  const url = new URL(window.location.href);
  const requested = url.searchParams.get(DEV_SESSION_PARAM);
  if (requested === null) return;
  url.searchParams.delete(DEV_SESSION_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  if (!devSessionsAllowed(env)) return;
  if (isDevSessionName(requested)) sessionStorage.setItem(DEV_SESSION_KEY, requested);
  else sessionStorage.removeItem(DEV_SESSION_KEY);
}

/**
 * Only the test runtime (unit and browser tests) honours dev sessions: a local `npm start` signs
 * in for real like every deployed environment.
 */
export function devSessionsAllowed(env: string): boolean {
  return env === 'test';
}

export function readDevSession(env: string): DevSessionName | null {
  if (!devSessionsAllowed(env)) return null;
  const stored = sessionStorage.getItem(DEV_SESSION_KEY);
  return stored && isDevSessionName(stored) ? stored : null;
}

export function clearDevSession(): void {
  sessionStorage.removeItem(DEV_SESSION_KEY);
}
