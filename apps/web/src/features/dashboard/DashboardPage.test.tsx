import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';

const SLOW = { timeout: 8000 };
afterEach(() => vi.unstubAllGlobals());

const recent = {
  total: 2,
  results: [
    {
      id: 'l1',
      at: '2026-11-21T09:12:00Z',
      address: '1208 Cedar Ridge Dr, Boulder, CO 80302',
      propertyId: 'p1',
      userEmail: 'a@acme.test',
      scores: [
        { product: 'zproperty', score: 4.3, riskLevel: 'medium' },
        { product: 'zfire', score: 7.3, riskLevel: 'high' },
      ],
    },
    {
      id: 'l2',
      at: '2026-11-20T16:40:00Z',
      address: '9 Prairie Ln, Wichita, KS 67202',
      propertyId: 'p2',
      userEmail: 'b@acme.test',
      scores: [{ product: 'zhail', score: 5.5, riskLevel: 'medium' }],
    },
  ],
};

describe('the dashboard', () => {
  it("lists the organisation's recent lookups with their scores, and the high-risk ones on their tab", async () => {
    const user = userEvent.setup();
    fakeApi({ '/api/caribou/property/recent': () => recent });
    const { router } = renderApp({ path: '/dashboard/recent', devSession: 'admin' });
    const rows = await screen.findAllByTestId('lookup-row', {}, SLOW);
    expect(rows).toHaveLength(2);
    // scores in the fixed product order
    expect(
      within(rows[0]!)
        .getAllByTestId('risk-level')
        .map((chip) => chip.textContent),
    ).toEqual(['Z-FIRE 7.3', 'Z-PROPERTY 4.3']);
    expect(within(rows[0]!).getByRole('link', { name: '1208 Cedar Ridge Dr, Boulder, CO 80302' })).toHaveAttribute(
      'href',
      '/scores?location=1208+Cedar+Ridge+Dr%2C+Boulder%2C+CO+80302&location_type=address',
    );
    await user.click(screen.getByRole('tab', { name: 'High risk' }));
    await waitFor(() => expect(router().state.location.pathname).toBe('/dashboard/high-risk'));
    expect(screen.getAllByTestId('lookup-row')).toHaveLength(1);
  });

  it('says an unknown tab does not exist and lists the tabs there are, instead of redirecting silently', async () => {
    const user = userEvent.setup();
    fakeApi({ '/api/caribou/property/recent': () => ({ total: 0, results: [] }) });
    const { router } = renderApp({ path: '/dashboard/whatever', devSession: 'admin' });
    const unknown = await screen.findByTestId('dashboard-unknown-tab', {}, SLOW);
    expect(unknown).toHaveTextContent('The specified page could not be found.');
    expect(router().state.location.pathname).toBe('/dashboard/whatever');
    await user.click(within(unknown).getByRole('link', { name: 'Recent lookups' }));
    expect(
      await screen.findByText('No property has been looked up by your organisation yet.', {}, SLOW),
    ).toBeInTheDocument();
  });

  it('shows one row per property with how many times it was looked up', async () => {
    fakeApi({
      '/api/caribou/property/recent': () => ({
        total: 2,
        results: [{ ...recent.results[0], count: 3 }, recent.results[1]],
      }),
    });
    renderApp({ path: '/dashboard/recent', devSession: 'admin' });
    const rows = await screen.findAllByTestId('lookup-row', {}, SLOW);
    expect(within(rows[0]!).getByTestId('lookup-count')).toHaveTextContent('3 lookups');
    expect(within(rows[1]!).queryByTestId('lookup-count')).not.toBeInTheDocument();
  });

  it('is reachable from the property search page', async () => {
    const user = userEvent.setup();
    fakeApi({ '/api/caribou/property/recent': () => recent });
    const { router } = renderApp({ path: '/scores', devSession: 'admin' });
    await user.click(await screen.findByRole('link', { name: 'Recent lookups' }, SLOW));
    await waitFor(() => expect(router().state.location.pathname).toBe('/dashboard/recent'));
    expect(await screen.findAllByTestId('lookup-row', {}, SLOW)).toHaveLength(2);
  });
});
