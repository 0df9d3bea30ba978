/** A visual harness for the team pages, with the members answered by a stubbed fetch. */
import { CssBaseline } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router';
import { setAccessToken } from '../../src/api/client';
import { presentFixtureOrganizations } from '../../src/app/dev-session';
import { RuntimeConfigProvider } from '../../src/session/runtime-config';
import { SessionProvider } from '../../src/session/session';
import { runtimeConfigSchema } from '@zview/contracts';
import AddMultipleMembersPage from '../../src/features/team/AddMultipleMembersPage';
import TeamPage from '../../src/features/team/TeamPage';
import { NotificationsProvider } from '../../src/ui/notifications';

const members = [
  {
    id: 'u-1',
    email: 'ada.admin@acme-mutual.com',
    firstName: 'Ada',
    lastName: 'Admin',
    status: 'active',
    role: 'admin',
  },
  {
    id: 'u-2',
    email: 'bob.baker@acme-mutual.com',
    firstName: 'Bob',
    lastName: 'Baker',
    status: 'active',
    role: 'member',
  },
  {
    id: 'u-3',
    email: 'cy.cole@acme-mutual.com',
    firstName: 'Cy',
    lastName: 'Cole',
    status: 'deactivated',
    role: 'member',
  },
  {
    id: 'u-4',
    email: 'dee.diaz@acme-mutual.com',
    firstName: 'Dee',
    lastName: 'Diaz',
    status: 'deactivated',
    role: 'member',
  },
  {
    id: 'u-5',
    email: 'eli.evans@acme-mutual.com',
    firstName: 'Eli',
    lastName: 'Evans',
    status: 'active',
    role: 'admin',
  },
];
window.fetch = async () =>
  new Response(JSON.stringify({ organization: { id: 1, name: 'Acme Mutual', products: [] }, members }), {
    headers: { 'content-type': 'application/json' },
  });
setAccessToken('harness');

const organization = { id: 7, name: 'Acme Mutual', products: ['zfire'] };
const session = {
  user: {
    id: 'u-1',
    email: 'ada.admin@acme-mutual.com',
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
  },
  organizations: [organization],
  identityProvider: 'Password' as const,
};

const path = new URLSearchParams(location.search).get('path') ?? '/team';
const config = runtimeConfigSchema.parse((window as unknown as Record<string, unknown>).__ZVIEW_CONFIG__);
createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={new QueryClient()}>
    <CssBaseline />
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
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/team" element={<TeamPage />} />
              <Route path="/team/add-multiple-members" element={<AddMultipleMembersPage />} />
            </Routes>
          </MemoryRouter>
        </NotificationsProvider>
      </SessionProvider>
    </RuntimeConfigProvider>
  </QueryClientProvider>,
);
