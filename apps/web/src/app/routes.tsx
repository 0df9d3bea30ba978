import {
  SESSION_STORAGE_KEYS,
  USAGE_ANALYTICS_ROUTE,
  homeRedirect,
  passesGuards,
  type RouteGuard,
} from '@zview/contracts';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Suspense, lazy } from 'react';
import { Navigate, Outlet, matchPath, type RouteObject } from 'react-router';
import { lazyPage, type PageModule } from './lazy';
import { AppRoot } from './AppRoot';
import { AuthGate } from './AuthGate';
import { RouteErrorPage } from './ErrorBoundary';
import { NotFoundPage } from './NotFoundPage';
import { useSession } from '../session/session';
import { loadShell } from './shell-loader';

/**
 * The route table of SPEC §2, in one place. Each route names its guards as data; `RouteGate`
 * evaluates them with the shared rules of contracts/permissions against the session. A route the
 * user may not open answers like an unknown path. Pages load lazily so the initial bundle stays
 * small. Areas still being built point at a "not available yet" panel: replace the `lazy` of a
 * line with `() => import('../features/<name>/<Page>')` when the page lands.
 */
export interface ShellRoute {
  path: string;
  guard?: RouteGuard[];
  /** '/' redirects to /zorro or /zportfolio when those are the only products (SPEC §2). */
  home?: true;
  lazy: () => Promise<PageModule>;
}

const productPage = (product: 'zfire' | 'zproperty' | 'zwind' | 'zhail' | 'zstorm'): ShellRoute => ({
  path: `/${product}`,
  lazy: () => import('../features/scores/ProductPage').then((module) => ({ default: module.productPage(product) })),
});

const scores = () => import('../features/scores/ScoresPage');

/** Adding and editing members: the server's `team:manage` for the organisation acted for. */
const TEAM_EDIT: RouteGuard[] = ['teamManage'];

export const SHELL_ROUTES: ShellRoute[] = [
  { path: '/', home: true, lazy: scores },
  { path: '/scores', lazy: scores },
  { path: '/scores/:activeProduct', lazy: scores },
  productPage('zfire'),
  productPage('zproperty'),
  productPage('zwind'),
  productPage('zhail'),
  productPage('zstorm'),
  { path: '/faq', lazy: () => import('../features/faq/FaqPage') },
  { path: '/profile', guard: ['userManagement'], lazy: () => import('../features/profile/ProfilePage') },
  { path: '/team', guard: ['userManagement'], lazy: () => import('../features/team/TeamPage') },
  { path: '/team/add-new-member', guard: TEAM_EDIT, lazy: () => import('../features/team/AddMemberPage') },
  {
    path: '/team/add-multiple-members',
    guard: TEAM_EDIT,
    lazy: () => import('../features/team/AddMultipleMembersPage'),
  },
  { path: '/team/edit-member/:userId', guard: TEAM_EDIT, lazy: () => import('../features/team/EditMemberPage') },
  { path: '/team/api-keys', guard: ['apiKeys'], lazy: () => import('../features/api-keys/ApiKeysPage') },
  { path: '/billing', guard: ['billing'], lazy: () => import('../features/billing/BillingPage') },
  { path: '/zportfolio', guard: ['portfolio'], lazy: () => import('../features/portfolio/PortfolioListPage') },
  {
    path: '/zportfolio/results',
    guard: ['portfolio'],
    lazy: () => import('../features/portfolio/PortfolioResultsPage'),
  },
  { path: '/zportfolio/create', guard: ['portfolio'], lazy: () => import('../features/portfolio/CreatePortfolioPage') },
  { path: '/zportfolio/changes', guard: ['portfolio'], lazy: () => import('../features/monitoring/ChangesPage') },
  { path: '/zportfolio/alerts', guard: ['portfolio'], lazy: () => import('../features/monitoring/AlertsPage') },
  { path: '/dashboard/:activeTab', lazy: () => import('../features/dashboard/DashboardPage') },
  { path: '/mock-mode-addresses', lazy: () => import('../features/admin-mocks/MockModeAddressesPage') },
  { path: '/zorro', guard: ['zorro'], lazy: () => import('../features/zorro/ZorroHomePage') },
  { path: '/zorro/explorer', guard: ['zorro'], lazy: () => import('../features/zorro/ExplorerPage') },
  { path: '/zorro/grid', guard: ['zorro'], lazy: () => import('../features/zorro/GridPage') },
  { path: '/zorro/filing-finder', guard: ['zorro'], lazy: () => import('../features/zorro/FilingFinderPage') },
  {
    path: '/admin/customer-management',
    guard: ['internalAdmin'],
    lazy: () => import('../features/admin-customers/CustomerManagementPage'),
  },
  {
    path: '/admin/customer-management/:customerId',
    guard: ['internalAdmin'],
    lazy: () => import('../features/admin-customers/CustomerPage'),
  },
  {
    path: '/admin/mocks-management',
    guard: ['internalAdmin'],
    lazy: () => import('../features/admin-mocks/MocksManagementPage'),
  },
  { path: '/appeals', guard: ['appeals'], lazy: () => import('../features/appeals/pages/AppealsListPage') },
  { path: '/appeals/:id', guard: ['appeals'], lazy: () => import('../features/appeals/pages/AppealPage') },
  { path: '/settings/notices', guard: ['notices'], lazy: () => import('../features/notices/NoticeTextsPage') },
  {
    path: USAGE_ANALYTICS_ROUTE,
    guard: ['internalAdmin'],
    lazy: () => import('../features/usage-analytics/UsageAnalyticsPage'),
  },
];

