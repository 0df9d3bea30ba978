import { MESSAGES, hasNoEnabledProducts } from '@zview/contracts';
import type { LinearProgressProps } from '@mui/material/LinearProgress';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { trackPageView } from '../api/analytics';
import { deferredComponent } from '../ui/deferred';
import { markFirstPageShown } from '../ui/firstPage';
import { useRuntimeConfig } from '../session/runtime-config';
import { useSession } from '../session/session';
import { TopBar } from './TopBar';
import { useNavigationPending } from './navigation-pending';

// Shown while a page's code loads after a click: loaded once the first page has shown.
const LinearProgress = deferredComponent<LinearProgressProps>(() =>
  import('@mui/material/LinearProgress').then((module) => module.default),
);

// An organisation without products (drawn with MUI's error box): loaded when it shows.
const ErrorBox = deferredComponent(() => import('../ui/ErrorBox').then((module) => module.ErrorBox), {
  start: 'mounted',
});

// Only a pull-request override shows the banner (its confirm dialog with it): after the first page.
const PreviewBanner = deferredComponent(() => import('./PreviewBanner').then((module) => module.PreviewBanner));

/**
 * The authenticated shell: top bar, the page, the preview banner. Drawn without MUI, like the top
 * bar and the home page (issue 45); what it shows with MUI loads after the first page.
 */
export function Shell() {
  const session = useSession();
  const config = useRuntimeConfig();
  const navigating = useNavigationPending();
  const noProducts = hasNoEnabledProducts(session.enabledFeatures);
  const { pathname } = useLocation();
  // page_view on every route change (SPEC §7).
  useEffect(() => trackPageView(pathname), [pathname]);
  // What the first page did not need (token renewal's code) loads from here on (issue 45).
  useEffect(markFirstPageShown, []);
  return (
    <div className="zv-shell">
      <TopBar />
      <div className="zv-progress-slot">
        {navigating && <LinearProgress color="secondary" sx={{ position: 'absolute', inset: 0, height: 2 }} />}
      </div>
      <main className="zv-main">
        {noProducts ? (
          <ErrorBox
            messages={[MESSAGES.noProductsEnabled, MESSAGES.supportLine(config.SUPPORT_EMAIL)]}
            onLogout={() => void session.logout()}
          />
        ) : (
          <Outlet />
        )}
      </main>
      <PreviewBanner />
    </div>
  );
}
