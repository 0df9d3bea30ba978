import {
  MESSAGES,
  NO_ABILITIES,
  SESSION_STORAGE_KEYS,
  STORAGE_KEYS,
  canManageTeamMembers,
  passesGuards,
} from '@zview/contracts';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../session/session';
import { AuthTestProviders, fakeUserManager, testIdentityProvider } from '../../../test/auth-harness';
import { TEST_CONFIG, fakeJwt, fakeServer } from '../../../test/fake-server';
import { RealSessionProvider } from './RealSessionProvider';
import { recordTracking } from '../../../test/tracking';

const trackedEvents = recordTracking();

const SESSION = '/oidc/api/v1/sessions/me';
// As the server presents them: the user is a group admin of Acme and a plain member of Beta.
const acme = {
  id: 7,
  name: 'Acme Mutual',
  products: ['zfire', 'zhail'],
  trial: false,
  abilities: { ...NO_ABILITIES, teamRead: true, teamManage: true, apiKeysManage: true },
};
const beta = {
  id: 9,
  name: 'Beta Insurance',
  products: ['zwind'],
  trial: false,
  abilities: { ...NO_ABILITIES, teamRead: true },
};

function Probe() {
  const session = useSession();
  return (
    <div>
      <p>Hello {session.user.firstName}</p>
      <p>Org {session.activeOrganization?.name}</p>
      <p>Features {session.enabledFeatures.join(',')}</p>
      <p>Orgs {session.organizations.length}</p>
      <p>Team editor {canManageTeamMembers(session.permissions) ? 'shown' : 'hidden'}</p>
      <p>API keys {passesGuards(['apiKeys'], session.permissions) ? 'open' : 'closed'}</p>
      <button onClick={() => session.setActiveOrganization(9)}>Switch</button>
      <button onClick={() => void session.logout()}>Sign out</button>
    </div>
  );
}

function setup({
  sessionActive,
  tokens,
  organizations = [acme, beta],
}: {
  sessionActive: boolean;
  tokens: boolean;
  organizations?: unknown[];
}) {
  const server = fakeServer()
    .on('GET', SESSION, {
      status: sessionActive ? 200 : 404,
      body: sessionActive ? { status: 'ACTIVE' } : { errorCode: 'E0000007' },
    })
    .on('DELETE', SESSION, { status: 204 })
    .on('GET', '/api/organization', { body: { organizations } });
  const manager = fakeUserManager();
  if (tokens)
    manager.user = {
      access_token: 'at-9',
      id_token: fakeJwt({ sub: 'u-1', given_name: 'Ann', groups: ['zview-group-admins'], isGroupAdmin: true }),
      expired: false,
    };
  const idp = testIdentityProvider(manager);
  render(
    <AuthTestProviders idp={idp}>
      <RealSessionProvider>
        <Probe />
      </RealSessionProvider>
    </AuthTestProviders>,
  );
  return { server, manager };
}

