import {
  BILLING_COLUMNS,
  billingResponseSchema,
  formatCount,
  formatShortDate,
  PRODUCT_DISPLAY_NAMES,
  type BillingResponse,
} from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_BILLING } from '../apps/server/src/domain/billing/demo-seed.js';
import { signIn } from './support/auth.js';
import { launchBrowser, newPage, screenshot } from './support/browser.js';

const browser = await launchBrowser();
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

/**
 * A group admin of the demo organisation (seeded agreements and a year of usage, `npm start`
 * with the billing page flag on) opens Billing from the account menu and reads the report.
 */
describe('billing in Chromium', () => {
  it('a group admin opens Billing from the account menu and sees the three tables with the seeded numbers', async () => {
    const { page, context } = await newPage(browser, { height: 1400 });
    await signIn(page, 'admin@demo.test');
    await page.getByRole('button', { name: 'Account menu' }).click();
    const item = page.getByRole('menuitem', { name: 'Billing' });
    await item.waitFor();
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/caribou/billing');
    await item.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/billing');
    const response = await answer;
    expect(response.status()).toBe(200);
    const report: BillingResponse = billingResponseSchema.parse(await response.json());
    expect(report.organization.name).toBe('Demo Mutual Insurance');

    await page.getByRole('heading', { name: 'BILLING' }).waitFor();
    const annual = page.getByRole('table', { name: 'ANNUAL USAGE BY AGREEMENT' });
    await annual.waitFor();
    expect(await annual.getByRole('columnheader').allInnerTexts()).toEqual(
      BILLING_COLUMNS.annual.map(([, label]) => label),
    );

    // The seeded agreements, each with a finished contract year and a current one that has usage.
    const seeded = DEMO_BILLING['Demo Mutual Insurance']!;
    expect(report.annualUsageByAgreement.data).toHaveLength(seeded.length * 2);
    for (const agreement of seeded) {
      const years = report.annualUsageByAgreement.data.filter((row) => row.product === agreement.product);
      expect(years.map((row) => row.agreement)).toEqual([
        agreement.committedAnnualVolume,
        agreement.committedAnnualVolume,
      ]);
      expect(years[0]!.usage).toBeGreaterThan(agreement.zviewPerDay * 150);
    }
    // Every row as the page shows it: en-US grouping, 0 as '-', MM/DD/YYYY.
    const annualRows = await annual
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent)));
    expect(annualRows).toEqual(
      report.annualUsageByAgreement.data.map((row) => [
        `${formatShortDate(row.contract_year_start)} – ${formatShortDate(row.contract_year_end)}`,
        PRODUCT_DISPLAY_NAMES[row.product as 'zfire'],
        formatCount(row.agreement),
        formatCount(row.usage),
        formatCount(row.remaining),
        formatCount(row.overage),
      ]),
    );
    expect(annualRows.flat()).toContain('150,000');

    const quarterly = page.getByRole('table', { name: 'QUARTERLY TRANSACTION BREAKDOWN' });
    expect(await quarterly.getByRole('columnheader').allInnerTexts()).toEqual(
      BILLING_COLUMNS.quarterly.map(([, label]) => label),
    );
    const quarters = report.quarterlyUsageByAgreement.data;
    expect(await quarterly.locator('tbody tr').count()).toBe(quarters.length);
    const totals = await quarterly.locator('tbody tr td:last-child').allInnerTexts();
    expect(totals).toEqual(quarters.map((row) => formatCount(row.total_pings)));
    // The current contract year's four quarters of history.
    expect(
      quarters
        .filter(
          (row) =>
            row.product === 'zfire' &&
            row.contract_year === report.annualUsageByAgreement.data[0]!.contract_year &&
            row.total_pings > 0,
        )
        .map((row) => row.quarter)
        .sort(),
    ).toEqual([1, 2, 3, 4]);

    const submissions = page.getByRole('table', { name: 'Z-PORTFOLIO SUBMISSIONS' });
    const batches = report.batchWork.data;
    expect(batches.length).toBeGreaterThanOrEqual(11);
    expect(await submissions.locator('tbody tr').count()).toBe(batches.length);
    const first = await submissions.locator('tbody tr').first().locator('td').allInnerTexts();
    expect(first).toEqual([
      formatShortDate(batches[0]!.date_delivered),
      batches[0]!.batch_name,
      formatCount(batches[0]!.no_of_addresses),
      PRODUCT_DISPLAY_NAMES[batches[0]!.product as 'zfire'],
    ]);

    await page.getByTestId('usage-chart-zfire').waitFor();
    await settle();
    await page.screenshot({ path: '.tmp/screenshots/billing-page-full.png', fullPage: true });
    await screenshot(page, 'billing-page');
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: '.tmp/screenshots/billing-print.png', fullPage: true });
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await context.close();
  });
});
