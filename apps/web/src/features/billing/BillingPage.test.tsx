import { BILLING_TEXT, MESSAGES, type BillingResponse } from '@zview/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../test/fake-server';
import { renderPage, testSession, testUser } from '../../../test/session-harness';
import BillingPage, { ANNUAL_COLUMNS, BATCH_COLUMNS } from './BillingPage';
import { tableCsv } from './csv';
import { csvFileName, quarterContractYearLabel } from './format';

const PATH = '/api/caribou/billing';

const report = (overrides: Partial<BillingResponse> = {}): BillingResponse => ({
  organization: { id: 7, name: 'Acme Mutual' },
  annualUsageByAgreement: {
    data: [
      {
        contract_year: 2026,
        contract_year_start: '2026-04-15',
        contract_year_end: '2027-04-14',
        product: 'zfire',
        agreement: 150000,
        usage: 1234567,
        remaining: 0,
        overage: 1084567,
      },
      {
        contract_year: 2026,
        contract_year_start: '2026-04-15',
        contract_year_end: '2027-04-14',
        product: 'zhail',
        agreement: 25000,
        usage: 0,
        remaining: 25000,
        overage: 0,
      },
    ],
  },
  quarterlyUsageByAgreement: {
    data: [
      {
        contract_year: 2026,
        quarter: 2,
        quarter_start: '2026-07-15',
        quarter_end: '2026-10-14',
        product: 'zfire',
        api_total: 0,
        zview: 9876,
        portfolio: 1000,
        total_pings: 10876,
      },
    ],
  },
  batchWork: {
    data: [
      { date_delivered: '2026-03-09T16:30:00Z', batch_name: 'March renewals', no_of_addresses: 4321, product: 'zfire' },
    ],
  },
  usageTrend: {
    data: [
      {
        product: 'zfire',
        contract_year_start: '2026-04-15',
        contract_year_end: '2027-04-14',
        agreement: 150000,
        usage: 100000,
        points: [
          { date: '2026-05-14', usage: 60000 },
          { date: '2026-06-01', usage: 100000 },
        ],
        projected_overage_date: '2026-06-10',
      },
    ],
  },
  ...overrides,
});

const empty = () =>
  report({
    annualUsageByAgreement: { data: [] },
    quarterlyUsageByAgreement: { data: [] },
    batchWork: { data: [] },
    usageTrend: { data: [] },
  });

function setup(
  body: BillingResponse | (() => { status?: number; body?: unknown }) = report(),
  session = testSession(),
) {
  const server = fakeServer().on('GET', PATH, typeof body === 'function' ? body : { body });
  renderPage(<BillingPage />, { route: '/billing', session });
  return server;
}