describe('RealSessionProvider', () => {
  it('shows the login page when the IdP session is not active', async () => {
    const { manager } = setup({ sessionActive: false, tokens: true });
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(manager.removeUser).toHaveBeenCalled();
  });

  it('redirects for tokens when the IdP session is active but no tokens are held', async () => {
    const { manager } = setup({ sessionActive: true, tokens: false });
    await waitFor(() => expect(manager.signinRedirect).toHaveBeenCalledWith(undefined));
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.sessionRestoreUrl)).not.toBeNull();
  });

  it('provides the session with the stored organisation once authorized', async () => {
    localStorage.setItem(STORAGE_KEYS.selectedOrganizationId, '9');
    const { server } = setup({ sessionActive: true, tokens: true });
    expect(await screen.findByText('Hello Ann')).toBeInTheDocument();
    expect(screen.getByText('Org Beta Insurance')).toBeInTheDocument();
    expect(screen.getByText('Features zwind')).toBeInTheDocument();
    const [orgRequest] = server.sent('/api/organization');
    expect(orgRequest?.headers.get('authorization')).toBe('Bearer at-9');
    expect(orgRequest?.url.searchParams.has('target_organization_id')).toBe(false);
  });

  it('defaults to the first organisation and switches, clearing a product the new one lacks', async () => {
    localStorage.setItem(STORAGE_KEYS.userSelectedProduct, JSON.stringify({ value: 'zfire' }));
    setup({ sessionActive: true, tokens: true });
    expect(await screen.findByText('Org Acme Mutual')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.userSelectedProduct)).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Switch' }));
    expect(await screen.findByText('Org Beta Insurance')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.selectedOrganizationId)).toBe('9');
    expect(localStorage.getItem(STORAGE_KEYS.userSelectedProduct)).toBeNull();
  });

  it('guards the team editor by the abilities the server presents for the organisation acted for, not the token', async () => {
    // The token says group admin; in Beta the server says plain member: no team editor there (issue 44).
    setup({ sessionActive: true, tokens: true });
    expect(await screen.findByText('Org Acme Mutual')).toBeInTheDocument();
    expect(screen.getByText('Team editor shown')).toBeInTheDocument();
    expect(screen.getByText('API keys open')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Switch' }));
    expect(await screen.findByText('Org Beta Insurance')).toBeInTheDocument();
    expect(screen.getByText('Team editor hidden')).toBeInTheDocument();
    expect(screen.getByText('API keys closed')).toBeInTheDocument();
  });

  it('refuses an organisation list without abilities rather than guess them', async () => {
    setup({
      sessionActive: true,
      tokens: true,
      organizations: [{ id: 7, name: 'Acme Mutual', products: ['zfire'], trial: false }],
    });
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });

  it('logs out: tracks, clears storage, revokes the token, ends the IdP session, shows the login page', async () => {
    const { server, manager } = setup({ sessionActive: true, tokens: true });
    await screen.findByText('Hello Ann');
    sessionStorage.setItem(SESSION_STORAGE_KEYS.sessionId, 'sid');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(trackedEvents.at(-1)?.event).toBe('logout_completed');
    expect(manager.revokeTokens).toHaveBeenCalledWith(['access_token']);
    expect(server.sent(SESSION, 'DELETE')).toHaveLength(1);
    expect(manager.removeUser).toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.selectedOrganizationId)).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.sessionId)).toBeNull();
  });

  it('shows the no-products screen with the support line and a Logout button', async () => {
    const { manager } = setup({
      sessionActive: true,
      tokens: true,
      organizations: [{ id: 3, name: 'Empty Co', products: ['appeals'], trial: false, abilities: NO_ABILITIES }],
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('There are no enabled applications for your Z-VIEW account.');
    expect(alert).toHaveTextContent(MESSAGES.supportLine(TEST_CONFIG.SUPPORT_EMAIL));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(manager.revokeTokens).toHaveBeenCalled();
  });

  it('shows the login page when the access token expires and the IdP session has ended', async () => {
    const { server, manager } = setup({ sessionActive: true, tokens: true });
    await screen.findByText('Hello Ann');
    server.on('GET', SESSION, { status: 404 });
    act(() => manager.emit('AccessTokenExpired'));
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(manager.signinRedirect).not.toHaveBeenCalled();
  });

  it('renews by redirect when the access token expires but the IdP session lives', async () => {
    const { manager } = setup({ sessionActive: true, tokens: true });
    await screen.findByText('Hello Ann');
    act(() => manager.emit('AccessTokenExpired'));
    await waitFor(() => expect(manager.signinRedirect).toHaveBeenCalledTimes(1));
  });

  it('treats tokens whose id token does not parse as absent', async () => {
    const server = fakeServer().on('GET', SESSION, { status: 404 });
    const manager = fakeUserManager();
    manager.user = { access_token: 'at', id_token: 'garbage', expired: false };
    const original = console.error;
    console.error = () => undefined;
    try {
      render(
        <AuthTestProviders idp={testIdentityProvider(manager)}>
          <RealSessionProvider>
            <Probe />
          </RealSessionProvider>
        </AuthTestProviders>,
      );
      expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
      expect(server.sent('/api/organization')).toHaveLength(0);
    } finally {
      console.error = original;
    }
  });
});
