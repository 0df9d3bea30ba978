import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { runtimeConfigSchema, type IdentityUser } from '@zview/contracts';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { setAccessToken } from '../src/api/client';
import { presentFixtureOrganizations, type OrganizationFixture } from '../src/app/dev-session';
import { RuntimeConfigProvider } from '../src/session/runtime-config';
import { SessionProvider } from '../src/session/session';
import { ModalProvider } from '../src/ui/modals';
import { NotificationsProvider } from '../src/ui/notifications';
import { TEST_CONFIG } from './fake-server';

export const testUser = (overrides: Partial<IdentityUser> = {}): IdentityUser => ({
  id: 'u-admin',
  email: 'ada@acme.test',
  firstName: 'Ada',
  lastName: 'Admin',
  profile: { firstName: 'Ada', lastName: 'Admin' },
  isGroupAdmin: true,
  isZviewAdmin: false,
  isInternalAdmin: false,
  hasZorroAccess: false,
  isUserInTrialOrg: false,
  externalGroups: [],
  groups: ['zview-group-admins'],
  ...overrides,
});

export interface TestSession {
  user: IdentityUser;
  organizations: OrganizationFixture[];
  identityProvider: 'Password' | 'SSO';
}

export function testSession(overrides: Partial<TestSession> = {}): TestSession {
  return {
    user: testUser(),
    organizations: [{ id: 7, name: 'Acme Mutual', products: ['zfire'] }],
    identityProvider: 'Password',
    ...overrides,
  };
}

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

/** Renders a page inside the authenticated shell's providers, at `path`, matched by `route`. */
export function renderPage(
  element: ReactElement,
  { route, path, session = testSession() }: { route: string; path?: string; session?: TestSession },
) {
  setAccessToken('test-access-token');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const config = runtimeConfigSchema.parse(TEST_CONFIG);
  return render(
    <QueryClientProvider client={queryClient}>
      <RuntimeConfigProvider config={config}>
        <SessionProvider
          user={session.user}
          organizations={presentFixtureOrganizations(
            session.organizations,
            session.user,
            session.identityProvider,
            config,
          )}
          identityProvider={session.identityProvider}
          onLogout={() => undefined}
        >
          <NotificationsProvider>
            <ModalProvider>
              <MemoryRouter initialEntries={[path ?? route]}>
                <Routes>
                  <Route path={route} element={element} />
                  <Route path="*" element={<Where />} />
                </Routes>
              </MemoryRouter>
            </ModalProvider>
          </NotificationsProvider>
        </SessionProvider>
      </RuntimeConfigProvider>
    </QueryClientProvider>,
  );
}
