import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthTestProviders, fakeUserManager, testIdentityProvider } from '../../../test/auth-harness';
import SilentRenewPage from './SilentRenewPage';

describe('/silent-renew', () => {
  it('hands the renewal answer back to oidc-client-ts', async () => {
    const manager = fakeUserManager();
    render(
      <AuthTestProviders idp={testIdentityProvider(manager)} path="/silent-renew?code=c&state=s">
        <SilentRenewPage />
      </AuthTestProviders>,
    );
    await waitFor(() => expect(manager.signinSilentCallback).toHaveBeenCalledTimes(1));
  });
});
