import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  errorsFixture,
  listFixture,
  listMetadataFixture,
  metadataFixture,
  propertiesFixture,
  propertyDetailFixture,
  uploadCheckFixture,
  uploadResultFixture,
} from '../apps/web/src/features/portfolio/fixtures.js';
import { DEMO_PASSWORD, signIn } from './support/auth.js';
import { launchBrowser, newPage, screenshot } from './support/browser.js';
import { pixelStats } from './support/pixels.js';

/**
 * The portfolio screens in Chromium, with the /api/caribou/portfolio* calls answered by fixtures
 * shaped like the server's answers (apps/server/src/http/portfolio*.ts) through page.route.
 */
const browser = await launchBrowser();
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));
const json = (route: Route, body: unknown, status = 200) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

interface Recorded {
  method: string;
  path: string;
  params: URLSearchParams;
  body: string | null;
}

async function answerPortfolioApi(page: Page, options: { emptyList?: boolean } = {}) {
  const calls: Recorded[] = [];
  await page.route(/\/api\/caribou\/portfolios?(\/|\?|$)/, async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const path = url.pathname;
    const method = request.method();
    calls.push({
      method,
      path,
      params: url.searchParams,
      body: method === 'POST' && !path.endsWith('/csv') ? request.postData() : null,
    });
    if (method === 'GET' && path === '/api/caribou/portfolios') {
      const list = listFixture();
      return json(route, options.emptyList ? { ...list, portfolios: [], total: 0 } : list);
    }
    if (path === '/api/caribou/portfolios/metadata') return json(route, listMetadataFixture());
    if (path === '/api/caribou/portfolios/names') {
      const body = JSON.parse(request.postData() ?? '{}') as { portfolioName?: string };
      return json(
        route,
        body.portfolioName === 'Coastal wind accounts'
          ? { available: false, message: 'A portfolio with this name already exists.' }
          : { available: true },
      );
    }
    if (path === '/api/caribou/portfolio/csv') {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return json(route, uploadResultFixture(), 201);
    }
    if (path.endsWith('/check')) return json(route, uploadCheckFixture());
    if (method === 'POST' && path === '/api/caribou/portfolios') {
      return json(
        route,
        [
          {
            portfolioId: 43,
            name: 'Q1 new business',
            product: 'zfire',
            status: 'UPLOADED',
            statusLabel: 'Uploaded',
            organizationId: 101,
            createdAt: '2026-11-21T10:00:00Z',
          },
        ],
        201,
      );
    }
    if (path === '/api/caribou/portfolio/42/metadata') return json(route, metadataFixture());
    if (path === '/api/caribou/portfolio/42/properties') {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return json(
        route,
        propertiesFixture(
          Number(url.searchParams.get('page') ?? 1),
          Number(url.searchParams.get('itemsPerPage') ?? 25),
        ),
      );
    }
    if (path === '/api/caribou/portfolio/42/errors')
      return json(route, errorsFixture(Number(url.searchParams.get('page') ?? 1)));
    if (path === '/api/caribou/portfolio/42/autocomplete')
      return json(route, {
        suggestions: [{ rowNumber: 3, ref: 'HO-55003', address: '121 Harbor View Rd, Paradise, CA 95969' }],
      });
    if (path === '/api/caribou/portfolio/42/map') {
      return json(route, {
        tiles: [`${url.origin}/api/caribou/portfolio/42/tiles/{z}/{x}/{y}.pbf?product=zfire`],
        layer: 'properties',
        bounds: [-122.9, 38.3, -122.5, 38.6],
        pointsMinZoom: 14,
        maxzoom: 20,
        runId: 7,
      });
    }
    // An empty vector tile is an empty body.
    if (/^\/api\/caribou\/portfolio\/42\/tiles\//.test(path))
      return route.fulfill({ status: 200, contentType: 'application/vnd.mapbox-vector-tile', body: Buffer.alloc(0) });
    const property = /^\/api\/caribou\/portfolio\/42\/property\/(\d+)\/(\w+)$/.exec(path);
    if (property) return json(route, propertyDetailFixture(Number(property[1])));
    if (method === 'PATCH' && /\/product\/\w+\/status$/.test(path))
      return json(route, {
        portfolioId: 42,
        name: 'Q4 renewals — California',
        product: 'zproperty',
        status: 'ARCHIVED',
        statusLabel: 'Archived',
        organizationId: 101,
        createdAt: '2026-11-01T00:00:00.000Z',
      });
    return json(route, { error: { code: 'not_found', message: `No fixture for ${method} ${path}` } }, 404);
  });
  return calls;
}