/** Outside the shell: completes sign-in (identity work). */
export const LOGIN_CALLBACK_PATH = '/login-callback';
/** Outside the shell: the hidden frame of silent token renewal (identity work). */
export const SILENT_RENEW_PATH = '/silent-renew';

/** Lets the page render only when the guards pass; applies the home redirect. */
export function RouteGate({ guard, home }: Pick<ShellRoute, 'guard' | 'home'>) {
  const { permissions, enabledFeatures } = useSession();
  if (!passesGuards(guard, permissions)) return <NotFoundPage />;
  const redirect = home ? homeRedirect(enabledFeatures) : null;
  if (redirect) return <Navigate to={redirect} replace />;
  return <Outlet />;
}

const Shell = lazy(() => loadShell().then((module) => ({ default: module.Shell })));

/**
 * What a lazy page shows while its module loads on the first load of the app (React Router's
 * HydrateFallback: without one it warns in the console on every fresh load).
 */
const PAGE_LOADING = (
  <Box aria-busy="true" aria-label="Loading page" sx={{ flex: 1, display: 'grid', placeItems: 'center', py: 8 }}>
    <CircularProgress size={28} />
  </Box>
);

/** While the shell's chunk loads (it started at the first paint, so this is rarely seen). */
const SHELL_LOADING = (
  <Box aria-busy="true" aria-label="Loading" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
    <CircularProgress />
  </Box>
);

function toRouteObject(route: ShellRoute): RouteObject {
  return {
    path: route.path,
    element: <RouteGate guard={route.guard} home={route.home} />,
    children: [{ index: true, lazy: lazyPage(route.lazy), hydrateFallbackElement: PAGE_LOADING }],
  };
}

/**
 * Starts loading the shell and the page at `pathname`; resolves when both are here (errors are left
 * to the navigation that needs them).
 */
export function preloadPageAt(pathname: string): Promise<void> {
  const route = SHELL_ROUTES.find((candidate) => matchPath(candidate.path, pathname));
  return Promise.all([loadShell(), route?.lazy()]).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * The sign-in callback exchanges its code for tokens, then opens the page saved before sign-in:
 * that page's code loads meanwhile instead of after (issue 21: one wave fewer on the critical path).
 */
function preloadRestoredPage(): void {
  const saved = sessionStorage.getItem(SESSION_STORAGE_KEYS.sessionRestoreUrl) ?? '/';
  void preloadPageAt(saved.startsWith('/') && !saved.startsWith('//') ? (saved.split(/[?#]/)[0] ?? '/') : '/');
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <AppRoot />,
      errorElement: <RouteErrorPage />,
      children: [
        {
          path: LOGIN_CALLBACK_PATH,
          lazy: lazyPage(() => {
            preloadRestoredPage();
            return import('../features/auth/LoginCallbackPage');
          }),
          hydrateFallbackElement: PAGE_LOADING,
        },
        {
          path: SILENT_RENEW_PATH,
          lazy: lazyPage(() => import('../features/auth/SilentRenewPage')),
          hydrateFallbackElement: PAGE_LOADING,
        },
        {
          element: (
            <AuthGate>
              <Suspense fallback={SHELL_LOADING}>
                <Shell />
              </Suspense>
            </AuthGate>
          ),
          children: [
            {
              // Errors inside a page keep the top bar.
              errorElement: <RouteErrorPage />,
              children: [...SHELL_ROUTES.map(toRouteObject), { path: '*', element: <NotFoundPage /> }],
            },
          ],
        },
      ],
    },
  ];
}
