import { useEffect, useState, type ReactNode } from 'react';
import { getAccessToken, setAccessToken } from '../api/client';
import { RealSessionProvider } from '../features/auth';
import { DEV_SESSIONS, clearDevSession, presentFixtureOrganizations, readDevSession } from './dev-session';
import { useRuntimeConfig } from '../session/runtime-config';
import { SessionProvider } from '../session/session';
import { loadShell } from './shell-loader';

/**
 * Every path but the login callback needs a session (SPEC §2, §4): the identity provider's
 * sign-in (login page, tokens, organisations) through <RealSessionProvider>.
 *
 * Under the test runtime only (ENV 'test'), `?devSession=` picks a development fixture instead,
 * for unit and browser tests of the shell that need no real account.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const config = useRuntimeConfig();
  // The shell's chunk downloads beside the sign-in check, not in front of the login page.
  useEffect(() => void loadShell().catch(() => undefined), []);
  const [devSessionName, setDevSessionName] = useState(() => readDevSession(config.ENV));
  if (!devSessionName) return <RealSessionProvider>{children}</RealSessionProvider>;
  const fixture = DEV_SESSIONS[devSessionName];
  // A placeholder bearer: browser tests under a dev session answer /api with fixtures.
  if (!getAccessToken()) setAccessToken(`dev-session:${devSessionName}`);
  return (
    <SessionProvider
      key={devSessionName}
      user={fixture.user}
      organizations={presentFixtureOrganizations(fixture.organizations, fixture.user, fixture.identityProvider, config)}
      identityProvider={fixture.identityProvider}
      onLogout={() => {
        clearDevSession();
        setAccessToken(undefined);
        setDevSessionName(null);
      }}
    >
      {children}
    </SessionProvider>
  );
}
