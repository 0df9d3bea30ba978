import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../../test/fake-server';
import { renderPage } from '../../../test/session-harness';
import AddMemberPage from './AddMemberPage';
import AddMultipleMembersPage from './AddMultipleMembersPage';
import EditMemberPage from './EditMemberPage';

const MEMBERS = '/api/user-management/group/members';
const CREATE = '/api/user-management/group/user/create';
const created = (email: string) => ({
  id: 'u-9',
  email,
  firstName: 'Dee',
  lastName: 'Diaz',
  status: 'active',
  role: 'member',
});
const team = [
  { id: 'u-admin', email: 'ada@acme.test', firstName: 'Ada', lastName: 'Admin', status: 'active', role: 'admin' },
  {
    id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
    email: 'bob@acme.test',
    firstName: 'Bob',
    lastName: 'Baker',
    status: 'active',
    role: 'member',
  },
];

describe('/team/add-new-member', () => {
  it('validates the form before sending anything', async () => {
    const server = fakeServer();
    renderPage(<AddMemberPage />, { route: '/team/add-new-member' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    expect(screen.getByText('First name must not be empty')).toBeInTheDocument();
    expect(screen.getByText('Last name must not be empty')).toBeInTheDocument();
    expect(screen.getByText('Email must be an email address')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it('creates the member and returns to the team with a notification', async () => {
    const server = fakeServer().on('POST', CREATE, { status: 201, body: created('dee@acme.test') });
    renderPage(<AddMemberPage />, { route: '/team/add-new-member' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Dee');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Diaz');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), ' Dee@Acme.test ');
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/team');
    expect(screen.getByText('Dee Diaz was added to the team.')).toBeInTheDocument();
    expect(server.sent(CREATE)[0]?.body).toEqual({
      email: 'dee@acme.test',
      profile: { firstName: 'Dee', lastName: 'Diaz' },
      role: 'admin',
    });
  });

  it('an email that already has an account is invited, and the notification says so (issue 12)', async () => {
    fakeServer().on('POST', CREATE, { status: 202, body: { status: 'invited', email: 'dee@acme.test' } });
    renderPage(<AddMemberPage />, { route: '/team/add-new-member' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Dee');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Diaz');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'dee@acme.test');
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    expect(
      await screen.findByText(
        'dee@acme.test already has a Z-VIEW account: we sent them an invitation to join your team.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the server refusal and stays on the form', async () => {
    fakeServer().on('POST', CREATE, {
      status: 409,
      body: { error: { code: 'conflict', message: 'A user with this email already exists.' } },
    });
    renderPage(<AddMemberPage />, { route: '/team/add-new-member' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Dee');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Diaz');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'bob@acme.test');
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    expect(await screen.findByText('A user with this email already exists.')).toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });
});

describe('/team/edit-member/{userId}', () => {
  it('edits names and role with profile, userId and role', async () => {
    const server = fakeServer()
      .on('GET', MEMBERS, { body: { organization: { id: 1, name: 'Acme', products: [] }, members: team } })
      .on('POST', '/api/user-management/user/update', { body: {} });
    renderPage(<EditMemberPage />, {
      route: '/team/edit-member/:userId',
      path: '/team/edit-member/6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
    });
    const user = userEvent.setup();
    const first = await screen.findByRole('textbox', { name: 'First name' });
    expect(first).toHaveValue('Bob');
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeDisabled();
    await user.clear(first);
    await user.type(first, 'Robert');
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/team');
    expect(server.sent('/api/user-management/user/update')[0]?.body).toEqual({
      profile: { firstName: 'Robert', lastName: 'Baker' },
      userId: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
      role: 'admin',
    });
  });

  it('says so when the member is not in the team', async () => {
    fakeServer().on('GET', MEMBERS, { body: { organization: { id: 1, name: 'Acme', products: [] }, members: team } });
    renderPage(<EditMemberPage />, { route: '/team/edit-member/:userId', path: '/team/edit-member/u-404' });
    expect(await screen.findByText('This team member could not be found.')).toBeInTheDocument();
  });
});

describe('/team/add-multiple-members', () => {
  it('validates every row of an uploaded CSV, adds the valid ones and summarises', async () => {
    const server = fakeServer()
      .on('GET', MEMBERS, { body: { organization: { id: 1, name: 'Acme', products: [] }, members: team } })
      .on('POST', CREATE, (request) => {
        const email = (request.body as { email: string }).email;
        return email === 'fay@acme.test'
          ? { status: 502, body: { error: { code: 'internal_error', message: 'Identity provider unavailable' } } }
          : { status: 201, body: created(email) };
      });
    renderPage(<AddMultipleMembersPage />, { route: '/team/add-multiple-members' });
    const user = userEvent.setup();
    const csv =
      'Email,First Name,Last Name,Role\ndee@acme.test,Dee,Diaz,admin\nbob@acme.test,Bob,Again,\nfay@acme.test,Fay,Fox,member\nbad,,X,member\n';
    await user.upload(screen.getByLabelText('CSV file'), new File([csv], 'members.csv', { type: 'text/csv' }));

    expect(
      await screen.findByText('2 members ready to add, 2 rows have problems and will be skipped.'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Members to add' });
    expect(within(table).getByText('Already a member of this team')).toBeInTheDocument();
    expect(within(table).getByText('Email must be an email address; First name must not be empty')).toBeInTheDocument();
    expect(server.sent(CREATE)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Add 2 members' }));
    expect(
      await screen.findByText(/1 member added\. 1 member could not be added\. 2 rows were skipped/),
    ).toBeInTheDocument();
    expect(within(table).getByText('Identity provider unavailable')).toBeInTheDocument();
    expect(within(table).getByText('Added')).toBeInTheDocument();
    expect(server.sent(CREATE).map((request) => request.body)).toEqual([
      { email: 'dee@acme.test', profile: { firstName: 'Dee', lastName: 'Diaz' }, role: 'admin' },
      { email: 'fay@acme.test', profile: { firstName: 'Fay', lastName: 'Fox' }, role: 'member' },
    ]);
    expect(screen.getByRole('link', { name: 'Back to team' })).toHaveAttribute('href', '/team');
  });

  it('reports added rows as added, not as already members, once the refreshed team list includes them', async () => {
    const members = [...team];
    const server = fakeServer()
      .on('GET', MEMBERS, () => ({ body: { organization: { id: 1, name: 'Acme', products: [] }, members } }))
      .on('POST', CREATE, (request) => {
        const body = request.body as { email: string; profile: { firstName: string; lastName: string } };
        members.push({
          id: `u-${members.length}`,
          email: body.email,
          firstName: body.profile.firstName,
          lastName: body.profile.lastName,
          status: 'active',
          role: 'member',
        });
        return { status: 201, body: created(body.email) };
      });
    renderPage(<AddMultipleMembersPage />, { route: '/team/add-multiple-members' });
    const user = userEvent.setup();
    await waitFor(() => expect(server.sent(MEMBERS)).toHaveLength(1));
    await user.click(screen.getByRole('textbox', { name: 'Members' }));
    await user.paste('hal@acme.test,Hal,Hill\nivy@acme.test,Ivy,Ives\nnot-an-email,Jo,Jones');
    await user.click(await screen.findByRole('button', { name: 'Add 2 members' }));
    expect(await screen.findByText('2 members added. 1 row was skipped because of problems.')).toBeInTheDocument();
    await waitFor(() => expect(server.sent(MEMBERS).length).toBeGreaterThan(1));
    const table = screen.getByRole('table', { name: 'Members to add' });
    await waitFor(() => expect(within(table).getAllByText('Added')).toHaveLength(2));
    expect(within(table).queryByText('Already a member of this team')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 members added. 1 row was skipped because of problems.');
  });

  it('accepts a pasted list and keeps Add disabled until a row is valid', async () => {
    fakeServer().on('GET', MEMBERS, { body: { organization: { id: 1, name: 'Acme', products: [] }, members: team } });
    renderPage(<AddMultipleMembersPage />, { route: '/team/add-multiple-members' });
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add members' })).toBeDisabled());
    await user.click(screen.getByRole('textbox', { name: 'Members' }));
    await user.paste('gus@acme.test,Gus,Gray');
    expect(await screen.findByRole('button', { name: 'Add 1 member' })).toBeEnabled();
  });
});
