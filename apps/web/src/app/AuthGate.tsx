import { useState, type ReactNode } from 'react';
import { setAccessToken } from '../api/client';
import { DEV_SESSIONS, clearDevSession, readDevSession } from './dev-session';
import { useRuntimeConfig } from './runtime-config';
import { SessionProvider } from './session';
import { SignInPending } from './SignInPending';

/**
 * Every path but the login callback needs a session (SPEC §2, §4). This is where identity plugs
 * in: while the authentication state is unknown or authenticatedOnly show a loading indicator,
 * when unauthenticated the login page, when authorised a <SessionProvider> fed with the decoded
 * user, the organisations (GET /api/organization) and the identity-provider type — after
 * `setAccessToken(token)` on the API client.
 *
 * Until then the only sessions are the development fixtures (`?devSession=`, ENV local/test).
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const config = useRuntimeConfig();
  const [devSessionName, setDevSessionName] = useState(() => readDevSession(config.ENV));
  if (!devSessionName) return <SignInPending />;
  const fixture = DEV_SESSIONS[devSessionName];
  return (
    <SessionProvider
      key={devSessionName}
      user={fixture.user}
      organizations={fixture.organizations}
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
