import {
  MESSAGES,
  hasNoEnabledProducts,
  organizationsAnswerSchema,
  type IdentityUser,
  type SessionOrganization,
} from '@zview/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useCallback, useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import { useRuntimeConfig } from '../../session/runtime-config';
import { SessionProvider, pickOrganization } from '../../session/session';
import { authViewOf } from './authState';
import { useIdentityProvider } from './context';
import { FullPageLoader } from './FullPageLoader';
import { deferredComponent } from '../../ui/deferred';
import { withMuiScope } from '../../ui/mui-scope';
import { logout } from './logout';
import { useAuth } from './useAuth';
import { apiPath } from '../../api/paths';

// Signed-in users never need the login page: keep it out of the initial JavaScript. It is drawn
// with MUI, so it comes in MUI's theme (the app above it has none, issue 45).
const loadLoginPage = withMuiScope(() => import('./LoginPage').then((m) => m.LoginPage));
const LoginPage = lazy(() => loadLoginPage().then((component) => ({ default: component })));

// The error screens with Logout are drawn with MUI: loaded when one shows.
const LogoutErrorScreen = deferredComponent(() => import('./ErrorScreen').then((module) => module.LogoutErrorScreen), {
  start: 'mounted',
  placeholder: () => <FullPageLoader />,
});

/** What the identity work hands the shell once the user is authenticated and authorised. */
export interface AuthenticatedIdentity {
  user: IdentityUser;
  identityProvider: 'Password' | 'SSO';
  onLogout: () => Promise<void>;
}

/**
 * Shows the loading indicator, the login page or — once authenticated and authorised — its
 * children (SPEC §4 authentication state).
 */
export function AuthGate({ children }: { children: (identity: AuthenticatedIdentity) => ReactNode }) {
  const idp = useIdentityProvider();
  const { state, signedIn, markSignedOut } = useAuth(idp);
  // Tokens held: ask for the organisations while the IdP session is still being checked, not after
  // (issue 21: the two calls were in series on every load, sign-in included).
  const queryClient = useQueryClient();
  const userId = signedIn?.user.id;
  useEffect(() => {
    if (userId)
      void queryClient.prefetchQuery({ queryKey: [...ORGANIZATIONS_QUERY_KEY, userId], queryFn: fetchOrganizations });
  }, [queryClient, userId]);
  const navigate = useNavigate();
  const onLogout = useCallback(async () => {
    try {
      await logout(idp);
    } finally {
      markSignedOut();
      // The login page belongs at the root, not under the last page's address (issue 45).
      void navigate('/', { replace: true });
    }
  }, [idp, markSignedOut, navigate]);

  const view = authViewOf(state);
  if (view === 'login')
    return (
      <Suspense fallback={<FullPageLoader />}>
        <LoginPage />
      </Suspense>
    );
  if (view === 'loading' || !signedIn) return <FullPageLoader />;
  return children({ ...signedIn, onLogout });
}

export const ORGANIZATIONS_QUERY_KEY = ['organizations'] as const;

/** GET /api/organization, asked without a target organisation (it is what we choose from). */
export function fetchOrganizations(): Promise<SessionOrganization[]> {
  return api
    .get(apiPath('/organization'), { schema: organizationsAnswerSchema, organization: false })
    .then((body) => body.organizations);
}

/**
 * The shell's session for the signed-in user, or the no-products error box (with Logout) when
 * the organisation it would start with enables nothing (SPEC §2, §8).
 */
function OrganizationSession({
  identity,
  organizations,
  children,
}: {
  identity: AuthenticatedIdentity;
  organizations: SessionOrganization[];
  children: ReactNode;
}) {
  const { SUPPORT_EMAIL } = useRuntimeConfig();
  if (hasNoEnabledProducts(pickOrganization(organizations)?.products ?? [])) {
    return (
      <LogoutErrorScreen
        title="No applications enabled"
        messages={[{ text: MESSAGES.noProductsEnabled, supportLine: MESSAGES.supportLine(SUPPORT_EMAIL) }]}
        onLogout={identity.onLogout}
      />
    );
  }
  return (
    <SessionProvider
      user={identity.user}
      organizations={organizations}
      identityProvider={identity.identityProvider}
      onLogout={identity.onLogout}
    >
      {children}
    </SessionProvider>
  );
}

/**
 * Loads the user's organisations (loader while pending, error box with Logout on failure) and
 * hands them to its children.
 */
export function OrganizationsGate({
  identity,
  children,
}: {
  identity: AuthenticatedIdentity;
  children: (organizations: SessionOrganization[]) => ReactNode;
}) {
  const query = useQuery({ queryKey: [...ORGANIZATIONS_QUERY_KEY, identity.user.id], queryFn: fetchOrganizations });
  if (query.isPending) return <FullPageLoader />;
  if (query.isError) {
    return (
      <LogoutErrorScreen
        title="Something went wrong"
        messages={[{ text: query.error.message || MESSAGES.unexpectedError }]}
        onLogout={identity.onLogout}
      />
    );
  }
  return children(query.data);
}

/**
 * The real session: sign-in, tokens, organisations. Renders the login page until the user is
 * signed in, the no-products screen when the organisation enables nothing, and otherwise its
 * children inside the shell's SessionProvider (which picks and switches the active organisation).
 */
export function RealSessionProvider({ children }: { children: ReactNode }) {
  return (
    <AuthGate>
      {(identity) => (
        <OrganizationsGate identity={identity}>
          {(organizations) => (
            <OrganizationSession identity={identity} organizations={organizations}>
              {children}
            </OrganizationSession>
          )}
        </OrganizationsGate>
      )}
    </AuthGate>
  );
}
