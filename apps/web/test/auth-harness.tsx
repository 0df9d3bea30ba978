import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { runtimeConfigSchema } from '@zview/contracts';
import type { UserManager } from 'oidc-client-ts';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { RuntimeConfigProvider } from '../src/session/runtime-config';
import { IdentityProviderProvider } from '../src/features/auth/context';
import { createIdentityProvider, type IdentityProvider } from '../src/features/auth/idp';
import { TEST_CONFIG } from './fake-server';

/** A stand-in for oidc-client-ts's UserManager: records redirects, holds a user, fires events. */
export function fakeUserManager() {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const on = (name: string) => (cb: (...args: unknown[]) => void) =>
    void (listeners.get(name) ?? listeners.set(name, new Set()).get(name)!).add(cb);
  const off = (name: string) => (cb: (...args: unknown[]) => void) => void listeners.get(name)?.delete(cb);
  const events = Object.fromEntries(
    ['UserLoaded', 'UserUnloaded', 'AccessTokenExpired', 'SilentRenewError'].flatMap((name) => [
      [`add${name}`, on(name)],
      [`remove${name}`, off(name)],
    ]),
  );
  const manager = {
    user: null as unknown,
    events,
    signinRedirect: vi.fn(async () => undefined),
    signinRedirectCallback: vi.fn(async () => manager.user),
    signinSilentCallback: vi.fn(async () => undefined),
    getUser: vi.fn(async () => manager.user),
    removeUser: vi.fn(async () => {
      manager.user = null;
    }),
    revokeTokens: vi.fn(async () => undefined),
    metadataService: { getMetadata: vi.fn(async () => ({ issuer: TEST_CONFIG.OIDC_ISSUER })) },
    emit(name: string, ...args: unknown[]) {
      listeners.get(name)?.forEach((cb) => cb(...args));
    },
  };
  return manager;
}
export type FakeUserManager = ReturnType<typeof fakeUserManager>;

/** The real IdP adapter over a fake UserManager (fetch is faked separately by fakeServer). */
export function testIdentityProvider(
  manager: FakeUserManager = fakeUserManager(),
): IdentityProvider & { redirectTo: ReturnType<typeof vi.fn> } {
  const idp = createIdentityProvider(
    { issuer: TEST_CONFIG.OIDC_ISSUER, clientId: TEST_CONFIG.OIDC_CLIENT_ID, origin: window.location.origin },
    manager as unknown as UserManager,
  );
  return Object.assign(idp, { redirectTo: vi.fn() });
}

export function AuthTestProviders({
  idp,
  children,
  path = '/',
}: {
  idp: IdentityProvider;
  children: ReactNode;
  path?: string;
}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return (
    <QueryClientProvider client={queryClient}>
      <RuntimeConfigProvider config={runtimeConfigSchema.parse(TEST_CONFIG)}>
        <IdentityProviderProvider idp={idp}>
          <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
        </IdentityProviderProvider>
      </RuntimeConfigProvider>
    </QueryClientProvider>
  );
}
