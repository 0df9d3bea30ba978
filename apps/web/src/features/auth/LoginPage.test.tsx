import { MESSAGES, SESSION_STORAGE_KEYS } from '@zview/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AuthTestProviders, fakeUserManager, testIdentityProvider } from '../../../test/auth-harness';
import { TEST_CONFIG, fakeServer } from '../../../test/fake-server';
import { LoginPage } from './LoginPage';

const AUTHN = '/oidc/api/v1/authn';
const SUPPORT = MESSAGES.supportLine(TEST_CONFIG.SUPPORT_EMAIL);

function setup(links: unknown = [{ type: 'OKTA', id: 'zview' }]) {
  const server = fakeServer().on('POST', '/get-identity', { body: { links } });
  const manager = fakeUserManager();
  const idp = testIdentityProvider(manager);
  const user = userEvent.setup();
  render(
    <AuthTestProviders idp={idp}>
      <LoginPage />
    </AuthTestProviders>,
  );
  return { server, manager, idp, user };
}

async function toPasswordStep(user: ReturnType<typeof userEvent.setup>, email = '  Ann.Smith@Acme.TEST ') {
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Enter your password' });
}

async function signIn(user: ReturnType<typeof userEvent.setup>, password = 'correct horse') {
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login page, step 1', () => {
  it('shows Welcome, an email field and a Next button enabled once an email is typed', async () => {
    const { user } = setup();
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'a@b.test');
    expect(next).toBeEnabled();
  });

  it('looks up the identity provider with the email lowercased and trimmed, without Authorization', async () => {
    const { server, user } = setup();
    await toPasswordStep(user);
    const [lookup] = server.sent('/get-identity', 'POST');
    expect(lookup?.body).toEqual({ userEmail: 'ann.smith@acme.test' });
    expect(lookup?.headers.has('authorization')).toBe(false);
  });

  it('sends SAML2 users to the enterprise SSO url', async () => {
    const { idp, user } = setup([{ type: 'SAML2', id: 'acme-adfs' }]);
    await user.type(screen.getByLabelText('Email'), 'Bob@Acme.test');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(idp.redirectTo).toHaveBeenCalledTimes(1));
    const url = new URL(idp.redirectTo.mock.calls[0]![0] as string);
    expect(url.pathname).toBe('/oidc/sso/saml2/acme-adfs/home/oidc_client/zview-web/sso');
    expect(url.searchParams.get('login_hint')).toBe('bob@acme.test');
    expect(url.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/login-callback`);
    expect(screen.queryByRole('heading', { name: 'Enter your password' })).not.toBeInTheDocument();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.sessionRestoreUrl)).not.toBeNull();
  });

  it("says 'Unsupported identity provider type' for any other type", async () => {
    const { user } = setup([{ type: 'KERBEROS', id: 'x' }]);
    await user.type(screen.getByLabelText('Email'), 'c@d.test');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.unsupportedIdentityProvider);
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
  });
});

describe('login page, step 2', () => {
  it('shows the email disabled, a forgot-password link, and enables Sign in only with a password', async () => {
    const { user } = setup();
    await toPasswordStep(user);
    expect(screen.getByDisplayValue('ann.smith@acme.test')).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      `${TEST_CONFIG.OIDC_ISSUER}/forgot-password`,
    );
    const signInButton = screen.getByRole('button', { name: 'Sign in' });
    expect(signInButton).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(signInButton).toBeEnabled();
  });

  it('returns to step 1 when the email is clicked', async () => {
    const { user } = setup();
    await toPasswordStep(user);
    await user.click(screen.getByRole('button', { name: /Change email/ }));
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value.trim()).toBe('Ann.Smith@Acme.TEST');
  });

  it('signs in: credential check, saves the current URL, redirect sign-in with the session token', async () => {
    const { server, manager, user } = setup();
    server.on('POST', AUTHN, { body: { status: 'SUCCESS', sessionToken: 'st-123' } });
    await toPasswordStep(user);
    await signIn(user);
    await waitFor(() =>
      expect(manager.signinRedirect).toHaveBeenCalledWith({ extraQueryParams: { sessionToken: 'st-123' } }),
    );
    expect(server.sent(AUTHN)[0]?.body).toEqual({ username: 'ann.smith@acme.test', password: 'correct horse' });
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.sessionRestoreUrl)).toBe(
      `${window.location.pathname}${window.location.search}${window.location.hash}`,
    );
  });

  it('shows invalid credentials under the password field', async () => {
    const { server, manager, user } = setup();
    server.on('POST', AUTHN, { status: 401, body: { errorCode: 'E0000004', errorSummary: 'Authentication failed' } });
    await toPasswordStep(user);
    await signIn(user);
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password).toHaveAccessibleDescription('Incorrect username or password.'));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(manager.signinRedirect).not.toHaveBeenCalled();
  });

  it.each([
    ['access_denied', 'Z-VIEW access for this account has not been enabled.'],
    ['E0000999', 'Failed to log into your Z-VIEW account.'],
  ])('shows the catalogued message and the support line for error code %s', async (code, text) => {
    const { server, user } = setup();
    server.on('POST', AUTHN, { status: 403, body: { errorCode: code } });
    await toPasswordStep(user);
    await signIn(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(alert).toHaveTextContent(SUPPORT);
  });

  it.each([
    [
      { status: 'PASSWORD_EXPIRED' },
      'Your password has expired. Please use the forgot password feature to set a new one.',
    ],
    [{ status: 'SUCCESS' }, 'Failed to retrieve session token after login. Please try again later.'],
    [{ status: 'LOCKED_OUT' }, 'Authentication failed. Please try again later.'],
  ])('answers status %j with its message', async (answer, text) => {
    const { server, manager, user } = setup();
    server.on('POST', AUTHN, { body: answer });
    await toPasswordStep(user);
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(manager.signinRedirect).not.toHaveBeenCalled();
  });

  it('shows the raw message of any other error', async () => {
    const { server, user } = setup();
    server.on('POST', AUTHN, () => {
      throw new TypeError('Failed to fetch');
    });
    await toPasswordStep(user);
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch');
  });
});
