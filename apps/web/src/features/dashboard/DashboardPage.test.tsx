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
    { id: 'l1', at: '2026-11-21T09:12:00Z', address: '1208 Cedar Ridge Dr, Boulder, CO 80302', propertyId: 'p1', userEmail: 'a@acme.test', scores: [{ product: 'zproperty', score: 4.3, riskLevel: 'medium' }, { product: 'zfire', score: 7.3, riskLevel: 'high' }] },
    { id: 'l2', at: '2026-11-20T16:40:00Z', address: '9 Prairie Ln, Wichita, KS 67202', propertyId: 'p2', userEmail: 'b@acme.test', scores: [{ product: 'zhail', score: 5.5, riskLevel: 'medium' }] },
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
    expect(within(rows[0]!).getAllByTestId('risk-level').map((chip) => chip.textContent)).toEqual(['Z-FIRE 7.3', 'Z-PROPERTY 4.3']);
    expect(within(rows[0]!).getByRole('link', { name: '1208 Cedar Ridge Dr, Boulder, CO 80302' })).toHaveAttribute(
      'href',
      '/scores?location=1208+Cedar+Ridge+Dr%2C+Boulder%2C+CO+80302&location_type=address',
    );
    await user.click(screen.getByRole('tab', { name: 'High risk' }));
    await waitFor(() => expect(router().state.location.pathname).toBe('/dashboard/high-risk'));
    expect(screen.getAllByTestId('lookup-row')).toHaveLength(1);
  });

  it('sends an unknown tab to the recent lookups and shows an empty state', async () => {
    fakeApi({ '/api/caribou/property/recent': () => ({ total: 0, results: [] }) });
    const { router } = renderApp({ path: '/dashboard/whatever', devSession: 'admin' });
    expect(await screen.findByText('No property has been looked up by your organisation yet.', {}, SLOW)).toBeInTheDocument();
    expect(router().state.location.pathname).toBe('/dashboard/recent');
  });
});
