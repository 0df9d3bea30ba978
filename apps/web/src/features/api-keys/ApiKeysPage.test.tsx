import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../test/fake-server';
import { renderPage, testSession } from '../../../test/session-harness';
import ApiKeysPage from './ApiKeysPage';

const KEYS = '/api/user-management/api-keys';
const base = {
  organizationId: 1,
  products: null,
  ratePerSecond: 20,
  burst: 40,
  createdAt: '2026-11-01T10:00:00.000Z',
  createdBy: 'ada@acme.test',
  expiresAt: null,
  revokedAt: null,
  lastUsedAt: null,
};
const keys = [
  {
    ...base,
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Rating engine',
    prefix: 'zv_live_AbC123',
    status: 'active',
  },
  {
    ...base,
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Old system',
    prefix: 'zv_live_XyZ789',
    status: 'revoked',
    revokedAt: '2026-11-02T10:00:00.000Z',
  },
];

function setup() {
  const server = fakeServer().on('GET', KEYS, { body: { results: keys } });
  renderPage(<ApiKeysPage />, { route: '/team/api-keys', session: testSession() });
  return server;
}

describe('/team/api-keys', () => {
  it('lists keys by their visible prefix, never a secret, and offers Revoke only for active keys', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'API keys' });
    const active = (await within(table).findByText('Rating engine')).closest('tr')!;
    expect(within(active).getByText('zv_live_AbC123…')).toBeInTheDocument();
    expect(within(active).getByRole('button', { name: 'Revoke Rating engine' })).toBeInTheDocument();
    const revoked = within(table).getByText('Old system').closest('tr')!;
    expect(within(revoked).getByText('Revoked')).toBeInTheDocument();
    expect(within(revoked).queryByRole('button')).toBeNull();
  });

  it('creates a key, shows it once with a copy button', async () => {
    const server = setup();
    const secret = `zv_live_${'a'.repeat(40)}`;
    server.on('POST', KEYS, {
      status: 201,
      body: { ...keys[0], id: '33333333-3333-4333-8333-333333333333', name: 'Pricing', key: secret },
    });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.type(screen.getByLabelText(/Key name/), 'Pricing');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'API key created' });
    expect(within(dialog).getByLabelText('New API key')).toHaveValue(secret);
    expect(within(dialog).getByText(/shown only once/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith(secret);
    expect(server.sent(KEYS, 'POST')[0]?.body).toEqual({ name: 'Pricing' });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByDisplayValue(secret)).toBeNull());
  });

  it('revokes a key after confirmation', async () => {
    const server = setup();
    server.on('POST', `${KEYS}/${keys[0]!.id}/revoke`, {
      body: { ...keys[0], status: 'revoked', revokedAt: '2026-11-03T10:00:00.000Z' },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke Rating engine' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(server.sent(`${KEYS}/${keys[0]!.id}/revoke`)).toHaveLength(1));
  });

  it('says a past expiry date is not allowed and does not send it, not the server’s field name', async () => {
    const server = setup();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Key name/), 'Pricing');
    const expires = screen.getByLabelText('Expires on (optional)');
    await user.type(expires, '2020-01-01');
    expect(expires).toHaveAttribute('min', new Date().toISOString().slice(0, 10));
    expect(screen.getByText(/^Pick a date from/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create key' })).toBeDisabled();
    expect(server.sent(KEYS, 'POST')).toHaveLength(0);
  });
});