describe('the portfolio screens', () => {
  it('lists portfolios with statuses, progress, filters and confirmed actions', async () => {
    const { page, context } = await newPage(browser);
    const calls = await answerPortfolioApi(page);
    await page.goto('/zportfolio?devSession=admin');
    await page.getByTestId('portfolio-row').first().waitFor();
    const labels = await page.getByTestId('status-chip').allInnerTexts();
    expect(labels).toEqual(['In Progress', 'In Review', 'Processed', 'Uploaded']);
    // fixed product order: Z-FIRE before Z-PROPERTY
    expect(await page.getByTestId('portfolio-row').first().getByTestId('product-name').allInnerTexts()).toEqual([
      'Z-FIRE',
      'Z-PROPERTY',
    ]);
    expect(await page.getByTestId('run-progress').first().innerText()).toContain('50%');
    await settle();
    await screenshot(page, 'portfolio-list');

    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: /In Review/ }).click();
    await page.keyboard.press('Escape');
    await expect
      .poll(() => calls.some((c) => c.path === '/api/caribou/portfolios' && c.params.get('status') === 'READY'))
      .toBe(true);

    await page.getByRole('button', { name: 'Actions for Z-PROPERTY of Q4 renewals — California' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await page.getByTestId('confirm-dialog').waitFor();
    await settle();
    await screenshot(page, 'portfolio-list-confirm-archive');
    await page.getByRole('button', { name: 'Archive' }).click();
    await page.getByText('Z-PROPERTY of “Q4 renewals — California” archived.').waitFor();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.path).toBe('/api/caribou/portfolio/42/product/zproperty/status');
    await context.close();
  });

  it('shows the empty list', async () => {
    const { page, context } = await newPage(browser);
    await answerPortfolioApi(page, { emptyList: true });
    await page.goto('/zportfolio?devSession=portfolioOnly');
    await page.getByTestId('empty-state').waitFor();
    await screenshot(page, 'portfolio-list-empty');
    await context.close();
  });

  it('creates a portfolio: name check, upload, dry run, submit', async () => {
    const { page, context } = await newPage(browser);
    const calls = await answerPortfolioApi(page);
    await page.goto('/zportfolio/create?devSession=admin');
    await page.getByRole('heading', { name: 'New portfolio' }).waitFor();
    // only enabled portfolio products, fixed order
    expect(await page.getByTestId('product-choices').locator('label').allInnerTexts()).toEqual([
      'Z-FIRE',
      'Z-HAIL',
      'Z-PROPERTY',
    ]);
    await page.getByRole('textbox', { name: /^Name/ }).fill('Coastal wind accounts');
    await page.getByText('A portfolio with this name already exists.').waitFor();
    await page.getByRole('textbox', { name: /^Name/ }).fill('Q1 new business');
    await page.getByText('This name is available.').waitFor();
    await page.getByLabel('Description').fill('Broker submissions for January');
    await page.getByLabel('Z-FIRE').check();
    await page.getByTestId('file-input').setInputFiles({
      name: 'q4-renewals-ca.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Policy No,Street,City,State,Zip\nHO-1,1 Main St,Napa,CA,94558\n'),
    });
    await page.getByTestId('upload-summary').waitFor();
    expect(await page.getByTestId('failing-row').count()).toBe(3);
    await settle();
    await screenshot(page, 'portfolio-create');
    await page.getByRole('button', { name: 'Create portfolio' }).click();
    await page.waitForURL((url) => url.pathname === '/zportfolio');
    const create = calls.find((c) => c.method === 'POST' && c.path === '/api/caribou/portfolios');
    expect(JSON.parse(create?.body ?? '{}')).toMatchObject({
      name: 'Q1 new business',
      description: 'Broker submissions for January',
      products: 'zfire',
      uploadedFileName: 'u-7f3a',
      assignedOrganizationId: 101,
    });
    await context.close();
  });

  it('shows results, errors and a property', async () => {
    const { page, context } = await newPage(browser);
    await answerPortfolioApi(page);
    await page.goto('/zportfolio/results?id=42&devSession=admin');
    await page.getByTestId('result-row').first().waitFor();
    expect(
      await page.getByTestId('risk-bar').evaluateAll((bars) => bars.map((b) => b.getAttribute('data-product'))),
    ).toEqual(['zfire', 'zproperty']);
    await settle();
    await screenshot(page, 'portfolio-results');

    await page.getByTestId('result-row').first().click();
    await page.getByTestId('drawer-address').waitFor();
    const href = await page.getByRole('link', { name: 'Open full property view' }).getAttribute('href');
    expect(href).toBe('/scores?location=1208+Cedar+Ave%2C+Santa+Rosa%2C+CA+95404&location_type=address');
    await settle();
    await screenshot(page, 'portfolio-property-drawer');
    await page.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('tab', { name: /Errors/ }).click();
    await page.getByTestId('error-row').first().waitFor();
    expect(await page.getByTestId('error-row').count()).toBe(25);
    await settle();
    await screenshot(page, 'portfolio-errors');
    await context.close();
  });

  it('opens the export dialog with the column chooser', async () => {
    const { page, context } = await newPage(browser);
    await answerPortfolioApi(page);
    await page.goto('/zportfolio?devSession=admin');
    await page.getByTestId('portfolio-row').first().waitFor();
    await page.getByRole('button', { name: 'Actions for Z-PROPERTY of Q4 renewals — California' }).click();
    await page.getByRole('menuitem', { name: 'Export…' }).click();
    await page.getByRole('checkbox', { name: 'Policy No' }).waitFor();
    await settle();
    await screenshot(page, 'portfolio-export-dialog');
    await context.close();
  });
});

