import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
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

  it('shows the saved name in the top bar at once', async () => {
    let saved = { firstName: 'Priya', lastName: 'Nair' };
    fakeApi({
      [ME]: () => ({ id: 'dev-group-admin', email: 'priya.nair@acme.test', profile: saved }),
    });
    const fetchMock = vi.mocked(fetch);
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST' && String(input).includes(ME)) {
        saved = (JSON.parse(String(init.body)) as { profile: typeof saved }).profile;
        return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
      }
      return answer(input, init);
    });
    renderApp({ path: '/profile', devSession: 'groupAdmin' });
    const user = userEvent.setup();
    expect(await screen.findByTestId('user-name', {}, { timeout: 8000 })).toHaveTextContent('Priya Nair');
    await user.click(await screen.findByRole('button', { name: 'Edit' }, { timeout: 8000 }));
    const first = screen.getByRole('textbox', { name: 'First name' });
    await user.clear(first);
    await user.type(first, 'Pia');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile was updated.')).toBeInTheDocument();
    expect(screen.getByTestId('user-name')).toHaveTextContent('Pia Nair');
  });
});
