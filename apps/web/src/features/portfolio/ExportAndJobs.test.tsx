import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import type { Job } from '@zview/contracts';
import { listFixture, listMetadataFixture, metadataFixture } from './fixtures';
import { requestsOf } from './test-requests';

const SLOW = { timeout: 8000 };
afterEach(() => vi.unstubAllGlobals());

const job = (id: number, state: Job['state']): Job => ({
  id,
  type: 'portfolio-run',
  state,
  portfolioId: 42,
  portfolioName: 'Q4 renewals — California',
  organizationId: 101,
  organizationName: 'Harbor Mutual',
  product: 'zfire',
  modelVersion: 'zfire-2.3.0',
  progress: { committed: state === 'complete' ? 2 : 1, total: 2 },
  createdAt: '2026-11-20T15:03:00Z',
  completedAt: null,
  suspendedAt: null,
});

describe('the export dialog', () => {
  it('saves the chosen columns, regenerates the CSV on the server and downloads it', { timeout: 40_000 }, async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn(() => {
          saved.push('blob');
          return 'blob:x';
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    const api = fakeApi({
      '/api/caribou/portfolios': () => listFixture(),
      '/api/caribou/portfolios/metadata': () => listMetadataFixture(),
      '/api/caribou/portfolio/42/metadata': () => metadataFixture(),
      '/api/caribou/portfolio/42/product/zproperty/export': () => ({ columns: [] }),
      '/api/caribou/portfolio/42/product/zproperty/update_export': () => ({
        exportedAt: '2026-11-21T10:00:00Z',
        sizeBytes: 10,
      }),
    });
    renderApp({ path: '/zportfolio', devSession: 'portfolioOnly' });
    await screen.findAllByTestId('portfolio-row', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Actions for Z-PROPERTY of Q4 renewals — California' }));
    await user.click(screen.getByRole('menuitem', { name: 'Export…' }));
    const dialog = await screen.findByRole('dialog', { name: /^Export Z-PROPERTY/ }, SLOW);
    // The user's own columns, then the score columns; everything chosen by default.
    await within(dialog).findByRole('checkbox', { name: 'Policy No' }, SLOW);
    expect(within(dialog).getByTestId('export-column-count')).toHaveTextContent('14 of 14 columns');
    await user.click(within(dialog).getByRole('checkbox', { name: 'TIV' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Confidence' }));
    expect(within(dialog).getByTestId('export-column-count')).toHaveTextContent('12 of 14 columns');
    await user.click(within(dialog).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['blob']));
    const calls = requestsOf(api).filter((r) => r.path.startsWith('/api/caribou/portfolio/42/product/'));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT /api/caribou/portfolio/42/product/zproperty/export',
      'PUT /api/caribou/portfolio/42/product/zproperty/update_export',
      'GET /api/caribou/portfolio/42/product/zproperty/export',
    ]);
    expect(calls[0]!.body).toEqual({
      data: {
        columns: [
          'Policy No',
          'Street',
          'City',
          'State',
          'Zip',
          'Construction',
          'score',
          'risk_level',
          'top_factors',
          'geocode_precision',
          'model_version',
          'problem',
        ],
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Export/ })).not.toBeInTheDocument());
  });
});

describe('the export mark', () => {
  it(
    'says exporting marks results Processed, and marks an XLSX export with an explicit call before the download',
    { timeout: 40_000 },
    async () => {
      const user = userEvent.setup();
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
      const api = fakeApi({
        '/api/caribou/portfolios': () => listFixture(),
        '/api/caribou/portfolios/metadata': () => listMetadataFixture(),
        '/api/caribou/portfolio/42/metadata': () => metadataFixture(),
        '/api/caribou/portfolio/42/product/zproperty/export': () => ({ columns: [] }),
        '/api/caribou/portfolio/42/product/zproperty/update_export': () => ({
          exportedAt: '2026-11-21T10:00:00Z',
          sizeBytes: null,
        }),
      });
      renderApp({ path: '/zportfolio', devSession: 'portfolioOnly' });
      await screen.findAllByTestId('portfolio-row', {}, SLOW);
      await user.click(screen.getByRole('button', { name: 'Actions for Z-PROPERTY of Q4 renewals — California' }));
      await user.click(screen.getByRole('menuitem', { name: 'Export…' }));
      const dialog = await screen.findByRole('dialog', { name: /^Export Z-PROPERTY/ }, SLOW);
      expect(await within(dialog).findByTestId('export-marks-processed', {}, SLOW)).toHaveTextContent(
        'Exporting marks results that are In Review as Processed.',
      );
      await user.click(within(dialog).getByRole('radio', { name: 'Excel (XLSX)' }));
      await user.click(within(dialog).getByRole('button', { name: 'Download XLSX' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Export/ })).not.toBeInTheDocument());
      const calls = requestsOf(api).filter((r) => r.path.startsWith('/api/caribou/portfolio/42/product/'));
      expect(
        calls.map(
          (c) =>
            `${c.method} ${c.path}${c.method === 'PUT' ? `?format=${new URLSearchParams(c.search).get('format')}` : ''}`,
        ),
      ).toEqual([
        'PUT /api/caribou/portfolio/42/product/zproperty/update_export?format=xlsx',
        'GET /api/caribou/portfolio/42/product/zproperty/export',
      ]);
    },
  );
});

