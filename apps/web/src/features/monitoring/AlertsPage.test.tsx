import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../test/fake-server';
import { renderPage, testSession, testUser } from '../../../test/session-harness';
import AlertsPage from './AlertsPage';

const ENDPOINTS = '/api/caribou/webhooks/endpoints';
const RULES = '/api/caribou/portfolio/12/alert-rules';
const session = (isGroupAdmin = true) =>
  testSession({
    user: testUser({ isGroupAdmin }),
    organizations: [{ id: 7, name: 'Acme Mutual', products: ['zfire', 'zfire-portfolio'] }],
  });

const endpoint = {
  id: 3,
  url: 'https://hooks.acme.test/zview',
  description: 'Rating engine',
  eventTypes: ['score.changed'],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  secrets: [{ hint: 'whsec_…Ab3=', createdAt: '2026-11-01T10:00:00.000Z', expiresAt: null }],
};
const rule = {
  id: 5,
  portfolioId: 12,
  name: 'Into high',
  kind: 'level_change',
  threshold: null,
  minDelta: null,
  product: 'zfire',
  cause: null,
  channels: ['in_app', 'webhook'],
  enabled: true,
};

function setup(isGroupAdmin = true) {
  const server = fakeServer()
    .on('GET', ENDPOINTS, { body: { endpoints: [endpoint] } })
    .on('GET', RULES, { body: { rules: [rule] } })
    .on('GET', '/api/caribou/portfolios', {
      body: {
        portfolios: [{ id: 12, name: 'Coastal book' }].map((p) => ({
          ...p,
          description: '',
          portfolioType: 'fire',
          organizationId: 7,
          organizationName: 'Acme Mutual',
          originalFileName: 'book.csv',
          rowCount: 10,
          createdAt: '2026-11-01T10:00:00.000Z',
          processingError: null,
          products: [],
        })),
        page: 1,
        itemsPerPage: 100,
        total: 1,
      },
    });
  renderPage(<AlertsPage />, {
    route: '/zportfolio/alerts',
    path: '/zportfolio/alerts?portfolio=12',
    session: session(isGroupAdmin),
  });
  return server;
}

