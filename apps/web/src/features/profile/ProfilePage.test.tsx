import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../../test/fake-server';
import { renderPage, testSession } from '../../../test/session-harness';
import ProfilePage from './ProfilePage';

const ME = '/api/user-management/user/me';
const me = { id: 'u-admin', email: 'ada@acme.test', profile: { firstName: 'Ada', lastName: 'Admin' } };

describe('/profile', () => {
  it('shows the profile and saves edited names', async () => {
    const server = fakeServer().on('GET', ME, { body: me }).on('POST', ME, { body: {} });
    renderPage(<ProfilePage />, { route: '/profile' });
    const user = userEvent.setup();
    expect(await screen.findByText('ada@acme.test')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const last = screen.getByRole('textbox', { name: 'Last name' });
    await user.clear(last);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Last name must not be empty')).toBeInTheDocument();
    await user.type(last, '  Lovelace ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile was updated.')).toBeInTheDocument();
    expect(server.sent(ME, 'POST')[0]?.body).toEqual({ profile: { firstName: 'Ada', lastName: 'Lovelace' } });
    expect(server.sent(ME, 'GET').length).toBeGreaterThan(1);
  });

  it('sends a password reset email', async () => {
    const server = fakeServer().on('GET', ME, { body: me }).on('POST', `${ME}/forget-password`, { status: 204 });
    renderPage(<ProfilePage />, { route: '/profile' });
    await screen.findByText('ada@acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('A password reset link was sent to ada@acme.test.')).toBeInTheDocument();
    expect(server.sent(`${ME}/forget-password`, 'POST')).toHaveLength(1);
  });

  it('is read-only for SSO users', async () => {
    fakeServer().on('GET', ME, { body: me });
    renderPage(<ProfilePage />, { route: '/profile', session: testSession({ identityProvider: 'SSO' }) });
    expect(await screen.findByText('ada@acme.test')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset password' })).not.toBeInTheDocument();
  });
});
