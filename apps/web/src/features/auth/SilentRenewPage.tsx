import { useEffect } from 'react';
import { useIdentityProvider } from './context';
import type { IdentityProvider } from './idp-core';

// The answer can be handed back once; React may run effects twice in development.
const handled = new WeakSet<IdentityProvider>();

/**
 * /silent-renew (outside the shell): the hidden frame oidc-client-ts opens to renew tokens
 * before they expire (automaticSilentRenew). It hands the answer back to the parent window.
 */
export default function SilentRenewPage() {
  const idp = useIdentityProvider();
  useEffect(() => {
    if (handled.has(idp)) return;
    handled.add(idp);
    idp.signinSilentCallback().catch((error: unknown) => console.error('Silent token renewal failed', error));
  }, [idp]);
  return null;
}