describe('internal admins', () => {
  it('send the role group with the list calls; members do not', async () => {
    const headerOf = (api: ReturnType<typeof fakeApi>, path: string) =>
      (api.fetchMock.mock.calls as unknown as [string, RequestInit | undefined][])
        .filter(([input]) => new URL(String(input)).pathname === path)
        .map(([, init]) => new Headers(init?.headers).get('x-role-group'));
    const handlers = {
      '/api/caribou/portfolios': () => listFixture(),
      '/api/caribou/portfolios/metadata': () => listMetadataFixture(),
    };
    const admin = fakeApi(handlers);
    const view = renderApp({ path: '/zportfolio', devSession: 'admin' });
    await screen.findAllByTestId('portfolio-row', {}, SLOW);
    expect(headerOf(admin, '/api/caribou/portfolios')[0]).toBe('zview-admins');
    expect(headerOf(admin, '/api/caribou/portfolios/metadata')[0]).toBe('zview-admins');
    view.unmount();
    vi.unstubAllGlobals();
    sessionStorage.clear();
    const member = fakeApi(handlers);
    renderApp({ path: '/zportfolio', devSession: 'portfolioOnly' });
    await screen.findAllByTestId('portfolio-row', {}, SLOW);
    expect(headerOf(member, '/api/caribou/portfolios')[0]).toBeNull();
    expect(screen.queryByTestId('jobs-panel')).not.toBeInTheDocument();
  });

  it('see processing jobs by state and can suspend and resume them', { timeout: 40_000 }, async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      '/api/caribou/portfolios': () => listFixture(),
      '/api/caribou/portfolios/metadata': () => listMetadataFixture(),
      '/api/caribou/jobs/metadata': () => ({
        filters: ['all', 'queued', 'running', 'suspended', 'complete'],
        counts: { queued: 0, running: 1, suspended: 1, complete: 5 },
      }),
      '/api/caribou/jobs': (url) => ({
        jobs:
          url.searchParams.get('filter') === 'suspended'
            ? [job(8, 'suspended')]
            : [job(9, 'running'), job(8, 'suspended')],
        total: 2,
        page: 1,
        itemsPerPage: 10,
      }),
      '/api/caribou/jobs/9/suspend': () => ({ id: 9, state: 'suspended' }),
      '/api/caribou/jobs/8/resume': () => ({ id: 8, state: 'queued' }),
    });
    renderApp({ path: '/zportfolio', devSession: 'admin' });
    await screen.findAllByTestId('portfolio-row', {}, SLOW);
    // Collapsed: nothing asked yet.
    expect(api.callsTo('/api/caribou/jobs')).toEqual([]);
    await user.click(screen.getByRole('button', { name: /Processing jobs/ }));
    const rows = await screen.findAllByTestId('job-row', {}, SLOW);
    expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['running', 'suspended']);
    expect(screen.getByRole('tab', { name: 'Suspended (1)' })).toBeInTheDocument();
    await user.click(within(rows[0]!).getByRole('button', { name: 'Suspend' }));
    await waitFor(() =>
      expect(requestsOf(api).some((r) => r.method === 'POST' && r.path === '/api/caribou/jobs/9/suspend')).toBe(true),
    );
    await user.click(within(rows[1]!).getByRole('button', { name: 'Resume' }));
    await waitFor(() =>
      expect(requestsOf(api).some((r) => r.method === 'POST' && r.path === '/api/caribou/jobs/8/resume')).toBe(true),
    );
    await user.click(screen.getByRole('tab', { name: 'Suspended (1)' }));
    await waitFor(() =>
      expect(api.callsTo('/api/caribou/jobs').some((u) => u.searchParams.get('filter') === 'suspended')).toBe(true),
    );
    await waitFor(() => expect(screen.getAllByTestId('job-row')).toHaveLength(1));
  });

  it(
    'lists the book analysis of a run as a job of its own, which runs to its end (issue 43)',
    { timeout: 40_000 },
    async () => {
      const user = userEvent.setup();
      const analysis = (state: Job['state'], committed: number): Job => ({
        ...job(9, state),
        type: 'portfolio-analysis',
        progress: { committed, total: 3 },
      });
      const api = fakeApi({
        '/api/caribou/portfolios': () => listFixture(),
        '/api/caribou/portfolios/metadata': () => listMetadataFixture(),
        '/api/caribou/jobs/metadata': () => ({
          filters: ['all', 'queued', 'running', 'suspended', 'complete'],
          counts: { queued: 0, running: 1, suspended: 0, complete: 1 },
        }),
        '/api/caribou/jobs': () => ({
          jobs: [analysis('running', 1), job(9, 'complete')],
          total: 2,
          page: 1,
          itemsPerPage: 10,
        }),
      });
      renderApp({ path: '/zportfolio', devSession: 'admin' });
      await screen.findAllByTestId('portfolio-row', {}, SLOW);
      await user.click(screen.getByRole('button', { name: /Processing jobs/ }));
      const rows = await screen.findAllByTestId('job-row', {}, SLOW);
      expect(rows.map((r) => r.getAttribute('data-type'))).toEqual(['portfolio-analysis', 'portfolio-run']);
      expect(within(rows[0]!).getByText('Analysis 9')).toBeInTheDocument();
      expect(within(rows[0]!).getByText('Book analysis of Z-FIRE')).toBeInTheDocument();
      expect(within(rows[0]!).getByText('Running')).toBeInTheDocument();
      expect(within(rows[0]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
      // Not suspendable: no button, and the reason on hover.
      expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
      expect(within(rows[0]!).getByText('Runs to its end')).toHaveAttribute(
        'title',
        'Built once when its run finishes (a few minutes at most); the dashboard would build it anyway, so it is not suspended.',
      );
      expect(within(rows[0]!).getByRole('link', { name: 'Q4 renewals — California' })).toHaveAttribute(
        'href',
        '/zportfolio/results?id=42&product=zfire&tab=analysis',
      );
      expect(within(rows[1]!).getByText('Scoring Z-FIRE')).toBeInTheDocument();
      expect(api.callsTo('/api/caribou/jobs').length).toBeGreaterThan(0);
    },
  );

  it(
    'follows the work live: a file read started while the panel is open appears without a reload, and can be suspended (issue 45)',
    { timeout: 40_000 },
    async () => {
      const user = userEvent.setup();
      let started = false;
      const api = fakeApi({
        '/api/caribou/portfolios': () => listFixture(),
        '/api/caribou/portfolios/metadata': () => listMetadataFixture(),
        '/api/caribou/jobs/metadata': () => ({
          filters: ['all', 'queued', 'running', 'suspended', 'complete'],
          counts: { queued: 0, running: started ? 1 : 0, suspended: 0, complete: 0 },
        }),
        '/api/caribou/jobs': () => ({
          jobs: started ? [{ ...job(42, 'running'), type: 'portfolio-ingest', product: '' }, job(9, 'queued')] : [],
          total: started ? 2 : 0,
          page: 1,
          itemsPerPage: 10,
        }),
        '/api/caribou/jobs/42/suspend': () => ({ id: 42, state: 'suspended' }),
      });
      renderApp({ path: '/zportfolio', devSession: 'admin' });
      await screen.findAllByTestId('portfolio-row', {}, SLOW);
      await user.click(screen.getByRole('button', { name: /Processing jobs/ }));
      await screen.findByText('No portfolio has been processed yet.', {}, SLOW);
      started = true;
      const rows = await screen.findAllByTestId('job-row', {}, { timeout: 12_000 });
      expect(rows.map((r) => r.getAttribute('data-type'))).toEqual(['portfolio-ingest', 'portfolio-run']);
      expect(within(rows[0]!).getByText('Reading the file')).toBeInTheDocument();
      expect(within(rows[1]!).getByText('Scoring Z-FIRE')).toBeInTheDocument();
      await user.click(within(rows[0]!).getByRole('button', { name: 'Suspend' }));
      await waitFor(() =>
        expect(
          requestsOf(api).some(
            (r) =>
              r.method === 'POST' &&
              r.path === '/api/caribou/jobs/42/suspend' &&
              new URLSearchParams(r.search).get('type') === 'portfolio-ingest',
          ),
        ).toBe(true),
      );
    },
  );
});