/**
 * The real server end to end: sign in, upload a small CSV, create, wait for In Review, see the
 * results map drawn from the server's vector tiles, export a chosen set of columns; an internal
 * admin sees the run in the processing jobs panel.
 */
describe('portfolios against the real server', () => {
  const name = `E2E book ${Date.now()}`;
  // README landmarks by address (they exist in every sample world, so they are scored and coloured
  // by risk), points without a property (placed, not scored, some close together to cluster), and
  // a row with no location.
  const csv = [
    'Policy No,Address,Latitude,Longitude,Notes',
    'E-1,"1427 Wheatland Ave, Wichita, KS 67203",,,Plains',
    'E-2,"3300 Mesquite Ln, Amarillo, TX 79106",,,Plains',
    'E-3,"830 Cimarron Dr, Oklahoma City, OK 73120",,,Plains',
    'E-4,"5120 Ridgecrest Dr, Paradise, CA 95969",,,Wildfire',
    'E-5,"742 Foothill Rd, Boulder, CO 80302",,,Wildfire',
    'E-6,"310 Seawall Blvd, Gulfport, MS 39501",,,Gulf',
    'E-7,"58 Palmetto St, Charleston, SC 29401",,,Atlantic',
    'E-8,"1600 Peachtree St, Atlanta, GA 30309",,,Dixie',
    'E-9,,33.749,-84.388,"Atlanta, GA"',
    'E-10,,33.752,-84.391,Atlanta',
    'E-11,,33.747,-84.385,Atlanta',
    'E-12,,,,no location',
  ].join('\n');

  it('uploads, creates, waits for In Review, shows the map and exports', { timeout: 180_000 }, async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'user@demo.test', DEMO_PASSWORD, '/zportfolio');
    await page.getByRole('heading', { name: 'Portfolios', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'New portfolio' }).click();
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByText('This name is available.').waitFor({ timeout: 15_000 });
    await page.getByLabel('Z-FIRE').check();
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'e2e-book.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('upload-summary').waitFor({ timeout: 30_000 });
    await settle();
    await screenshot(page, 'portfolio-real-create');
    await page.getByRole('button', { name: 'Create portfolio' }).click();
    await page.waitForURL((url) => url.pathname === '/zportfolio');
    const row = page.getByTestId('portfolio-row').filter({ hasText: name });
    await row.waitFor({ timeout: 30_000 });
    await settle();
    await screenshot(page, 'portfolio-real-list');
    // The list polls while processing: wait for In Review.
    await row.getByText('In Review').waitFor({ timeout: 120_000 });

    await row.getByRole('link', { name }).click();
    await page.getByTestId('summary-cards').waitFor();
    const canvas = page.locator('[data-testid=results-map] canvas');
    await canvas.waitFor({ timeout: 30_000 });
    // Tiles load after the style: measure once the map has drawn the clusters.
    await expect
      .poll(async () => (await pixelStats(canvas)).colours, { timeout: 20_000, interval: 500 })
      .toBeGreaterThan(3);
    await settle();
    await screenshot(page, 'portfolio-real-results');
    // A handful of coloured circles on a plain background: small but clearly not uniform.
    const stats = await pixelStats(canvas);
    expect(stats.stddev).toBeGreaterThan(0.1);

    await page
      .getByRole('button', { name: 'Portfolios' })
      .or(page.getByRole('link', { name: 'Portfolios' }))
      .first()
      .click();
    await row.waitFor();
    await row.getByRole('button', { name: `Actions for Z-FIRE of ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Export…' }).click();
    const dialog = page.getByRole('dialog', { name: /^Export Z-FIRE/ });
    await dialog.getByRole('checkbox', { name: 'Notes' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Confidence' }).uncheck();
    await settle();
    await screenshot(page, 'portfolio-real-export');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const file = await download.path();
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
    const [header, first] = text.split(/\r?\n/);
    expect(header).toBe(
      'Policy No,Address,Latitude,Longitude,score,risk_level,top_factors,geocode_precision,model_version,problem',
    );
    // The landmark is found and scored: a score, a risk level and a rooftop match.
    expect(first).toMatch(/^E-1,"1427 Wheatland Ave, Wichita, KS 67203",,,\d+(\.\d)?,(low|medium|high),.*,rooftop,/);
    await context.close();
  });

  it('shows the run to an internal admin in the processing jobs panel', { timeout: 60_000 }, async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'staff@zview.test', DEMO_PASSWORD, '/zportfolio');
    await page.getByRole('heading', { name: 'Portfolios', level: 1 }).waitFor();
    await page.getByRole('button', { name: /Processing jobs/ }).click();
    await page.getByTestId('job-row').filter({ hasText: name }).first().waitFor({ timeout: 20_000 });
    await settle();
    await screenshot(page, 'portfolio-real-jobs');
    await context.close();
  });
});
