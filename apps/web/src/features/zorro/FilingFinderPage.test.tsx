import type { ZorroFiling, ZorroFiltersResponse, ZorroSearchResponse } from '@zview/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/client';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders, sessionFixture } from '../../../test/render';
import { recordTracking } from '../../../test/tracking';
import FilingFinderPage from './FilingFinderPage';

const tracked = recordTracking();
beforeEach(() => setAccessToken('test-access-token'));
afterEach(() => {
  setAccessToken(undefined);
  vi.unstubAllGlobals();
});
const summary = {
  id: 7,
  trackingNumber: 'SCMU-261346782',
  title: 'Colorado Homeowners Rate Filing – Z-FIRE',
  state: 'CO',
  company: 'Sierra Crest Mutual Insurance Company',
  naicGroup: 'Pinecrest Insurance Group',
  line: 'homeowners',
  filingType: 'rate',
  status: 'approved',
  submittedOn: '2025-02-01',
  dispositionOn: '2025-04-01',
  effectiveOn: '2025-06-01',
  overallChange: 12.5,
  models: ['Z-FIRE'],
  categories: ['wildfire'],
  sample: true,
  hit: { documentId: 70, documentTitle: 'Actuarial Memorandum', page: 2, highlight: 'the \u0002wildfire\u0003 load' },
};
const results: ZorroSearchResponse = { total: 1, page: 1, pageSize: 25, results: [summary] };
const facets: ZorroFiltersResponse = {
  total: 1,
  facets: {
    state: [
      { value: 'CO', count: 1 },
      { value: 'CA', count: 4 },
    ],
    line: [{ value: 'homeowners', count: 1 }],
    type: [],
    status: [],
    model: [],
    category: [],
    group: [],
  },
  ranges: { submitted: { min: '2025-02-01', max: '2025-02-01' }, rateChange: { min: 12.5, max: 12.5 } },
};
const filing: ZorroFiling = {
  ...summary,
  naicCode: '12345',
  vendors: ['Z-VIEW'],
  source: 'generated',
  coverages: [{ coverage: 'Coverage A - Dwelling', change: 13 }],
  objections: [
    {
      seq: 1,
      objectedOn: '2025-03-01',
      objection: 'Please validate Z-FIRE.',
      respondedOn: '2025-03-10',
      response: 'Validation attached.',
    },
  ],
  documents: [{ id: 70, kind: 'actuarial memorandum', title: 'Actuarial Memorandum', pageCount: 2 }],
};

function setup(path = '/zorro/filing-finder?q=wildfire') {
  const api = fakeApi({
    '/api/zorro/search': () => results,
    '/api/zorro/filters': () => facets,
    '/api/zorro/filings/7': () => filing,
    '/api/zorro/documents/70': () => ({
      id: 70,
      filingId: 7,
      trackingNumber: summary.trackingNumber,
      kind: 'actuarial memorandum',
      title: 'Actuarial Memorandum',
      pages: [
        { number: 1, text: 'Intro', matches: false },
        { number: 2, text: 'The wildfire load is 12%.', matches: true },
      ],
    }),
  });
  renderWithProviders(<FilingFinderPage />, { session: sessionFixture('member'), path });
  return api;
}

