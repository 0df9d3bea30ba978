import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onTrack } from '../../api/analytics';
import { renderApp } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import { listFixture, listMetadataFixture } from './fixtures';
import { requestsOf } from './test-requests';

const SLOW = { timeout: 8000 };
afterEach(() => vi.unstubAllGlobals());

const methodOf = (api: ReturnType<typeof fakeApi>, path: string) =>
  requestsOf(api)
    .filter((r) => r.path === path)
    .map((r) => r.method);

describe('the portfolio list', () => {
  it('shows each product with its SPEC status label, in the fixed product order, with live progress', async () => {
    const api = fakeApi({
      '/api/caribou/portfolios': () => listFixture(),
      '/api/caribou/portfolios/metadata': () => listMetadataFixture(),
    });
    renderApp({ path: '/zportfolio', devSession: 'admin' });
    const rows = await screen.findAllByTestId('portfolio-row', {}, SLOW);
    expect(rows).toHaveLength(3);
    expect(
      within(rows[0]!)
        .getAllByTestId('product-name')
        .map((n) => n.textContent),
    ).toEqual(['Z-FIRE', 'Z-PROPERTY']);
    expect(screen.getAllByTestId('status-chip').map((c) => c.textContent)).toEqual([
      'In Progress',
      'In Review',
      'Processed',
      'Uploaded',
    ]);
    expect(within(rows[0]!).getByTestId('run-progress')).toHaveTextContent('50%');
    expect(api.callsTo('/api/caribou/portfolios')[0]?.searchParams.get('page')).toBe('1');
  });

  it('keeps "New portfolio" on one line beside a description that wraps (768 px)', async () => {
    fakeApi({
      '/api/caribou/portfolios': () => listFixture(),
      '/api/caribou/portfolios/metadata': () => listMetadataFixture(),
    });
    renderApp({ path: '/zportfolio', devSession: 'admin' });
    const create = await screen.findByRole('link', { name: 'New portfolio' }, SLOW);
    expect(create).toHaveStyle({ whiteSpace: 'nowrap', flexShrink: '0' });
  });

  it('tracks applied filters and sends them to the server', async () => {
    const user = userEvent.setup();
    const tracked: [string, unknown][] = [];
    const stop = onTrack((event, props) => tracked.push([event, props]));
    const api = fakeApi({
      '/api/caribou/portfolios': () => listFixture(),
      '/api/caribou/portfolios/metadata': () => listMetadataFixture(),
    });
    renderApp({ path: '/zportfolio', devSession: 'admin' });
    await screen.findAllByTestId('portfolio-row', {}, SLOW);
    await user.click(screen.getByRole('combobox', { name: 'Product' }));
    await user.click(await screen.findByRole('option', { name: /Z-HAIL/ }));
    await waitFor(() =>
      expect(api.callsTo('/api/caribou/portfolios').some((u) => u.searchParams.get('product') === 'zhail')).toBe(true),
    );
    expect(tracked).toContainEqual(['portfolio_filters_applied', { product: ['zhail'], status: [], organization: [] }]);
    stop();
  });

  it('deletes a product only after confirmation and says so', { timeout: 40_000 }, async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      '/api/caribou/portfolios': () => listFixture(),
      '/api/caribou/portfolios/metadata': () => listMetadataFixture(),
      '/api/caribou/portfolio/41/product/zwind': () => ({}),
    });
    renderApp({ path: '/zportfolio', devSession: 'admin' });
    await screen.findAllByTestId('portfolio-row', {}, SLOW);
    const open = () => user.click(screen.getByRole('button', { name: 'Actions for Z-WIND of Coastal wind accounts' }));
    await open();
    await user.click(screen.getByRole('menuitem', { name: 'Delete product' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument());
    expect(methodOf(api, '/api/caribou/portfolio/41/product/zwind')).toEqual([]);

    await open();
    await user.click(screen.getByRole('menuitem', { name: 'Delete product' }));
    await user.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Z-WIND removed from “Coastal wind accounts”.')).toBeInTheDocument();
    expect(methodOf(api, '/api/caribou/portfolio/41/product/zwind')).toEqual(['DELETE']);
  });

  it('marks a product processed and reports a refused move', async () => {
    const user = userEvent.setup();
    fakeApi({
      '/api/caribou/portfolios': () => listFixture(),
      '/api/caribou/portfolios/metadata': () => listMetadataFixture(),
      '/api/caribou/portfolio/42/product/zproperty/status': () => ({
        status: 409,
        body: { error: { code: 'conflict', message: 'Only a file in review can be marked processed.' } },
      }),
    });
    renderApp({ path: '/zportfolio', devSession: 'admin' });
    await screen.findAllByTestId('portfolio-row', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Actions for Z-PROPERTY of Q4 renewals — California' }));
    await user.click(screen.getByRole('menuitem', { name: 'Mark as processed' }));
    expect(await screen.findByText('Only a file in review can be marked processed.')).toBeInTheDocument();
  });

  it('shows the empty and the error state', async () => {
    fakeApi({
      '/api/caribou/portfolios': () => ({ portfolios: [], total: 0, page: 1, itemsPerPage: 10 }),
      '/api/caribou/portfolios/metadata': () => listMetadataFixture(),
    });
    const empty = renderApp({ path: '/zportfolio', devSession: 'portfolioOnly' });
    expect(await screen.findByText('No portfolios yet', {}, SLOW)).toBeInTheDocument();
    empty.unmount();
    fakeApi({
      '/api/caribou/portfolios': () => ({
        status: 500,
        body: { error: { code: 'internal', message: 'Database unavailable.' } },
      }),
    });
    renderApp({ path: '/zportfolio', devSession: 'portfolioOnly' });
    expect(await screen.findByTestId('load-error', {}, SLOW)).toHaveTextContent(
      'The portfolios could not be loaded. Database unavailable.',
    );
  });
});
