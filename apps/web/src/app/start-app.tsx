import type { RuntimeConfig } from '@zview/contracts';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { loadAnalyticsClient, startAnalytics } from '../api/analytics';
import { getAccessToken } from '../api/client';
import { App } from './App';
import { apiBaseUrl } from './boot';
import { preloadDeferredComponents } from '../ui/deferred';
import { preloadPageAt } from './routes';

/** The signed-in app (router, data cache, shell, pages): loaded by the first screen when it is needed. */
export function renderApp(root: Root, config: RuntimeConfig): void {
  // Before the first render, so the first page view and clicks are counted.
  startAnalytics(config, { apiBaseUrl: apiBaseUrl(config), token: getAccessToken });
  root.render(
    <StrictMode>
      <App config={config} />
    </StrictMode>,
  );
}

/**
 * Fills the HTTP cache, while the login page waits for the person to type, with what the sign-in
 * callback document will run: the app, the shell and the page the sign-in returns to, then the
 * parts those load once their first page has shown (menus, the bell, address suggestions, the
 * analytics client), so the signed-in home page fetches none of its code from the server.
 */
export async function preloadForSignIn(pathname: string): Promise<void> {
  await preloadPageAt(pathname);
  // The analytics client loads when analytics starts, beside the first page (api/analytics.ts).
  await Promise.all([preloadDeferredComponents(), loadAnalyticsClient().catch(() => undefined)]);
}
