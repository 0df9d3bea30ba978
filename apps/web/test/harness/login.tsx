/**
 * A visual harness for the sign-in screens: renders them with a fake identity provider so they
 * can be looked at (and screenshotted) without a server. `?screen=` picks what to show.
 */
import { CssBaseline } from '@mui/material';
import { MESSAGES, runtimeConfigSchema } from '@zview/contracts';
import { RuntimeConfigProvider } from '../../src/session/runtime-config';
import { createRoot } from 'react-dom/client';
import { IdentityProviderProvider } from '../../src/features/auth/context';
import { ErrorScreen, LogoutButton } from '../../src/features/auth/ErrorScreen';
import { IdpError, type IdentityProvider } from '../../src/features/auth/idp';
import { LoginPage } from '../../src/features/auth/LoginPage';

const fakeIdp: IdentityProvider = {
  settings: { issuer: `${location.origin}/oidc`, clientId: 'zview-web', origin: location.origin },
  getIdentity: async () => [{ type: 'OKTA', id: 'password' }],
  signInWithCredentials: async () => {
    throw new IdpError('E0000004', 'Authentication failed');
  },
  prefetchMetadata: async () => undefined,
  signinRedirect: async () => undefined,
  signinRedirectCallback: async () => Promise.reject(new Error('not in harness')),
  signinSilentCallback: async () => undefined,
  getUser: async () => null,
  hasActiveSession: async () => false,
  signOut: async () => undefined,
  forgetTokens: async () => undefined,
  onTokens: () => () => undefined,
  redirectTo: () => undefined,
};

const screenName = new URLSearchParams(location.search).get('screen');
createRoot(document.getElementById('root')!).render(
  <RuntimeConfigProvider
    config={runtimeConfigSchema.parse((window as unknown as Record<string, unknown>).__ZVIEW_CONFIG__)}
  >
    <IdentityProviderProvider idp={fakeIdp}>
      <CssBaseline />
      {screenName === 'no-products' ? (
        <ErrorScreen
          title="No applications enabled"
          messages={[{ text: MESSAGES.noProductsEnabled, supportLine: MESSAGES.supportLine('support@zview.example') }]}
          action={<LogoutButton onLogout={() => undefined} />}
        />
      ) : (
        <LoginPage />
      )}
    </IdentityProviderProvider>
  </RuntimeConfigProvider>,
);
