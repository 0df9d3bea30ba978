import { recentLookupsResponseSchema, faqResponseSchema } from '@zview/contracts';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  FIXTURE_ADDRESS,
  assessmentFixture,
  autocompleteFixture,
  buildingPermitsFixture,
  ibhsFixture,
} from '../apps/web/src/features/scores/fixtures.js';
import { launchBrowser, newPage, screenshot, screenshotDir } from './support/browser.js';

/**
 * The property view in Chromium. Until the property routes land on the server, the /api calls of
 * the page are answered with contract-checked fixtures through page.route (switch to the real
 * server by removing `answerPropertyApi`).
 */
const browser = await launchBrowser();
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

const json = (route: Route, body: unknown, status = 200) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

const recent = recentLookupsResponseSchema.parse({
  total: 3,
  results: [
    { id: 'l1', at: '2026-11-21T09:12:00Z', address: FIXTURE_ADDRESS, propertyId: 'p-080302-1208', userEmail: 'morgan.hale@zview.test', scores: [{ product: 'zfire', score: 7.3, riskLevel: 'high' }, { product: 'zhail', score: 6, riskLevel: 'medium' }, { product: 'zproperty', score: 4.3, riskLevel: 'medium' }] },
    { id: 'l2', at: '2026-11-20T16:40:00Z', address: '44 Harbor View Rd, Charleston, SC 29401', propertyId: 'p-029401-44', userEmail: 'sam.ortiz@acme.test', scores: [{ product: 'zfire', score: 2.1, riskLevel: 'low' }, { product: 'zwind', score: 8.4, riskLevel: 'high' }] },
    { id: 'l3', at: '2026-11-19T11:05:00Z', address: '9 Prairie Ln, Wichita, KS 67202', propertyId: 'p-067202-9', userEmail: 'sam.ortiz@acme.test', scores: [{ product: 'zhail', score: 5.5, riskLevel: 'medium' }] },
  ],
});

const faq = faqResponseSchema.parse({
  faqs: [
    { id: 'score-7', category: 'Scores', question: 'What does a score of 7 mean?', answer: 'Scores run from 1 (lowest risk) to 10. From 7.0 a property is high risk.' },
    { id: 'current', category: 'Scores', question: 'How current are the scores?', answer: 'Each score rests on the newest imagery of the property; the date is shown beside it.' },
    { id: 'imagery', category: 'Imagery', question: 'Where does the imagery come from?', answer: 'From aerial survey providers; each image is captioned with its provider and date.' },
  ],
});

/** Answers the property-view API like the server will; records the assessment queries. */
async function answerPropertyApi(page: Page) {
  const assessments: URLSearchParams[] = [];
  await page.route('**/api/caribou/v3/property/assessment/zview**', async (route) => {
    const params = new URL(route.request().url()).searchParams;
    assessments.push(params);
    await new Promise((resolve) => setTimeout(resolve, 300)); // let the skeleton show
    const location = params.get('location') ?? '';
    if (/nowhere/i.test(location)) return json(route, { error: { code: 'not_found', message: 'We could not find that address. Check the spelling or try coordinates.' } }, 404);
    return json(route, assessmentFixture({ asOf: params.get('as_of') ?? undefined }));
  });
  await page.route('**/api/caribou/property/autocomplete**', (route) => json(route, autocompleteFixture));
  await page.route('**/api/caribou/building_permits**', (route) => json(route, buildingPermitsFixture));
  await page.route('**/api/ibhs/evaluations**', (route) => json(route, ibhsFixture));
  await page.route('**/api/caribou/property/recent**', (route) => json(route, recent));
  await page.route('**/api/faq**', (route) => json(route, faq));
  return assessments;
}

