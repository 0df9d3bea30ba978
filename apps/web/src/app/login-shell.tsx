import type { RuntimeConfig } from '@zview/contracts';
import { StrictMode, useEffect } from 'react';
import type { Root } from 'react-dom/client';
import { defaultIdentityProvider } from '../features/auth/context';
import { LoginPage } from '../features/auth/LoginPage';
import { RuntimeConfigProvider } from '../session/runtime-config';
import { NarrowWindowOverlay } from './NarrowWindowOverlay';

/**
 * Once the login page has painted, while the person types: the sign-in code (oidc-client-ts, the
 * identity answers' schemas), then the app, the shell, the page the sign-in returns to and the parts
 * they defer, so the callback document finds them in the HTTP cache (issue 45).
 */
function usePreloadAfterPaint(config: RuntimeConfig) {
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    idle(() => {
      void defaultIdentityProvider(config)
        .preload()
        .then(() => import('./start-app'))
        .then((app) => app.preloadForSignIn(window.location.pathname))
        .catch(() => undefined);
    });
  }, [config]);
}

function LoginScreen({ config }: { config: RuntimeConfig }) {
  usePreloadAfterPaint(config);
  return (
    <>
      <LoginPage />
      <NarrowWindowOverlay />
    </>
  );
}

/**
 * The first screen of a person not signed in: the login page alone, with the width overlay, but
 * none of the signed-in app (router, data cache, shell, feature pages) and no MUI: the page is drawn
 * by the first screens' stylesheet (issue 45); a message or the overlay bring MUI's theme. Signing in
 * leaves this document for the identity provider; the callback document starts the app.
 */
export function showLoginPage(root: Root, config: RuntimeConfig): void {
  root.render(
    <StrictMode>
      <RuntimeConfigProvider config={config}>
        <LoginScreen config={config} />
      </RuntimeConfigProvider>
    </StrictMode>,
  );
}