describe('/zportfolio/alerts', () => {
  it('tells a member why they cannot manage alerts and webhooks, and asks the server nothing', async () => {
    const server = setup(false);
    expect(
      await screen.findByText(/Only group admins of Acme Mutual can manage alert rules and webhook endpoints/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).toBeNull();
    expect(server.sent(ENDPOINTS)).toHaveLength(0);
    expect(server.sent(RULES)).toHaveLength(0);
  });

  it('lists endpoints by their secret’s last characters and the portfolio’s rules', async () => {
    setup();
    const endpoints = await screen.findByRole('table', { name: 'Webhook endpoints' });
    const row = (await within(endpoints).findByText(endpoint.url)).closest('tr')!;
    expect(within(row).getByText('whsec_…Ab3=')).toBeInTheDocument();
    expect(within(row).getByText(/Score changed/)).toBeInTheDocument();
    const rules = screen.getByRole('table', { name: 'Alert rules' });
    const ruleRow = (await within(rules).findByText('Into high')).closest('tr')!;
    expect(within(ruleRow).getByText('Risk level changes')).toBeInTheDocument();
    expect(within(ruleRow).getByText('Z-FIRE')).toBeInTheDocument();
    expect(within(ruleRow).getByText('In-app notification, Webhook (score.changed)')).toBeInTheDocument();
  });

  it('adds an endpoint and shows its secret once; a rotation shows the new one', async () => {
    const server = setup();
    const secret = `whsec_${'k'.repeat(43)}=`;
    server.on('POST', ENDPOINTS, (req) => ({
      status: 201,
      body: { ...endpoint, id: 4, ...(req.body as object), secret },
    }));
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const form = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    await user.type(within(form).getByLabelText(/Endpoint URL/), 'https://new.acme.test/hook');
    await user.click(within(form).getByLabelText(/Portfolio ready/));
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(server.sent(ENDPOINTS, 'POST')[0]?.body).toEqual({
      url: 'https://new.acme.test/hook',
      description: '',
      eventTypes: ['portfolio.ready'],
    });
    const shown = await screen.findByRole('dialog', { name: 'Webhook endpoint added' });
    expect(within(shown).getByLabelText('Signing secret')).toHaveValue(secret);
    expect(within(shown).getByText(/shown only once/)).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith(secret);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByDisplayValue(secret)).toBeNull());

    const rotatedSecret = `whsec_${'r'.repeat(43)}=`;
    server.on('POST', `${ENDPOINTS}/3/rotate`, { body: { ...endpoint, secret: rotatedSecret } });
    await user.click(await screen.findByRole('button', { name: `Rotate secret of ${endpoint.url}` }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Rotate' }));
    const rotated = await screen.findByRole('dialog', { name: 'New signing secret' });
    expect(within(rotated).getByLabelText('Signing secret')).toHaveValue(rotatedSecret);
    expect(within(rotated).getByText(/keeps signing for 24 hours/)).toBeInTheDocument();
  });

  it('shows the server’s refusal of a URL in the form', async () => {
    const server = setup();
    server.on('POST', ENDPOINTS, {
      status: 400,
      body: { error: { code: 'bad_request', message: 'The endpoint URL must use https.' } },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const form = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    await user.type(within(form).getByLabelText(/Endpoint URL/), 'http://example.com/hook');
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText('The endpoint URL must use https.')).toBeInTheDocument();
  });

  it('switches an endpoint off, reads its delivery log with response codes and redelivers a message', async () => {
    const server = setup();
    server
      .on('PATCH', `${ENDPOINTS}/3`, { body: { ...endpoint, enabled: false, disabledReason: 'Disabled by an admin.' } })
      .on('GET', `${ENDPOINTS}/3/log`, {
        body: {
          deliveries: [
            {
              messageId: 'msg_41',
              eventType: 'score.changed',
              status: 'failed',
              attempts: 8,
              nextAttemptAt: '2026-11-02T10:00:00.000Z',
              lastStatusCode: 503,
              lastError: null,
              deliveredAt: null,
            },
          ],
          attempts: [
            {
              id: '9',
              messageId: 'msg_41',
              attemptedAt: '2026-11-02T10:00:00.000Z',
              statusCode: 503,
              error: null,
              durationMs: 212,
            },
          ],
        },
      })
      .on('POST', `${ENDPOINTS}/3/messages/msg_41/redeliver`, { status: 202, body: { lane: 'portfolio:12' } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: `Enabled ${endpoint.url}` }));
    await waitFor(() => expect(server.sent(`${ENDPOINTS}/3`, 'PATCH')[0]?.body).toEqual({ enabled: false }));

    await user.click(screen.getByRole('button', { name: `Delivery log of ${endpoint.url}` }));
    const log = await screen.findByRole('dialog', { name: `Delivery log · ${endpoint.url}` });
    const message = (await within(log).findAllByText('msg_41'))[0]!.closest('tr')!;
    expect(within(message).getByText('Failed')).toBeInTheDocument();
    expect(within(message).getByText('503')).toBeInTheDocument();
    const attempt = within(within(log).getByRole('table', { name: 'Attempts' }))
      .getByText('212 ms')
      .closest('tr')!;
    expect(within(attempt).getByText('503')).toBeInTheDocument();
    expect(within(attempt).getByText(/November 2, 2026/)).toBeInTheDocument();
    await user.click(within(log).getByRole('button', { name: 'Redeliver msg_41' }));
    await waitFor(() => expect(server.sent(`${ENDPOINTS}/3/messages/msg_41/redeliver`, 'POST')).toHaveLength(1));
  });

  it('adds a threshold rule for a product and cause, edits a rule, and deletes one', async () => {
    const server = setup();
    server
      .on('POST', RULES, (req) => ({ status: 201, body: { ...rule, id: 6, ...(req.body as object) } }))
      .on('PATCH', '/api/caribou/alert-rules/5', (req) => ({ body: { ...rule, ...(req.body as object) } }))
      .on('DELETE', '/api/caribou/alert-rules/5', { status: 204 });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add rule' }));
    const form = await screen.findByRole('dialog', { name: 'Add alert rule' });
    await user.type(within(form).getByLabelText(/Rule name/), 'Over 70');
    await user.click(within(form).getByLabelText('Alert when'));
    await user.click(await screen.findByRole('option', { name: 'Score crosses a threshold' }));
    const add = within(form).getByRole('button', { name: 'Add rule' });
    expect(add).toBeDisabled(); // a threshold rule needs its threshold
    await user.type(within(form).getByLabelText(/Threshold/), '70');
    await user.click(within(form).getByLabelText('Cause'));
    await user.click(await screen.findByRole('option', { name: 'New imagery' }));
    await user.click(within(form).getByLabelText('Email digest'));
    await user.click(add);
    await waitFor(() =>
      expect(server.sent(RULES, 'POST')[0]?.body).toEqual({
        name: 'Over 70',
        kind: 'threshold',
        threshold: 70,
        minDelta: null,
        product: null,
        cause: 'capture',
        channels: ['in_app', 'email'],
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Edit Into high' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit alert rule' });
    await user.clear(within(edit).getByLabelText(/Rule name/));
    await user.type(within(edit).getByLabelText(/Rule name/), 'Up to high');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.sent('/api/caribou/alert-rules/5', 'PATCH')[0]?.body).toMatchObject({
        name: 'Up to high',
        kind: 'level_change',
        product: 'zfire',
        channels: ['in_app', 'webhook'],
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Delete Into high' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete alert rule' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(server.sent('/api/caribou/alert-rules/5', 'DELETE')).toHaveLength(1));
  });
});
