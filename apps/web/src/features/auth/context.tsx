import type { RuntimeConfig } from '@zview/contracts';
import { createContext, useContext, type ReactNode } from 'react';
import { useRuntimeConfig } from '../../session/runtime-config';
import type { IdentityProvider, IdpSettings } from './idp-core';
import { createLazyIdentityProvider, type LazyIdentityProvider } from './idp-lazy';

/**
 * The identity provider the auth pages use. Tests (and the shell, if it prefers) provide one;
 * otherwise a single instance is built from the runtime configuration.
 */
const IdentityProviderContext = createContext<IdentityProvider | null>(null);

let defaultProvider: LazyIdentityProvider | undefined;

/** The identity provider's settings from the runtime configuration, on this page's origin. */
export function idpSettingsOf(config: RuntimeConfig): IdpSettings {
  return {
    issuer: new URL(config.OIDC_ISSUER, window.location.origin).toString().replace(/\/$/, ''),
    clientId: config.OIDC_CLIENT_ID,
    origin: window.location.origin,
    forgotPasswordUrl: config.OIDC_FORGOT_PASSWORD_URL,
  };
}

/** The one instance for the page; its oidc-client-ts half loads on first use (idp-lazy.ts). */
export function defaultIdentityProvider(config: RuntimeConfig): LazyIdentityProvider {
  defaultProvider ??= createLazyIdentityProvider(idpSettingsOf(config));
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
