import { MESSAGES, hasNoEnabledProducts } from '@zview/contracts';
import Box from '@mui/material/Box';
import type { LinearProgressProps } from '@mui/material/LinearProgress';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { trackPageView } from '../api/analytics';
import { ErrorBox } from '../ui/ErrorBox';
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

// Only a pull-request override shows the banner (its confirm dialog with it): after the first page.
const PreviewBanner = deferredComponent(() => import('./PreviewBanner').then((module) => module.PreviewBanner));

/** The authenticated shell: top bar, the page, the preview banner. */
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
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <TopBar />
      <Box sx={{ height: 2, position: 'relative' }}>
        {navigating && <LinearProgress color="secondary" sx={{ position: 'absolute', inset: 0, height: 2 }} />}
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        {noProducts ? (
          <ErrorBox
            messages={[MESSAGES.noProductsEnabled, MESSAGES.supportLine(config.SUPPORT_EMAIL)]}
            onLogout={() => void session.logout()}
          />
        ) : (
          <Outlet />
        )}
      </Box>
      <PreviewBanner />
    </Box>
  );
}
