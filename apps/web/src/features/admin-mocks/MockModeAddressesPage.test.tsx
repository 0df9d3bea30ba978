import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../../test/fake-server';
import { renderPage } from '../../../test/session-harness';
import MockModeAddressesPage from './MockModeAddressesPage';

describe('/mock-mode-addresses', () => {
  it('links every mock location to its lookup (coordinates back to lat,lng) and lists its products', async () => {
    fakeServer().on('GET', '/api/caribou/mocks/addresses', {
      body: {
        results: [
          {
            location: '-97.3361,37.6922',
            location_type: 'coordinates',
            apiVersion: 'v3',
            products: ['zhail'],
            lookupLocation: '37.6922,-97.3361',
          },
          {
            location: '100 Mock Ave, Wichita, KS 67203',
            location_type: 'address',
            apiVersion: 'v3',
            products: ['zfire', 'zhail'],
            lookupLocation: '100 Mock Ave, Wichita, KS 67203',
          },
        ],
      },
    });
    renderPage(<MockModeAddressesPage />, { route: '/mock-mode-addresses' });
    const list = await screen.findByRole('list', { name: 'Mock locations' });
    const point = within(list).getByRole('link', { name: '37.6922,-97.3361' });
    expect(new URL(point.getAttribute('href')!, 'http://x').search).toBe(
      '?location=37.6922%2C-97.3361&location_type=coordinates',
    );
    const address = within(list).getByRole('link', { name: '100 Mock Ave, Wichita, KS 67203' });
    expect(address.getAttribute('href')).toContain('location_type=address');
    expect(within(address.closest('li')!).getByText('Z-FIRE')).toBeInTheDocument();
  });
});