describe('FilingFinderPage', () => {
  it('shows results with the highlighted passage and facet counts; a facet click filters and is tracked', async () => {
    const api = setup();
    const row = await screen.findByTestId('filing-row');
    expect(within(row).getByText('wildfire').tagName).toBe('MARK');
    expect(within(row).getByText(/Actuarial Memorandum, p. 2/)).toBeTruthy();
    // Dates in en-US long form, as everywhere else in the product (SPEC §9), not as stored.
    expect(within(row).getByText('February 1, 2025')).toBeTruthy();
    expect(within(row).getByText('June 1, 2025')).toBeTruthy();
    await userEvent.click(within(screen.getByTestId('facet-state')).getByRole('checkbox', { name: /CA/ }));
    await waitFor(() => expect(api.callsTo('/api/zorro/search').at(-1)!.searchParams.getAll('state')).toEqual(['CA']));
    expect(api.callsTo('/api/zorro/filters').at(-1)!.searchParams.get('q')).toBe('wildfire');
    expect(tracked).toContainEqual({ event: 'zorro_file_finder_filter', properties: { filter: 'state', value: 'CA' } });
  });

  it('opens a filing with its objections and the matching page; back returns and both are tracked', async () => {
    setup();
    await userEvent.click(await screen.findByTestId('filing-row'));
    expect(await screen.findByText(/Please validate Z-FIRE/)).toBeTruthy();
    expect(screen.getByText('April 1, 2025')).toBeTruthy();
    expect(screen.getByText(/\(March 1, 2025\)/)).toBeTruthy();
    expect(await screen.findByTestId('page-2')).toBeTruthy();
    expect(tracked.map((t) => t.event)).toContain('zorro_selected_filing');
    await userEvent.click(screen.getByTestId('finder-back'));
    expect(await screen.findByTestId('filing-row')).toBeTruthy();
    expect(tracked.map((t) => t.event)).toContain('zorro_filing_finder_back');
  });

  it('says so when nothing matches, and tracks the zero-result search', async () => {
    fakeApi({
      '/api/zorro/search': () => ({ total: 0, page: 1, pageSize: 25, results: [] }),
      '/api/zorro/filters': () => ({ ...facets, total: 0 }),
    });
    renderWithProviders(<FilingFinderPage />, {
      session: sessionFixture('member'),
      path: '/zorro/filing-finder?q=nothing',
    });
    expect(await screen.findByTestId('no-results')).toBeTruthy();
    await waitFor(() => expect(tracked.map((t) => t.event)).toContain('zorro_search_zero_results'));
  });

  it('shows how the search box was read as removable chips, the dropped words, and offers the explorer', async () => {
    const api = fakeApi({
      '/api/zorro/search': (url) => ({
        ...results,
        understood: {
          chips: [
            {
              id: 'company:Sierra Crest Mutual Insurance Company',
              kind: 'company',
              label: 'Company: Sierra Crest Mutual Insurance Company',
              text: 'Sierra Crest Mutal',
            },
            ...(url.searchParams.getAll('ignore').includes('state:CO')
              ? []
              : [{ id: 'state:CO', kind: 'state', label: 'State: Colorado', text: 'Colorado' }]),
          ],
          words: 'wildfire',
          dropped: ['zzqxv'],
          relaxed: [],
        },
      }),
      '/api/zorro/filters': () => facets,
    });
    const q = 'Which Sierra Crest Mutal filings in Colorado mention wildfire zzqxv?';
    renderWithProviders(<FilingFinderPage />, {
      session: sessionFixture('member'),
      path: `/zorro/filing-finder?q=${encodeURIComponent(q)}`,
    });
    const chips = await screen.findAllByTestId('understood-chip');
    expect(chips.map((c) => c.textContent)).toEqual([
      'Company: Sierra Crest Mutual Insurance Company',
      'State: Colorado',
    ]);
    expect(screen.getByTestId('dropped-words').textContent).toBe('No filing matches every word: left out “zzqxv”.');
    expect(screen.getByTestId('ask-explorer').getAttribute('href')).toBe(
      `/zorro/explorer?${new URLSearchParams({ ask: q }).toString()}`,
    );
    // Removing a reading asks again with its chip id in `ignore`.
    await userEvent.click(within(chips[1]!).getByTestId('CancelIcon'));
    await waitFor(() =>
      expect(api.callsTo('/api/zorro/search').at(-1)!.searchParams.getAll('ignore')).toEqual(['state:CO']),
    );
    await waitFor(() => expect(screen.getAllByTestId('understood-chip')).toHaveLength(1));
  });
  it('says how many filings fit a short query equally and narrows by a one-click year or line', async () => {
    const narrow = {
      tied: 42,
      facets: [
        {
          field: 'year' as const,
          values: [
            { value: '2025', count: 9 },
            { value: '2024', count: 7 },
          ],
          more: 3,
        },
        { field: 'line' as const, values: [{ value: 'homeowners', count: 30 }], more: 0 },
      ],
    };
    const api = fakeApi({
      '/api/zorro/search': (url) => (url.searchParams.get('submittedFrom') ? results : { ...results, narrow }),
      '/api/zorro/filters': () => facets,
    });
    renderWithProviders(<FilingFinderPage />, {
      session: sessionFixture('member'),
      path: `/zorro/filing-finder?q=${encodeURIComponent('Keystone Home Hawaii')}`,
    });
    const bar = await screen.findByTestId('narrow');
    expect(bar.textContent).toContain('42 filings fit these words equally well. Narrow by:');
    expect(
      within(bar)
        .getAllByTestId('narrow-chip')
        .map((c) => c.textContent),
    ).toEqual(['2025 · 9', '2024 · 7', 'homeowners · 30']);
    expect(bar.textContent).toContain('and 3 more');
    await userEvent.click(within(bar).getByText('2024 · 7'));
    await waitFor(() => {
      const params = api.callsTo('/api/zorro/search').at(-1)!.searchParams;
      expect([params.get('submittedFrom'), params.get('submittedTo'), params.get('q')]).toEqual([
        '2024-01-01',
        '2024-12-31',
        'Keystone Home Hawaii',
      ]);
    });
    expect(tracked).toContainEqual({ event: 'zorro_narrow', properties: { field: 'year', value: '2024', tied: 42 } });
    await waitFor(() => expect(screen.queryByTestId('narrow')).toBeNull());
  });
});
