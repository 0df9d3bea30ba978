import { MESSAGES, SESSION_STORAGE_KEYS } from '@zview/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { getAccessToken } from '../../api/client';
import { AuthTestProviders, fakeUserManager, testIdentityProvider } from '../../../test/auth-harness';
import { TEST_CONFIG, fakeJwt } from '../../../test/fake-server';
import LoginCallbackPage from './LoginCallbackPage';
import { recordTracking } from '../../../test/tracking';

const trackedEvents = recordTracking();

function Where() {
  const location = useLocation();
  return <p>At {`${location.pathname}${location.search}`}</p>;
}

function renderCallback(manager = fakeUserManager(), path = '/login-callback?code=abc&state=xyz') {
  const idp = testIdentityProvider(manager);
  render(
    <AuthTestProviders idp={idp} path={path}>
      <Routes>
        <Route path="/login-callback" element={<LoginCallbackPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </AuthTestProviders>,
  );
  return manager;
}

describe('/login-callback', () => {
  it('completes sign-in, keeps the access token and returns to the saved URL', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEYS.sessionRestoreUrl, '/team?tab=members');
    const manager = fakeUserManager();
    manager.user = { access_token: 'at-1', id_token: fakeJwt({ sub: 'u-1' }), expired: false };
    renderCallback(manager);
    expect(await screen.findByText('At /team?tab=members')).toBeInTheDocument();
    expect(manager.signinRedirectCallback).toHaveBeenCalledTimes(1);
    expect(getAccessToken()).toBe('at-1');
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.sessionRestoreUrl)).toBeNull();
    expect(trackedEvents.at(-1)?.event).toBe('login_completed');
  });

  it('returns to / without a saved URL, and never to another origin', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEYS.sessionRestoreUrl, '//evil.example/x');
    const manager = fakeUserManager();
    manager.user = { access_token: 'at-2', id_token: fakeJwt({ sub: 'u-1' }) };
    renderCallback(manager);
    expect(await screen.findByText('At /')).toBeInTheDocument();
  });

  it('shows a catalogued message with the support line when the IdP refuses', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const manager = fakeUserManager();
    manager.signinRedirectCallback.mockRejectedValue(
      Object.assign(new Error('User not assigned'), { error: 'access_denied' }),
    );
    renderCallback(manager);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Z-VIEW access for this account has not been enabled.');
    expect(alert).toHaveTextContent(MESSAGES.supportLine(TEST_CONFIG.SUPPORT_EMAIL));
    expect(screen.getByRole('button', { name: 'Back to sign in' })).toBeInTheDocument();
  });

  it('treats any other failure as unknown_error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const manager = fakeUserManager();
    manager.signinRedirectCallback.mockRejectedValue(new Error('No matching state found in storage'));
    renderCallback(manager);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to log into your Z-VIEW account.');
  });

  it('starts a redirect sign-in when arriving from the enterprise SSO without a code', async () => {
    const manager = renderCallback(fakeUserManager(), '/login-callback?iss=http%3A%2F%2Flocalhost%3A3000%2Foidc');
    await waitFor(() => expect(manager.signinRedirect).toHaveBeenCalledWith(undefined));
    expect(manager.signinRedirectCallback).not.toHaveBeenCalled();
  });
});
