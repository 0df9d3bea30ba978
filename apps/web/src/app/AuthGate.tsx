import { useEffect, useState, type ReactNode } from 'react';
import { setAccessToken } from '../api/client';
import { RealSessionProvider } from '../features/auth';
import { FullPageLoader } from '../features/auth/FullPageLoader';
import { deferredComponent } from '../ui/deferred';
import { clearDevSession, readDevSession } from './dev-session-choice';
import { useRuntimeConfig } from '../session/runtime-config';
import { loadShell } from './shell-loader';

/**
 * Every path but the login callback needs a session (SPEC §2, §4): the identity provider's
 * sign-in (login page, tokens, organisations) through <RealSessionProvider>.
 *
 * Under the test runtime only (ENV 'test'), `?devSession=` picks a development fixture instead,
 * for unit and browser tests of the shell that need no real account.
 */
// Loaded when a fixture session is asked for (never in production: readDevSession needs ENV 'test').
const DevSessionGate = deferredComponent(() => import('./DevSessionGate').then((module) => module.DevSessionGate), {
  start: 'mounted',
  plain: true, // it draws the shell, which needs no MUI theme
  placeholder: () => <FullPageLoader />,
});

export function AuthGate({ children }: { children: ReactNode }) {
  const config = useRuntimeConfig();
  // The shell's chunk downloads beside the sign-in check, not in front of the login page.
  useEffect(() => void loadShell().catch(() => undefined), []);
  const [devSessionName, setDevSessionName] = useState(() => readDevSession(config.ENV));
  if (!devSessionName) return <RealSessionProvider>{children}</RealSessionProvider>;
  return (
    <DevSessionGate
      name={devSessionName}
      onLogout={() => {
        clearDevSession();
        setAccessToken(undefined);
        setDevSessionName(null);
      }}
    >
      {children}
    </DevSessionGate>
  );
}
