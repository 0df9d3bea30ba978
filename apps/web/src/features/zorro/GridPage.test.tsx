import type { ZorroFiltersResponse, ZorroSearchResponse } from '@zview/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/client';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders, sessionFixture } from '../../../test/render';
import { recordTracking } from '../../../test/tracking';
import GridPage from './GridPage';

/** The grid: a cell click is tracked (zorro_table_cell_click); exports ask the server for every matching filing. */
const tracked = recordTracking();
beforeEach(() => setAccessToken('test-access-token'));
afterEach(() => {
  setAccessToken(undefined);
  vi.unstubAllGlobals();
});
const row = {
  id: 7,
  trackingNumber: 'SCMU-1',
  title: 'Colorado Homeowners Rate Filing',
  state: 'CO',
  company: 'Sierra Crest Mutual',
  naicGroup: 'Pinecrest Group',
  line: 'homeowners',
  filingType: 'rate',
  status: 'approved',
  submittedOn: '2025-02-01',
  dispositionOn: null,
  effectiveOn: '2025-06-01',
  overallChange: 12.5,
  models: ['Z-FIRE'],
  categories: ['wildfire'],
  sample: true,
  hit: null,
};
const results: ZorroSearchResponse = { total: 1500, page: 1, pageSize: 50, results: [row] };
const facets: ZorroFiltersResponse = {
  total: 1500,
  facets: { state: [{ value: 'CO', count: 1500 }], line: [], type: [], status: [], model: [], category: [], group: [] },
  ranges: { submitted: { min: null, max: null }, rateChange: { min: null, max: null } },
};

describe('GridPage', () => {
  it('tracks a cell click with its column and filing', async () => {
    fakeApi({ '/api/zorro/search': () => results, '/api/zorro/filters': () => facets });
    renderWithProviders(<GridPage />, { session: sessionFixture('member'), path: '/zorro/grid?state=CO' });
    await userEvent.click(await screen.findByText('approved'));
    expect(tracked).toContainEqual({ event: 'zorro_table_cell_click', properties: { column: 'status', filingId: 7 } });
  });

  it('keeps each cited model whole in its cell: a narrow column breaks between names, not at a hyphen', async () => {
    const cited = { ...row, models: ['Tempest CAT', 'Z-PROPERTY'] };
    fakeApi({ '/api/zorro/search': () => ({ ...results, results: [cited] }), '/api/zorro/filters': () => facets });
    renderWithProviders(<GridPage />, { session: sessionFixture('member'), path: '/zorro/grid?state=CO' });
    const cell = await screen.findByTestId('cell-models');
    expect(cell).toHaveTextContent('Tempest CAT, Z-PROPERTY');
    for (const name of cited.models) expect(within(cell).getByText(name)).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('exports through the server with the filters, order and chosen columns (every row, no 1,000 cap)', async () => {
    const api = fakeApi({
      '/api/zorro/search': () => results,
      '/api/zorro/filters': () => facets,
      '/api/zorro/export': () => 'State\r\nCO\r\n',
    });
    const createObjectURL = vi.fn(() => 'blob:grid');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithProviders(<GridPage />, {
      session: sessionFixture('member'),
      path: '/zorro/grid?state=CO&sort=rateChange',
    });
    await screen.findByText('approved');
    await userEvent.click(screen.getByTestId('export-csv'));
    await waitFor(() => expect(api.callsTo('/api/zorro/export')).toHaveLength(1));
    const url = api.callsTo('/api/zorro/export')[0]!;
    expect(url.searchParams.get('format')).toBe('csv');
    expect(url.searchParams.getAll('state')).toEqual(['CO']);
    expect(url.searchParams.get('sort')).toBe('rateChange');
    expect(url.searchParams.getAll('columns')).toEqual([
      'state',
      'company',
      'submittedOn',
      'effectiveOn',
      'overallChange',
      'models',
      'status',
    ]);
    expect(url.searchParams.has('pageSize')).toBe(false);
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(clicked).toHaveBeenCalled();
    clicked.mockRestore();
    expect(api.callsTo('/api/zorro/search').every((u) => u.searchParams.get('pageSize') !== '1000')).toBe(true);
  });
});
