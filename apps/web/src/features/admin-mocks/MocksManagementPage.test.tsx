import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../../test/fake-server';
import { renderPage, testSession, testUser } from '../../../test/session-harness';
import MocksManagementPage from './MocksManagementPage';
import { MOCK_TEMPLATE } from './template';

const staff = testSession({ user: testUser({ isZviewAdmin: true }) });
const CASES = '/api/caribou/mocks/cases';
const RESPONSES = '/api/caribou/mocks/responses';
const summary = {
  id: 4,
  name: 'High hail',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  caseCount: 1,
};
const existingCase = {
  location: '-97.3361,37.6922',
  location_type: 'coordinates',
  apiVersion: 'v3',
  mockResponseId: 4,
  products: ['zhail'],
  mockResponseName: 'High hail',
};

function setup() {
  const server = fakeServer()
    .on('GET', CASES, { body: { results: [existingCase] } })
    .on('GET', RESPONSES, { body: { results: [summary] } })
    .on('POST', CASES, (request) => ({
      status: 201,
      body: { ...(request.body as object), mockResponseName: 'High hail' },
    }))
    .on('DELETE', `${CASES}/4`, { body: { status: 'deleted', mockResponseId: 4 } })
    .on('POST', RESPONSES, (request) => ({
      status: 201,
      body: { ...summary, id: 5, name: (request.body as { name: string }).name, payload: MOCK_TEMPLATE },
    }));
  renderPage(<MocksManagementPage />, { route: '/admin/mocks-management', session: staff });
  return server;
}

describe('/admin/mocks-management', () => {
  it("takes coordinates as 'lat,lng' and sends 'lng,lat' (SPEC §5)", async () => {
    const server = setup();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New mock case' });
    await user.click(within(form).getByLabelText('Location type'));
    await user.click(await screen.findByRole('option', { name: 'Coordinates' }));
    await user.type(within(form).getByLabelText(/Coordinates \(lat,lng\)/), '37.6922, -97.3361');
    expect(within(form).getByText('Sent as -97.3361,37.6922 (lng,lat)')).toBeInTheDocument();
    await user.click(within(form).getByLabelText('Z-HAIL'));
    await user.click(within(form).getByLabelText(/Mock response/));
    await user.click(await screen.findByRole('option', { name: 'High hail' }));
    await user.click(within(form).getByRole('button', { name: 'Add mock case' }));
    await waitFor(() => expect(server.sent(CASES, 'POST')).toHaveLength(1));
    expect(server.sent(CASES, 'POST')[0]!.body).toEqual({
      location: '-97.3361,37.6922',
      location_type: 'coordinates',
      apiVersion: 'v3',
      mockResponseId: 4,
      products: ['zhail'],
    });
  });

  it('refuses coordinates that are not a pair, before sending', async () => {
    const server = setup();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New mock case' });
    await user.click(within(form).getByLabelText('Location type'));
    await user.click(await screen.findByRole('option', { name: 'Coordinates' }));
    await user.type(within(form).getByLabelText(/Coordinates \(lat,lng\)/), '97.3,200');
    expect(within(form).getByText(/Enter coordinates as 'lat,lng'/)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Add mock case' })).toBeDisabled();
    expect(server.sent(CASES, 'POST')).toHaveLength(0);
  });

  it('deletes a case only after confirmation, with its key in the query', async () => {
    const server = setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete mock case -97.3361,37.6922' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.sent(`${CASES}/4`, 'DELETE')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete mock case -97.3361,37.6922' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.sent(`${CASES}/4`, 'DELETE')).toHaveLength(1));
    const query = Object.fromEntries(server.sent(`${CASES}/4`, 'DELETE')[0]!.url.searchParams);
    expect(query).toMatchObject({
      location: '-97.3361,37.6922',
      location_type: 'coordinates',
      apiVersion: 'v3',
      products: 'zhail',
    });
  });

  it('validates the response JSON as you type and saves only a valid assessment', async () => {
    const server = setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Mock responses' }));
    await user.click(await screen.findByRole('button', { name: 'New mock response' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Name/), 'Flooded');
    const editor = within(dialog).getByTestId('mock-json');
    expect(within(dialog).getByText('Valid assessment response.')).toBeInTheDocument();
    const broken = { ...MOCK_TEMPLATE, location: { ...MOCK_TEMPLATE.location, point: { lat: 'north', lng: -97 } } };
    await user.clear(editor);
    await user.click(editor);
    await user.paste(JSON.stringify(broken));
    expect(within(dialog).getByText(/^location\.point\.lat:/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(editor, '{backspace}');
    expect(within(dialog).getByText(/^Not valid JSON/)).toBeInTheDocument();
    await user.clear(editor);
    await user.click(editor);
    await user.paste(JSON.stringify(MOCK_TEMPLATE));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.sent(RESPONSES, 'POST')).toHaveLength(1));
    expect(server.sent(RESPONSES, 'POST')[0]!.body).toEqual({ name: 'Flooded', payload: MOCK_TEMPLATE });
  });
});
