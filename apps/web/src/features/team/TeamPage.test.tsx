import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../../test/fake-server';
import { renderPage, testSession, testUser } from '../../../test/session-harness';
import TeamPage from './TeamPage';

const MEMBERS = '/api/user-management/group/members';
const team = [
  { id: 'u-admin', email: 'ada@acme.test', firstName: 'Ada', lastName: 'Admin', status: 'active', role: 'admin' },
  { id: 'u-2', email: 'bob@acme.test', firstName: 'Bob', lastName: 'Baker', status: 'active', role: 'member' },
  { id: 'u-3', email: 'cy@acme.test', firstName: 'Cy', lastName: 'Cole', status: 'deactivated', role: 'member' },
];

function setup(session = testSession()) {
  const server = fakeServer().on('GET', MEMBERS, {
    body: { organization: { id: 1, name: 'Acme', products: [] }, members: team },
  });
  renderPage(<TeamPage />, { route: '/team', session });
  return server;
}

describe('/team', () => {
  it('lists members with role and status, asking with the bearer token', async () => {
    const server = setup();
    await screen.findByText('Bob Baker');
    const table = screen.getByRole('table', { name: 'Team members' });
    const bob = within(table).getByText('Bob Baker').closest('tr')!;
    expect(within(bob).getByText('bob@acme.test')).toBeInTheDocument();
    expect(within(bob).getByText('Member')).toBeInTheDocument();
    expect(within(bob).getByText('Active')).toBeInTheDocument();
    expect(within(within(table).getByText('Cy Cole').closest('tr')!).getByText('Deactivated')).toBeInTheDocument();
    expect(server.sent(MEMBERS)[0]?.headers.get('authorization')).toBe('Bearer test-access-token');
    expect(screen.getByRole('link', { name: 'Add new member' })).toHaveAttribute('href', '/team/add-new-member');
    expect(screen.getByRole('link', { name: 'Add multiple members' })).toHaveAttribute(
      'href',
      '/team/add-multiple-members',
    );
  });

  it('wraps the manager’s links at the minimum page width instead of running past the edge', async () => {
    setup();
    const add = await screen.findByRole('link', { name: 'Add new member' });
    // 768 px holds the title beside five links only if they may wrap (and shrink below their one-line width).
    expect(add.parentElement).toHaveStyle({ flexWrap: 'wrap', minWidth: '0' });
  });

  it('deactivates the selected members after confirmation and reports success', async () => {
    const server = setup();
    server.on('POST', '/api/user-management/group/users/deactivate', { body: { ok: true } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Bob Baker' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Cy Cole' }));
    expect(screen.getByRole('checkbox', { name: 'Select Ada Admin' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate 2 members?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('2 members deactivated.')).toBeInTheDocument();
    expect(server.sent('/api/user-management/group/users/deactivate')[0]?.body).toEqual({ userIds: ['u-2', 'u-3'] });
    await waitFor(() => expect(server.sent(MEMBERS).length).toBeGreaterThan(1));
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const server = setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all members' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 members?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it.each([
    ['Assign to admin', 'assign-to-admin'],
    ['Activate', 'activate'],
    ['Delete', 'delete'],
  ])('shows the failure when %s is refused', async (label, action) => {
    const server = setup();
    server.on('POST', `/api/user-management/group/users/${action}`, {
      status: 403,
      body: { error: { code: 'forbidden', message: 'Not allowed.' } },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Bob Baker' }));
    await user.click(screen.getByRole('button', { name: label }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: label }));
    expect(await screen.findByText(/Could not .*Not allowed\./)).toBeInTheDocument();
    expect(server.sent(`/api/user-management/group/users/${action}`)[0]?.body).toEqual({ userIds: ['u-2'] });
  });

  it('is read-only for SSO users: no selection, no add or edit controls', async () => {
    setup(testSession({ identityProvider: 'SSO' }));
    await screen.findByText('Bob Baker');
    expect(screen.getByText(/read-only/)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Add/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument();
  });

  it('shows ordinary users the team without management controls', async () => {
    setup(testSession({ user: testUser({ id: 'u-2', isGroupAdmin: false }) }));
    await screen.findByText('Ada Admin');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add new member' })).not.toBeInTheDocument();
  });
});
