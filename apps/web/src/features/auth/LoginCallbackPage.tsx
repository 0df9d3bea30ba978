import { loginOutcomeForCode } from '@zview/contracts';
import { Button } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useRuntimeConfig } from '../../session/runtime-config';
import { setAccessToken } from '../../api/client';
import { useIdentityProvider } from './context';
import { ErrorScreen } from './ErrorScreen';
import { FullPageLoader } from './FullPageLoader';
import type { IdentityProvider } from './idp-core';
import { outcomeMessage, type LoginMessage } from './loginMessages';
import { takeRestoreUrl } from './restoreUrl';
import { track } from './track';

// One completion per callback URL: the authorization code can be exchanged only once, and React
// may run effects twice in development.
const completions = new WeakMap<IdentityProvider, Map<string, Promise<void>>>();

function complete(idp: IdentityProvider, url: string): Promise<void> {
  const byUrl = completions.get(idp) ?? new Map<string, Promise<void>>();
  completions.set(idp, byUrl);
  let completion = byUrl.get(url);
  if (!completion) {
    completion = idp.signinRedirectCallback().then((user) => {
      setAccessToken(user.access_token);
      track('login_completed');
    });
    byUrl.set(url, completion);
  }
  return completion;
}

/**
 * /login-callback (outside the shell): completes the redirect sign-in, keeps the tokens, and
 * returns to the URL saved before sign-in (replacing this history entry) or to '/'.
 */
export default function LoginCallbackPage() {
  const idp = useIdentityProvider();
  const { SUPPORT_EMAIL } = useRuntimeConfig();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [failure, setFailure] = useState<LoginMessage | null>(null);

  useEffect(() => {
    let active = true;
    const params = new URLSearchParams(search);
    if (!params.has('code') && !params.has('error')) {
      // Arrived from the enterprise SSO (IdP-initiated): the IdP session now exists, so a
      // redirect sign-in obtains the tokens without showing anything and returns here with a code.
      idp.signinRedirect().catch((error: unknown) => {
        console.error('Redirect sign-in failed', error);
        if (active) setFailure(outcomeMessage('unknown_error', SUPPORT_EMAIL));
      });
      return () => {
        active = false;
      };
    }
    complete(idp, window.location.href).then(
      () => {
        if (active) void navigate(takeRestoreUrl(), { replace: true });
      },
      (error: unknown) => {
        console.error('Sign-in callback failed', error);
        // An OAuth error answer (e.g. access_denied) carries its code in `error`.
        const code =
          typeof (error as { error?: unknown })?.error === 'string' ? (error as { error: string }).error : undefined;
        if (active) setFailure(outcomeMessage(loginOutcomeForCode(code), SUPPORT_EMAIL));
      },
    );
    return () => {
      active = false;
    };
  }, [idp, navigate, search, SUPPORT_EMAIL]);

  if (!failure) return <FullPageLoader label="Completing sign-in" />;
  return (
    <ErrorScreen
      title="Sign-in did not complete"
      messages={[failure]}
      action={
        <Button variant="contained" size="large" fullWidth onClick={() => void navigate('/', { replace: true })}>
          Back to sign in
        </Button>
      }
    />
  );
}
