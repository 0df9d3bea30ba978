import os from 'node:os';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signIn } from './support/auth.js';
import { baseUrl, launchBrowser, newPage } from './support/browser.js';
import {
  TARGETS_MS,
  measureExpandedComparison,
  measureObliqueTab,
  measurePortfolioMap,
  measureSignIn,
  openProperty,
} from './support/slow-steps.js';

/**
 * Budgets of the slow steps of issue 21 item 10. The CI machine is small and shared, so the
 * budgets count what made each step slow rather than time it: redirect hops and calls in series
 * in sign-in, chunks fetched again, the discovery document asked again, satellite tiles under the
 * before/after, maps kept running behind the expanded view, canvas resolution on a software
 * renderer, the portfolio map's code waiting for the metadata. Wall times are printed with the
 * targets and held only to generous multiples of them. Figures: npm run bench -- slow-steps.
 */
const browser = await launchBrowser();
afterAll(() => browser.close());

/** Generous: 4× the target, for a loaded 2-core machine. */
const WALL_MULTIPLE = 4;
const load = () => os.loadavg()[0]!.toFixed(1);
const report = (step: string, wallMs: number, target: number) =>
  console.log(`${step}: ${wallMs} ms (target ≤ ${target} ms; load ${load()})`);

describe('sign-in', () => {
  it('goes from Sign in to the home page in four document hops, with every chunk from the cache and no call in series that need not be', async () => {
    // The first sign-in of a fresh server warms its caches; the budget is a new user's sign-in.
    await measureSignIn(browser, baseUrl());
    const figures = await measureSignIn(browser, baseUrl());
    report('sign-in', figures.wallMs, TARGETS_MS.signIn);
    console.log(`  calls after Sign in: ${figures.calls.join(' → ')}`);
    // authorize → interaction → authorize (resumed) → /login-callback: the OIDC code flow's minimum here.
    expect(figures.navigations).toBeLessThanOrEqual(4);
    // The discovery document was fetched while the password was typed, and kept for the callback page.
    expect(figures.discoveryAfterClick).toBe(0);
    // Hashed chunks are cached for a year: the callback page and the home page load none from the server.
    expect(figures.assetRequestsFromNetwork).toBe(0);
    expect(figures.assetBytesFromNetwork).toBe(0);
    // The organisations are asked for beside the IdP session check, not after it.
    expect(figures.organizationsBesideSessionCheck).toBe(true);
    // authn, 3 redirects, the callback page, config.js, token, session check, organisations, and the
    // notification bell's unread count (issue 41; beside the home page, not before it) (+ analytics).
    expect(figures.calls.filter((path) => !path.startsWith('/v1/')).length).toBeLessThanOrEqual(10);
    expect(figures.wallMs).toBeLessThan(TARGETS_MS.signIn * WALL_MULTIPLE);
  });
});

describe('imagery of 310 Seawall Blvd', () => {
  it('draws the Oblique tab and the expanded before/after without a satellite tile, with only their own maps running', async () => {
    const { page, context } = await newPage(browser, { width: 1440, height: 900 });
    await signIn(page, 'user@demo.test');
    await openProperty(page, '310 Seawall Blvd, Gulfport, MS 39501');

    const oblique = await measureObliqueTab(page);
    report('oblique tab', oblique.wallMs, TARGETS_MS.oblique);
    // The view is held to the pictures: the base map under them is never seen, so never fetched.
    expect(oblique.satelliteTiles).toBe(0);
    expect(oblique.imageryRequests).toBeLessThanOrEqual(4); // the four directions
    expect(oblique.canvases).toBe(1);
    if (oblique.softwareRenderer) expect(oblique.canvasScale).toBeLessThanOrEqual(0.5);
    expect(oblique.wallMs).toBeLessThan(TARGETS_MS.oblique * WALL_MULTIPLE);

    const expanded = await measureExpandedComparison(page);
    report('expanded before/after', expanded.wallMs, TARGETS_MS.expandedComparison);
    expect(expanded.satelliteTiles).toBe(0);
    // The two captures, already drawn in the panel: from the cache.
    expect(expanded.imageryRequests).toBeLessThanOrEqual(2);
    expect(expanded.imageryBytesFromNetwork).toBe(0);
    // Only the dialog's two maps: the panel's own pair is not kept running behind it.
    expect(expanded.canvases).toBe(2);
    // A CPU rasteriser draws the imagery-only maps at half resolution (4× fewer pixels per frame).
    if (expanded.softwareRenderer) expect(expanded.canvasScale).toBeLessThanOrEqual(0.5);
    expect(expanded.wallMs).toBeLessThan(TARGETS_MS.expandedComparison * WALL_MULTIPLE);
    await context.close();
  });
});

/** A small book of README landmarks, created through the page, scored, in review. */
async function createPortfolio(page: Page, name: string): Promise<string> {
  const csv = [
    'Policy No,Address,Latitude,Longitude',
    'S-1,"1427 Wheatland Ave, Wichita, KS 67203",,',
    'S-2,"3300 Mesquite Ln, Amarillo, TX 79106",,',
    'S-3,"742 Foothill Rd, Boulder, CO 80302",,',
    'S-4,"310 Seawall Blvd, Gulfport, MS 39501",,',
    'S-5,,33.749,-84.388',
  ].join('\n');
  await page.goto('/zportfolio/create');
  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  await page.getByText('This name is available.').waitFor({ timeout: 15_000 });
  await page.getByLabel('Z-FIRE').check();
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'slow.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByTestId('upload-summary').waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Create portfolio' }).click();
  await page.waitForURL((url) => url.pathname === '/zportfolio');
  const row = page.getByTestId('portfolio-row').filter({ hasText: name });
  await row.getByText('In Review').waitFor({ timeout: 120_000 });
  return (await row.getByRole('link', { name }).getAttribute('href'))!;
}

describe('portfolio results map', () => {
  it(
    'loads its code beside the metadata, is made once, and shows a spinner, never a blank box',
    { timeout: 180_000 },
    async () => {
      const { page, context } = await newPage(browser, { width: 1440, height: 900 });
      await signIn(page, 'user@demo.test', DEMO_PASSWORD, '/zportfolio');
      const href = await createPortfolio(page, `Slow steps ${Date.now()}`);
      const figures = await measurePortfolioMap(page, href);
      report('portfolio map (link → drawn)', figures.wallMs, TARGETS_MS.portfolioMap);
      console.log(`  page up → map drawn: ${figures.blankMs} ms`);
      expect(figures.mapCodeBesideMetadata).toBe(true);
      expect(figures.mapsMade).toBe(1);
      expect(figures.spinnerWhileLoading).toBe(true);
      expect(figures.blankMs).toBeLessThan(TARGETS_MS.portfolioMap * WALL_MULTIPLE);
      await context.close();
    },
  );
});
