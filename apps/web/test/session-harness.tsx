import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { IdentityUser } from '@zview/contracts';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { setAccessToken } from '../src/api/client-standin';
import { SessionContext, type Session } from '../src/app/session-standin';
import { NotificationsProvider } from '../src/ui/notifications-standin';

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
  groups: ['group_admin'],
  ...overrides,
});

export function testSession(overrides: Partial<Session> = {}): Session {
  const organization = { id: 7, name: 'Acme Mutual', products: ['zfire'] };
  return {
    user: testUser(),
    organizations: [organization],
    activeOrganization: organization,
    enabledFeatures: organization.products,
    identityProvider: 'Password',
    setActiveOrganization: vi.fn(),
    logout: vi.fn(async () => undefined),
    ...overrides,
  };
}

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

/** Renders a page inside the authenticated shell's providers, at `path`, matched by `route`. */
export function renderPage(element: ReactElement, { route, path, session = testSession() }: { route: string; path?: string; session?: Session }) {
  setAccessToken('test-access-token');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={session}>
        <NotificationsProvider>
          <MemoryRouter initialEntries={[path ?? route]}>
            <Routes>
              <Route path={route} element={element} />
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
        </NotificationsProvider>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}
