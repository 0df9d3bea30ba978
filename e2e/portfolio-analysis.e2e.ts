import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signIn } from './support/auth.js';
import { launchBrowser, newPage, screenshot } from './support/browser.js';

/**
 * Issue 43 as an analyst does it, against the real product: a file whose columns have unusual
 * names is mapped (the reference included) and the mapping saved; next quarter's file with the
 * same columns gets it applied; the scored book's dashboard, its ring list, one ring's rows on the map.
 */
const browser = await launchBrowser();

const HEADER = 'Pol Ref,Lat Deg,Lon Deg,Sum Insured,Broker';
/** Five rows within ~150 m in Atlanta, two a few km away, one in Savannah. */
function book(quarter: string): string {
  return [
    HEADER,
    `${quarter}-001,33.7490,-84.3880,"$1,200,000",Acme`,
    `${quarter}-002,33.7495,-84.3885,900000,Acme`,
    `${quarter}-003,33.7500,-84.3878,750000,Acme`,
    `${quarter}-004,33.7488,-84.3890,500000,Acme`,
    `${quarter}-005,33.7493,-84.3872,400000,Acme`,
    `${quarter}-006,33.7900,-84.3600,300000,Birch`,
    `${quarter}-007,33.7100,-84.4200,200000,Birch`,
    `${quarter}-008,32.0809,-81.0912,100000,Birch`,
  ].join('\n');
}

async function uploadFile(page: Page, name: string, fileName: string, csv: string) {
  await page.goto('/zportfolio/create');
  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  await page.getByText('This name is available.').waitFor({ timeout: 15_000 });
  await page.getByLabel('Z-FIRE').check();
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByTestId('column-mapping').waitFor({ timeout: 30_000 });
}

async function readAs(page: Page, column: string, field: string) {
  await page.getByLabel(`Read ${column} as`).click();
  await page.getByRole('option', { name: field, exact: true }).click();
}

async function createAndWait(page: Page, name: string): Promise<string> {
  await page.getByRole('button', { name: 'Create portfolio' }).click();
  await page.waitForURL((url) => url.pathname === '/zportfolio');
  const row = page.getByTestId('portfolio-row').filter({ hasText: name });
  await row.getByText('In Review').waitFor({ timeout: 120_000 });
  return (await row.getByRole('link', { name }).getAttribute('href'))!;
}

describe('portfolio analysis', () => {
  it(
    'maps unusual columns, applies the saved mapping next quarter, and shows the book’s accumulations',
    { timeout: 300_000 },
    async () => {
      const { page, context } = await newPage(browser, { width: 1440, height: 1000 });
      await signIn(page, 'user@demo.test', DEMO_PASSWORD, '/zportfolio');
      const stamp = Date.now();

      // Quarter 1: nothing locates the rows by name until the analyst maps the columns.
      await uploadFile(page, `Broker book Q1 ${stamp}`, 'q1.csv', book('Q1'));
      await page.getByTestId('mapping-problem').first().waitFor();
      await readAs(page, 'Pol Ref', 'Reference (policy / location id)');
      await readAs(page, 'Lat Deg', 'Latitude');
      await readAs(page, 'Lon Deg', 'Longitude');
      await page.getByText('All 8 rows can be used.', { exact: false }).waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('mapping-problem').count()).toBe(0);
      await expect
        .poll(() => page.getByTestId('recognised-columns').innerText())
        .toContain('Pol Ref → your own property id');
      await page.getByLabel('Mapping name').fill(`Broker quarterly ${stamp}`);
      await page.getByRole('button', { name: 'Save mapping for files like this' }).click();
      await page.getByText(`Mapping “Broker quarterly ${stamp}” saved.`, { exact: false }).waitFor();
      await screenshot(page, 'portfolio-analysis-mapping');
      const q1 = await createAndWait(page, `Broker book Q1 ${stamp}`);

      // Quarter 2: the same columns; the saved mapping is applied on its own.
      await uploadFile(page, `Broker book Q2 ${stamp}`, 'q2.csv', book('Q2'));
      await page.getByTestId('applied-mapping').waitFor();
      expect(await page.getByTestId('applied-mapping').innerText()).toContain(`Broker quarterly ${stamp}`);
      await page.getByText('All 8 rows can be used.', { exact: false }).waitFor({ timeout: 30_000 });
      await createAndWait(page, `Broker book Q2 ${stamp}`);

      // The scored book: references in the results, the dashboard, the rings, one ring's rows on the map.
      await page.goto(q1);
      await page.getByTestId('summary-cards').waitFor({ timeout: 30_000 });
      // The mapped reference names each row (the demo world has no parcels in Georgia: all are errors).
      await page.getByRole('tab', { name: /^Errors/ }).click();
      await page.getByText('Q1-001', { exact: true }).first().waitFor({ timeout: 30_000 });
      const started = Date.now();
      await page.getByRole('tab', { name: 'Book analysis' }).click();
      await page
        .getByTestId('book-analysis')
        .waitFor({ timeout: 30_000 })
        .catch(async (error: unknown) => {
          await screenshot(page, 'portfolio-analysis-failure');
          throw error;
        });
      // No row is scored: the chart says so rather than drawing an axis of zeros.
      await page
        .getByTestId('score-distribution')
        .getByTestId('nothing-to-chart')
        .waitFor()
        .catch(async (error: unknown) => {
          await screenshot(page, 'portfolio-analysis-failure');
          throw error;
        });
      const firstPaintMs = Date.now() - started;
      console.log(`  book dashboard first paint: ${firstPaintMs} ms`);
      expect(await page.getByTestId('score-distribution').innerText()).toContain(
        'No row of this book has a score, so there is no distribution to chart.',
      );
      expect(await page.getByTestId('book-total-value').innerText()).toBe('$4,350,000');
      await expect
        .poll(() => page.getByTestId('accumulation-map').getAttribute('data-map-state'), { timeout: 30_000 })
        .toBe('shown');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await page.getByTestId('accumulation-map').scrollIntoViewIfNeeded();
      await screenshot(page, 'portfolio-analysis-hexagons');
      await page.getByTestId('ring-row').first().waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('ring-row').first().innerText()).toContain('$3,750,000');
      await page.getByTestId('ring-row').first().click();
      await page.getByTestId('ring-member').first().waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('ring-member').count()).toBe(5);
      expect(await page.getByTestId('ring-rows').innerText()).toContain('Q1-001');
      await expect
        .poll(() => page.getByTestId('accumulation-map').getAttribute('data-ring-rows'), { timeout: 15_000 })
        .toBe('5');
      await page.getByTestId('area-row').first().waitFor();
      expect(await page.getByTestId('area-row').first().innerText()).toContain('GA');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await screenshot(page, 'portfolio-analysis-dashboard');
      await context.close();
    },
  );
});
