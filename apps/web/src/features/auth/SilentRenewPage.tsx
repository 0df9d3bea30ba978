import { useEffect } from 'react';
import { useIdentityProvider } from './context';

/**
 * /silent-renew (outside the shell): the hidden frame oidc-client-ts opens to renew tokens
 * before they expire (automaticSilentRenew). It hands the answer back to the parent window.
 */
export default function SilentRenewPage() {
  const idp = useIdentityProvider();
  useEffect(() => {
    idp.signinSilentCallback().catch((error: unknown) => console.error('Silent token renewal failed', error));
  }, [idp]);
  return null;
}
