import type { ReactNode } from 'react';
import { getAccessToken, setAccessToken } from '../api/client';
import { useRuntimeConfig } from '../session/runtime-config';
import { SessionProvider } from '../session/session';
import { DEV_SESSIONS, presentFixtureOrganizations } from './dev-session';
import type { DevSessionName } from './dev-session-choice';

/**
 * The session of a development fixture (test runtime only, `?devSession=`): a module of its own, so
 * the fixtures are not part of what a real signed-in home page downloads (issue 45).
 */
export function DevSessionGate({
  name,
  onLogout,
  children,
}: {
  name: DevSessionName;
  onLogout: () => void;
  children: ReactNode;
}) {
  const config = useRuntimeConfig();
  const fixture = DEV_SESSIONS[name];
  // A placeholder bearer: browser tests under a dev session answer /api with fixtures.
  if (!getAccessToken()) setAccessToken(`dev-session:${name}`);
  return (
    <SessionProvider
      key={name}
      user={fixture.user}
      organizations={presentFixtureOrganizations(fixture.organizations, fixture.user, fixture.identityProvider, config)}
      identityProvider={fixture.identityProvider}
      onLogout={onLogout}
    >
      {children}
    </SessionProvider>
  );
}
