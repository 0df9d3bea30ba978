import { useLayoutEffect, useRef, useState, useTransition, type ReactNode } from 'react';
import {
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  type NavigationType,
} from 'react-router';
import { NavigationPendingContext } from './navigation-pending';

/**
 * React Router's declarative BrowserRouter, which also says when a navigation is pending. The app
 * uses the declarative router (routes.tsx) rather than the data router: it needs no loader or
 * action, and the data router's code is about 17 KB gzip more of the home page's first load
 * (issue 45). What the data router gave it is kept here:
 * - a navigation to another path renders in a transition, so the page shown stays while the next
 *   page's code loads, and `pending` drives the shell's progress bar (useNavigation's 'loading');
 * - a change of the query or hash alone commits at once (as the data router's `flushSync` did for
 *   the Zorro finder: a click right after a search must build on the new URL).
 */
export function AppBrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ window, v5Compat: true }));
  const [state, setState] = useState<{ action: NavigationType; location: Location }>(() => ({
    action: history.action,
    location: history.location,
  }));
  const [pending, startTransition] = useTransition();
  // The path shown last, to tell a move to another page from a change of its query.
  const shownPath = useRef(history.location.pathname);
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        const samePage = location.pathname === shownPath.current;
        shownPath.current = location.pathname;
        if (samePage) setState({ action, location });
        else startTransition(() => setState({ action, location }));
      }),
    [history],
  );
  return (
    <NavigationPendingContext.Provider value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </NavigationPendingContext.Provider>
  );
}
