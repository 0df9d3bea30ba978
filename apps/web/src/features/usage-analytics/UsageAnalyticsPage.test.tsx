import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../../test/fake-server';
import { renderPage, testSession, testUser } from '../../../test/session-harness';
import { USAGE_ANALYTICS_API_PATH } from './api/usageAnalytics';
import UsageAnalyticsPage, { defaultRange } from './UsageAnalyticsPage';

const report = (organizationId: number | null = null) => ({
  from: '2026-03-01',
  to: '2026-03-03',
  organizationId,
  eventsPerDay: [
    { day: '2026-03-01', events: 3, users: 2 },
    { day: '2026-03-02', events: 0, users: 0 },
    { day: '2026-03-03', events: 5, users: 1 },
  ],
  activeUsersByOrganization: [{ organizationId: 1, organizationName: 'Acme', users: 2, events: 8 }],
  topEvents: [{ event: 'submit_request', events: 5, users: 2 }],
  funnels: [
    {
      name: 'Sign-in → lookup',
      steps: [
        { event: 'login_completed', users: 4 },
        { event: 'submit_request', users: 3 },
      ],
    },
    {
      name: 'Upload → export',
      steps: [
        { event: 'portfolio_uploaded', users: 0 },
        { event: 'portfolio_exported', users: 0 },
      ],
    },
  ],
  recentEvents: [
    {
      occurredAt: '2026-03-03T10:00:00.000Z',
      type: 'identify',
      event: null,
      userId: 'u-1',
      userEmail: 'ada@acme.test',
      organizationId: 1,
      organizationName: 'Acme',
    },
  ],
  organizations: [
    { id: 1, name: 'Acme' },
    { id: 2, name: 'Globex' },
  ],
});

describe('/admin/usage-analytics', () => {
  it('shows the charts and funnels, and filters by organisation and date range', async () => {
    const server = fakeServer().on('GET', USAGE_ANALYTICS_API_PATH, { body: report() });
    renderPage(<UsageAnalyticsPage />, {
      route: '/admin/usage-analytics',
      session: testSession({ user: testUser({ isInternalAdmin: true }) }),
    });
    expect(await screen.findByText('Events per day (8 in all)')).toBeInTheDocument();
    expect(screen.getByTestId('active-users')).toBeInTheDocument();
    expect(screen.getByTestId('top-events')).toBeInTheDocument();
    const signIn = screen.getByRole('group', { name: 'Sign-in → lookup' });
    expect(within(signIn).getByText('Conversion 75%')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Upload → export' })).getByText('Conversion —'),
    ).toBeInTheDocument();
    const recent = within(screen.getByRole('table', { name: 'Recent events' }))
      .getByText('ada@acme.test')
      .closest('tr')!;
    expect(within(recent).getByText('identify')).toBeInTheDocument();
    expect(within(recent).getByText('Acme')).toBeInTheDocument();
    const first = server.sent(USAGE_ANALYTICS_API_PATH)[0]!.url;
    expect(Object.fromEntries(first.searchParams)).toEqual(defaultRange());

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Organization' }));
    await user.click(await screen.findByRole('option', { name: 'Globex' }));
    await waitFor(() =>
      expect(server.sent(USAGE_ANALYTICS_API_PATH).at(-1)!.url.searchParams.get('organizationId')).toBe('2'),
    );
    // Date inputs take their value whole (jsdom types no dates).
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    await waitFor(() =>
      expect(server.sent(USAGE_ANALYTICS_API_PATH).at(-1)!.url.searchParams.get('from')).toBe('2026-01-01'),
    );
  });

  it('refuses a range that ends before it starts, without asking the server', async () => {
    const server = fakeServer().on('GET', USAGE_ANALYTICS_API_PATH, { body: report() });
    renderPage(<UsageAnalyticsPage />, {
      route: '/admin/usage-analytics',
      session: testSession({ user: testUser({ isInternalAdmin: true }) }),
    });
    await screen.findByText(/Events per day/);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2000-01-01' } });
    expect(await screen.findByText('The start must not be after the end.')).toBeInTheDocument();
    expect(server.sent(USAGE_ANALYTICS_API_PATH).every((r) => r.url.searchParams.get('to') !== '2000-01-01')).toBe(
      true,
    );
  });
});
