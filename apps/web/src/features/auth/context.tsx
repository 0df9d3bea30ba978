import type { RuntimeConfig } from '@zview/contracts';
import { createContext, useContext, type ReactNode } from 'react';
import { useRuntimeConfig } from '../../session/runtime-config';
import { createIdentityProvider, type IdentityProvider } from './idp';

/**
 * The identity provider the auth pages use. Tests (and the shell, if it prefers) provide one;
 * otherwise a single instance is built from the runtime configuration.
 */
const IdentityProviderContext = createContext<IdentityProvider | null>(null);

let defaultProvider: IdentityProvider | undefined;

function defaultIdentityProvider(config: RuntimeConfig): IdentityProvider {
  defaultProvider ??= createIdentityProvider({
    issuer: new URL(config.OIDC_ISSUER, window.location.origin).toString().replace(/\/$/, ''),
    clientId: config.OIDC_CLIENT_ID,
    origin: window.location.origin,
    forgotPasswordUrl: config.OIDC_FORGOT_PASSWORD_URL,
  });
  return defaultProvider;
}

export function IdentityProviderProvider({ idp, children }: { idp: IdentityProvider; children: ReactNode }) {
  return <IdentityProviderContext.Provider value={idp}>{children}</IdentityProviderContext.Provider>;
}

export function useIdentityProvider(): IdentityProvider {
  const provided = useContext(IdentityProviderContext);
  const config = useRuntimeConfig();
  return provided ?? defaultIdentityProvider(config);
}