describe('the property view', () => {
  it('searches an address, shows the scores and opens a product page', async () => {
    const { page, context } = await newPage(browser);
    const assessments = await answerPropertyApi(page);
    await page.goto('/?devSession=admin');
    await page.getByTestId('empty-search').waitFor();
    await screenshot(page, 'scores-home-empty');

    await page.getByLabel('Address').fill('1208 Cedar');
    await page.getByRole('option', { name: FIXTURE_ADDRESS }).click();
    await page.getByTestId('result-skeleton').waitFor();
    await screenshot(page, 'scores-loading');
    await page.getByTestId('resolved-address').waitFor();
    expect(await page.getByTestId('resolved-address').innerText()).toBe(FIXTURE_ADDRESS);
    const names = await page.getByTestId('score-cards').getByTestId('product-name').allInnerTexts();
    expect(names).toEqual(['Z-FIRE', 'Z-HAIL', 'Z-STORM', 'Z-WIND', 'Z-WATER', 'Z-PROPERTY', 'ROOF AGE']);
    expect(assessments[0]?.get('location')).toBe(FIXTURE_ADDRESS);
    expect(assessments[0]?.get('location_type')).toBe('address');
    await page.getByTestId('building-permits').getByText('BLD-2017-04412', { exact: false }).waitFor();
    await settle();
    await screenshot(page, 'scores-summary');
    await page.screenshot({ path: path.join(screenshotDir, 'scores-summary-full.png'), fullPage: true });

    await page.getByRole('tab', { name: 'Oblique' }).click();
    await page.getByTestId('imagery-panel').locator('[data-map-mode=oblique]').first().waitFor();
    await page.getByRole('button', { name: 'Expand view' }).click();
    await page.getByRole('dialog').waitFor();
    await settle();
    await screenshot(page, 'scores-imagery-expanded');
    await page.getByRole('button', { name: 'Close expanded view' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await screenshot(page, 'scores-oblique');

    await page.getByRole('link', { name: 'Z-FIRE details' }).click();
    await page.getByTestId('product-detail').waitFor();
    expect(new URL(page.url()).pathname).toBe('/scores/zfire');
    expect(await page.getByTestId('factor-row').count()).toBe(5);
    expect(await page.getByTestId('model-version').innerText()).toBe('zfire-2.3.0');
    await settle();
    await screenshot(page, 'scores-zfire');

    // the product page of the same property
    await page.goto(`/zproperty${new URL(page.url()).search}`);
    await page.getByTestId('attributes').waitFor();
    await screenshot(page, 'scores-zproperty-page');
    await context.close();
  });

  it('compares with an earlier imagery date and prints cleanly', async () => {
    const { page, context } = await newPage(browser);
    const assessments = await answerPropertyApi(page);
    await page.goto(`/scores/roof_age?location=${encodeURIComponent(FIXTURE_ADDRESS)}&location_type=address&devSession=admin`);
    await page.getByTestId('roof-age').waitFor();
    expect(await page.getByTestId('roof-install-year').innerText()).toBe('2017');
    await page.getByLabel('Compare with imagery of').click();
    await page.getByRole('option', { name: 'June 2, 2024' }).click();
    await page.getByTestId('look-back-row').first().waitFor();
    expect(assessments.some((params) => params.get('as_of') === '2024-06-02')).toBe(true);
    await settle();
    await screenshot(page, 'scores-roof-age-look-back');
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('header').first().isVisible()).toBe(false);
    expect(await page.getByRole('search').isVisible()).toBe(false);
    await screenshot(page, 'scores-print');
    await context.close();
  });

  it('explains an address it cannot find and validates coordinates', async () => {
    const { page, context } = await newPage(browser);
    await answerPropertyApi(page);
    await page.goto('/scores?devSession=admin');
    await page.getByLabel('Address').fill('1 Nowhere Street');
    await page.getByLabel('Address').press('Enter');
    await page.getByTestId('result-error').waitFor();
    expect(await page.getByTestId('result-error').innerText()).toContain('We could not find that address.');
    await screenshot(page, 'scores-not-found');

    await page.getByRole('button', { name: 'Coordinates' }).click();
    await page.getByLabel('Coordinates (lat,lng)').fill('123,456');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText("Coordinates must be 'lat,lng'").waitFor();
    await screenshot(page, 'scores-coordinates-invalid');
    await context.close();
  });

  it('keeps the initial JavaScript of the signed-in home page within 300 KB compressed', async () => {
    const { page, context } = await newPage(browser);
    await answerPropertyApi(page);
    const scripts: Promise<number>[] = [];
    const files: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(
        response.body().then((body) => {
          const size = gzipSync(body).length;
          files.push(`${new URL(response.url()).pathname} ${(size / 1024).toFixed(1)} KB`);
          return size;
        }),
      );
    });
    await page.goto('/?devSession=admin');
    await page.getByTestId('empty-search').waitFor();
    const total = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
    console.log(`home page JavaScript: ${(total / 1024).toFixed(1)} KB gzip in ${scripts.length} files:\n${files.join('\n')}`);
    expect(total).toBeLessThanOrEqual(300 * 1024);
    await context.close();
  });

  it('lists recent lookups on the dashboard and answers the FAQ', async () => {
    const { page, context } = await newPage(browser);
    await answerPropertyApi(page);
    await page.goto('/dashboard/recent?devSession=admin');
    await page.getByTestId('lookup-row').first().waitFor();
    expect(await page.getByTestId('lookup-row').count()).toBe(3);
    await screenshot(page, 'dashboard-recent');
    await page.getByRole('tab', { name: 'High risk' }).click();
    await expect.poll(() => page.getByTestId('lookup-row').count()).toBe(2);
    await page.goto('/faq');
    await page.getByText('What does a score of 7 mean?').click();
    await page.getByText('From 7.0 a property is high risk.').waitFor();
    await settle();
    await screenshot(page, 'faq');
    await context.close();
  });
});