describe('/billing', () => {
  it('shows the title, the report date and the three tables with SPEC column labels', async () => {
    setup();
    expect(screen.getByRole('heading', { name: 'BILLING' })).toBeInTheDocument();
    expect(screen.getByTestId('report-generated')).toHaveTextContent(/^Report Generated: \d{2}\/\d{2}\/\d{4}$/);
    const annual = await screen.findByRole('table', { name: 'ANNUAL USAGE BY AGREEMENT' });
    expect(
      within(annual)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Contract Year', 'Product', 'Agreement', 'Usage', 'Remaining', 'Non-Committed Usage']);
    const quarterly = screen.getByRole('table', { name: 'QUARTERLY TRANSACTION BREAKDOWN' });
    expect(
      within(quarterly)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Contract Year', 'Quarter', 'Product', 'API', 'Z-VIEW', 'Portfolio', 'Total Transactions']);
    const batches = screen.getByRole('table', { name: 'Z-PORTFOLIO SUBMISSIONS' });
    expect(
      within(batches)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date Delivered', 'Batch Name', 'No. of Addresses', 'Product']);
    // Print sits with the annual table.
    expect(
      within(screen.getByRole('region', { name: 'ANNUAL USAGE BY AGREEMENT' })).getByRole('button', { name: 'Print' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Print' })).toHaveLength(1);
  });

  it('formats numbers en-US with 0 as "-", dates MM/DD/YYYY and product names', async () => {
    setup();
    const annual = await screen.findByRole('table', { name: 'ANNUAL USAGE BY AGREEMENT' });
    const [fire, hail] = within(annual).getAllByRole('row').slice(1);
    expect(
      within(fire!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['04/15/2026 – 04/14/2027', 'Z-FIRE', '150,000', '1,234,567', '-', '1,084,567']);
    expect(
      within(hail!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['04/15/2026 – 04/14/2027', 'Z-HAIL', '25,000', '-', '25,000', '-']);
    const quarter = within(screen.getByRole('table', { name: 'QUARTERLY TRANSACTION BREAKDOWN' })).getAllByRole(
      'row',
    )[1]!;
    expect(
      within(quarter)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2026–27', 'Q2 (07/15/2026 – 10/14/2026)', 'Z-FIRE', '-', '9,876', '1,000', '10,876']);
    const batch = within(screen.getByRole('table', { name: 'Z-PORTFOLIO SUBMISSIONS' })).getAllByRole('row')[1]!;
    expect(
      within(batch)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['03/09/2026', 'March renewals', '4,321', 'Z-FIRE']);
    expect(screen.getByTestId('usage-chart-zfire')).toHaveTextContent(
      'Projected to exceed the agreement on 06/10/2026',
    );
  });

  it('fits a 768 px page: the report takes the page width and product names never break at their hyphen', async () => {
    setup(
      report({
        batchWork: {
          data: [
            {
              date_delivered: '2026-03-09T16:30:00Z',
              batch_name: 'March renewals',
              no_of_addresses: 4321,
              product: 'zproperty',
            },
          ],
        },
      }),
    );
    // Centred by auto margins without a width, the report grew as wide as its widest table (797 px
    // at 768): with the page's width the tables scroll inside their own containers instead.
    expect(screen.getByTestId('billing-report')).toHaveStyle({ width: '100%' });
    const annual = await screen.findByRole('table', { name: 'ANNUAL USAGE BY AGREEMENT' });
    for (const name of ['Z-FIRE', 'Z-HAIL'])
      expect(within(annual).getByText(name)).toHaveStyle({ whiteSpace: 'nowrap' });
    const batches = screen.getByRole('table', { name: 'Z-PORTFOLIO SUBMISSIONS' });
    expect(within(batches).getByText('Z-PROPERTY')).toHaveStyle({ whiteSpace: 'nowrap' });
    // Only the product names: the batch name and the other cells still wrap.
    expect(within(batches).getByText('March renewals')).not.toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('shows three skeleton blocks while loading', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    fakeServer().on('GET', PATH, async () => {
      await gate;
      return { body: report() };
    });
    renderPage(<BillingPage />, { route: '/billing' });
    expect(await screen.findAllByTestId('billing-skeleton')).toHaveLength(3);
    release();
    await screen.findByRole('table', { name: 'ANNUAL USAGE BY AGREEMENT' });
    expect(screen.queryByTestId('billing-skeleton')).not.toBeInTheDocument();
  });

  it('shows the empty states with the exact strings', async () => {
    setup(empty());
    expect(await screen.findByTestId('annual-usage-empty')).toHaveTextContent(
      `${MESSAGES.billingNoResults}${MESSAGES.billingNoResultsAdvice}`,
    );
    expect(screen.getByTestId('quarterly-usage-empty')).toHaveTextContent(MESSAGES.billingNoResults);
    expect(screen.getByTestId('portfolio-submissions-empty')).toHaveTextContent('No Z-Portfolio submissions found');
    expect(MESSAGES.billingNoResults).toBe('No results found');
  });

  it('stops loading and notifies on an error', async () => {
    setup(() => ({ status: 500, body: { error: { code: 'internal', message: 'Something broke.' } } }));
    expect(await screen.findByText('Something broke.')).toBeInTheDocument();
    expect(screen.queryByTestId('billing-skeleton')).not.toBeInTheDocument();
  });

  it('hides the admin box from group admins', async () => {
    setup();
    await screen.findByRole('table', { name: 'ANNUAL USAGE BY AGREEMENT' });
    expect(screen.queryByText(BILLING_TEXT.adminOnly)).not.toBeInTheDocument();
  });

  it('lets an internal admin choose an organisation: digits only, empty clears, Submit only with a value', async () => {
    const server = setup(report(), testSession({ user: testUser({ isInternalAdmin: true, isZviewAdmin: true }) }));
    const user = userEvent.setup();
    expect(await screen.findByText('Z-VIEW Admin Only')).toBeInTheDocument();
    expect(screen.getByText(/Showing data for organization/)).toHaveTextContent(
      'Showing data for organization Acme Mutual (ID 7)',
    );
    await user.click(screen.getByRole('button', { name: 'change' }));
    const input = screen.getByRole('textbox', { name: 'Organization ID' });
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await user.type(input, '4a2-.e');
    expect(input).toHaveValue('42');
    expect(submit).toBeEnabled();
    await user.clear(input);
    expect(input).toHaveValue('');
    expect(submit).toBeDisabled();
    await user.type(input, '42');
    await user.click(submit);
    await waitFor(() => expect(server.sent(PATH).at(-1)?.url.searchParams.get('organization')).toBe('42'));
    expect(server.sent(PATH)[0]?.url.searchParams.get('organization')).toBeNull();
  });

  it('names the contract year of a quarter so it agrees with its dates (issue 45)', () => {
    const row = (contract_year: number, quarter: number, quarter_start: string) => ({
      contract_year,
      quarter,
      quarter_start,
    });
    // A contract year from December 2025: its Q4 is September–November 2026.
    expect(quarterContractYearLabel(row(2025, 4, '2026-09-01'))).toBe('2025–26');
    expect(quarterContractYearLabel(row(2026, 2, '2026-07-15'))).toBe('2026–27');
    // A calendar contract year stays one year.
    expect(quarterContractYearLabel(row(2026, 3, '2026-07-01'))).toBe('2026');
  });

  it('says which organisation could not be shown when staff ask for an unknown id (issue 45)', async () => {
    fakeServer().on('GET', PATH, (request) =>
      request.url.searchParams.get('organization') === '999999'
        ? { status: 404, body: { error: { code: 'not_found', message: 'No such organization.' } } }
        : { body: report() },
    );
    renderPage(<BillingPage />, {
      route: '/billing',
      session: testSession({ user: testUser({ isInternalAdmin: true, isZviewAdmin: true }) }),
    });
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'ANNUAL USAGE BY AGREEMENT' });
    await user.click(screen.getByRole('button', { name: 'change' }));
    await user.type(screen.getByRole('textbox', { name: 'Organization ID' }), '999999');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('billing-organization')).toHaveTextContent('No report for organization ID 999999');
    expect(screen.getByText(/Showing data for organization/)).toHaveTextContent(
      'Showing data for organization none — ID 999999 could not be loaded.',
    );
  });

  it('writes each table as CSV with the SPEC labels and raw numbers, named with the file-name and date helpers', () => {
    const data = report();
    expect(tableCsv(ANNUAL_COLUMNS, data.annualUsageByAgreement.data).split('\r\n')[0]).toBe(
      'Contract Year,Product,Agreement,Usage,Remaining,Non-Committed Usage',
    );
    expect(tableCsv(BATCH_COLUMNS, data.batchWork.data).split('\r\n')[1]).toBe('03/09/2026,March renewals,4321,Z-FIRE');
    expect(csvFileName('z-portfolio submissions', 'Acme (Mutual) Inc.', new Date('2026-11-24T12:00:00Z'))).toBe(
      'z_portfolio_submissions_Acme__Mutual__Inc_20261124.csv',
    );
  });

  it('prints the page', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    setup();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });
});
