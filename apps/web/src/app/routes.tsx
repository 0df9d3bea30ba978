import {
  SESSION_STORAGE_KEYS,
  USAGE_ANALYTICS_ROUTE,
  homeRedirect,
  passesGuards,
  type RouteGuard,
} from '@zview/contracts';
import { Suspense, lazy, type ComponentType } from 'react';
import { Navigate, Outlet, Route, Routes, matchPath } from 'react-router';
import { lazyPage, type PageModule } from './lazy';
import { AppRoot } from './AppRoot';
import { AuthGate } from './AuthGate';
import { RouteErrorBoundary } from './ErrorBoundary';
import { Spinner } from '../ui/plain/Spinner';
import { deferredComponent } from '../ui/deferred';
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
  /** Drawn without MUI on its first screen (the home page, issue 45): not wrapped in MUI's theme. */
  plain?: true;
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
  { path: '/', home: true, plain: true, lazy: scores },
  { path: '/scores', plain: true, lazy: scores },
  { path: '/scores/:activeProduct', plain: true, lazy: scores },
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

// Drawn with MUI, which the first screens do without (issue 45): loaded when a path is unknown.
const NotFoundPage = deferredComponent(() => import('./NotFoundPage').then((module) => module.NotFoundPage), {
  start: 'mounted',
});

/** Lets the page render only when the guards pass; applies the home redirect. */
export function RouteGate({ guard, home }: Pick<ShellRoute, 'guard' | 'home'>) {
  const { permissions, enabledFeatures } = useSession();
  if (!passesGuards(guard, permissions)) return <NotFoundPage />;
  const redirect = home ? homeRedirect(enabledFeatures) : null;
  if (redirect) return <Navigate to={redirect} replace />;
  return <Outlet />;
}

const Shell = lazy(() => loadShell().then((module) => ({ default: module.Shell })));

/** What a lazy page shows while its module loads on the first load of the app. */
const PAGE_LOADING = (
  <div aria-busy="true" aria-label="Loading page" className="zv-page-loading">
    <Spinner size={28} />
  </div>
);

/** While the shell's chunk loads (it started at the first paint, so this is rarely seen). */
const SHELL_LOADING = (
  <div aria-busy="true" aria-label="Loading" className="zv-full-page">
    <Spinner />
  </div>
);

/** One lazy component per page module loader (the product pages share the scores page's). */
const pageComponents = new Map<ShellRoute['lazy'], ComponentType>();
function pageOf(route: ShellRoute): ComponentType {
  let page = pageComponents.get(route.lazy);
  if (!page) pageComponents.set(route.lazy, (page = lazyPage(route.lazy, { plain: route.plain })));
  return page;
}

/**
 * The pages of the shell, below the top bar. A navigation renders in a transition (AppBrowserRouter):
 * the page shown stays, with the progress bar, until the next page's code is here; the first load
 * shows PAGE_LOADING. A page's error keeps the top bar.
 */
function ShellPages() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={PAGE_LOADING}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
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

const LoginCallbackPage = lazyPage(() => {
  preloadRestoredPage();
  return import('../features/auth/LoginCallbackPage');
});
const SilentRenewPage = lazyPage(() => import('../features/auth/SilentRenewPage'));

/** The app's route table, declarative (React Router's data router is not needed: no loaders). */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Routes>
        <Route element={<AppRoot />}>
          <Route
            path={LOGIN_CALLBACK_PATH}
            element={
              <Suspense fallback={PAGE_LOADING}>
                <LoginCallbackPage />
              </Suspense>
            }
          />
          <Route
            path={SILENT_RENEW_PATH}
            element={
              <Suspense fallback={PAGE_LOADING}>
                <SilentRenewPage />
              </Suspense>
            }
          />
          <Route
            element={
              <AuthGate>
                <Suspense fallback={SHELL_LOADING}>
                  <Shell />
                </Suspense>
              </AuthGate>
            }
          >
            <Route element={<ShellPages />}>
              {SHELL_ROUTES.map((route) => {
                const Page = pageOf(route);
                return (
                  <Route
                    key={route.path}
                    path={route.path}
                    element={<RouteGate guard={route.guard} home={route.home} />}
                  >
                    <Route index element={<Page />} />
                  </Route>
                );
              })}
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Route>
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
