import type { RuntimeConfig } from '@zview/contracts';
import type { Root } from 'react-dom/client';
import { IDP_PATHS, hasActiveIdpSession, storedUserKey } from '../features/auth/idp-core';
import { idpSettingsOf } from '../features/auth/context';
import { readDevSession } from './dev-session-choice';
import { importWithRetry } from './lazy';

export type FirstScreen = 'app' | 'login';

/**
 * What a load starts with, known without any sign-in code (issue 45: the login page's JavaScript
 * ≤ 150 KB). The app: the sign-in callback and the silent-renew frame, a development session, or a
 * tab holding tokens (the app checks them). Otherwise the login page, unless the IdP answers that
 * the person is signed in there (then the app, which fetches tokens by redirect).
 */
export function firstScreenFor(
  config: RuntimeConfig,
  location: Pick<Location, 'pathname'> = window.location,
  storage: Pick<Storage, 'getItem'> = sessionStorage,
): FirstScreen {
  if (location.pathname === IDP_PATHS.loginCallback || location.pathname === IDP_PATHS.silentRenew) return 'app';
  if (readDevSession(config.ENV)) return 'app';
  return storage.getItem(storedUserKey(idpSettingsOf(config))) ? 'app' : 'login';
}

export interface FirstScreenLoaders {
  app: () => Promise<{ renderApp(root: Root, config: RuntimeConfig): void }>;
  login: () => Promise<{ showLoginPage(root: Root, config: RuntimeConfig): void }>;
  signedInAtIdp: (issuer: string) => Promise<boolean>;
}

const LOADERS: FirstScreenLoaders = {
  app: () => importWithRetry(() => import('./start-app')),
  login: () => importWithRetry(() => import('./login-shell')),
  signedInAtIdp: hasActiveIdpSession,
};

/**
 * Renders the first screen. Without tokens the login page's code and the IdP session check start
 * together, so the login page costs no extra round trip; the app's code is not downloaded.
 */
export async function showFirstScreen(root: Root, config: RuntimeConfig, loaders = LOADERS): Promise<void> {
  if (firstScreenFor(config) === 'app') return (await loaders.app()).renderApp(root, config);
  const login = loaders.login();
  login.catch(() => undefined); // unused when the IdP says signed in; otherwise awaited below
  // A failed check counts as signed out, as in the app (authState: sessionCheckFailed without tokens).
  const signedIn = await loaders.signedInAtIdp(idpSettingsOf(config).issuer).catch(() => false);
  if (signedIn) return (await loaders.app()).renderApp(root, config);
  (await login).showLoginPage(root, config);
}
