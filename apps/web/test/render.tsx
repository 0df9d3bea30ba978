import { runtimeConfigSchema, type RuntimeConfig, type RuntimeConfigInput } from '@zview/contracts';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import {
  MemoryRouter,
  Outlet,
  RouterProvider,
  createMemoryRouter,
  useLocation,
  type Location,
  type RouteObject,
} from 'react-router';
import { AppProviders, App } from '../src/app/App';
import { MuiScope } from '../src/app/MuiScope';
import { SessionProvider, type SessionProviderProps } from '../src/session/session';
import { createQueryClient } from '../src/api/query-client';
import { ModalProvider } from '../src/ui/modals';
import { NotificationsProvider } from '../src/ui/notifications';
import {
  DEV_SESSIONS,
  presentFixtureOrganizations,
  type DevSessionName,
  type OrganizationFixture,
} from '../src/app/dev-session';

/** A complete runtime configuration, as /config.js would publish it in the test environment. */
export function testConfig(overrides: Partial<RuntimeConfigInput> = {}): RuntimeConfig {
  return runtimeConfigSchema.parse({
    ENV: 'test',
    API_URL: 'http://localhost:3000',
    OIDC_ISSUER: 'http://localhost:3000/oidc',
    OIDC_CLIENT_ID: 'zview-web',
    SUPPORT_EMAIL: 'support@zview.test',
    BILLING_PAGE_ENABLED: true,
    ...overrides,
  });
}

export type SessionInput = Omit<SessionProviderProps, 'children' | 'onLogout' | 'organizations'> & {
  onLogout?: () => void;
  /** Abilities, where not given, are what the server's rules would present (presentFixtureOrganizations). */
  organizations: OrganizationFixture[];
};

export function sessionFixture(name: DevSessionName, overrides: Partial<SessionInput> = {}): SessionInput {
  const fixture = DEV_SESSIONS[name];
  return {
    user: fixture.user,
    organizations: fixture.organizations,
    identityProvider: fixture.identityProvider,
    ...overrides,
  };
}

interface RenderOptions {
  config?: RuntimeConfig;
  /** Wraps the element in a SessionProvider fed with this session. */
  session?: SessionInput;
  path?: string;
  /** Further routes beside the rendered element (e.g. link targets). */
  routes?: RouteObject[];
}

/** Renders one element inside the app's providers, a memory router and (optionally) a session. */
export function renderWithProviders(
  ui: ReactElement,
  { config = testConfig(), session, path = '/', routes = [] }: RenderOptions = {},
) {
  const withSession = (node: ReactNode) =>
    session ? (
      <SessionProvider
        {...session}
        organizations={presentFixtureOrganizations(
          session.organizations,
          session.user,
          session.identityProvider,
          config,
        )}
        onLogout={session.onLogout ?? (() => {})}
      >
        {node}
      </SessionProvider>
    ) : (
      node
    );
  const router = createMemoryRouter(
    [
      {
        element: withSession(
          <NotificationsProvider>
            <ModalProvider>
              <RouterOutletFrame />
            </ModalProvider>
          </NotificationsProvider>,
        ),
        children: [{ path: '*', element: ui }, ...routes],
      },
    ],
    { initialEntries: [path] },
  );
  // A component under test drawn with MUI is, in the app, always inside MUI's theme brought by its
  // lazy chunk (ui/mui-scope.tsx); the first screens drawn without MUI do not mind it.
  const utils = render(
    <AppProviders config={config} queryClient={createQueryClient()}>
      <MuiScope>
        <RouterProvider router={router} />
      </MuiScope>
    </AppProviders>,
  );
  return { ...utils, router };
}

function RouterOutletFrame() {
  return <Outlet />;
}

/** Renders the whole app (route table, auth gate, shell) at a path, signed in with a dev session. */
export function renderApp({
  path = '/',
  devSession,
  config = testConfig(),
}: { path?: string; devSession?: DevSessionName; config?: RuntimeConfig } = {}) {
  if (devSession) sessionStorage.setItem('zview.devSession', devSession);
  // The app's router is declarative: the location it shows is read through this probe.
  const shown: { location: Location | undefined } = { location: undefined };
  function LocationProbe() {
    shown.location = useLocation();
    return null;
  }
  const utils = render(
    <App
      config={config}
      Router={({ children }) => (
        <MemoryRouter initialEntries={[path]}>
          <LocationProbe />
          {children}
        </MemoryRouter>
      )}
    />,
  );
  return { ...utils, router: () => ({ state: { location: shown.location! } }) };
}
