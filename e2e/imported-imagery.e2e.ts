import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/auth.js';
import { launchBrowser, newPage, screenshot } from './support/browser.js';
import { ASSESSMENT_PATH, LANDMARKS, mapReady, panelMap, searchAddress } from './support/property.js';
import { QUADRANT_COLOURS, colourShare, runWorldCli, writeQuadrantCog } from './support/world.js';

/**
 * A provider's mosaic in the product (issue 47): a small Cloud-Optimized GeoTIFF in Web Mercator,
 * four quadrants of colours no painted scene has meeting at 58 Palmetto St, imported with the
 * world CLI into the running product (tile pyramid in its blob store). Its tiles are then what the
 * map's aerial layer shows around the property, and the "after" picture of the before/after pair
 * around the property's latest weather event (a flood on 2025-02-23; the capture is dated between
 * it and the next drawn capture, so the property's newest orthophoto, and its scores, stay as they were).
 */
const browser = await launchBrowser();
const temp = mkdtempSync(path.join(os.tmpdir(), 'zview-e2e-cog-'));
const PROVIDER = 'Lowcountry Aerial Survey';
let page: Page;

beforeAll(async () => {
  ({ page } = await newPage(browser));
  await signIn(page, 'user@demo.test');
});
afterAll(async () => {
  await page.context().close();
  rmSync(temp, { recursive: true, force: true });
});

/** The share of each quadrant's colour in what a map canvas shows (controls and pin hidden). */
async function quadrantShares(canvas: Locator) {
  const style = await page.addStyleTag({
    content: '[data-testid=map-widget] *:not(:has(canvas)):not(canvas) { visibility: hidden !important; }',
  });
  const png = PNG.sync.read(await canvas.screenshot({ animations: 'disabled' }));
  await style.evaluate((el) => (el as Element).remove());
  return Object.values(QUADRANT_COLOURS).map((rgb) => colourShare(png, rgb));
}

describe('an imported mosaic (COG) in the property view', () => {
  // Its own timeout: the import runs the world CLI (tsx compiling the server) beside the product.
  it('is the aerial layer around the property and the "after" picture of its before/after', async () => {
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === ASSESSMENT_PATH);
    await searchAddress(page, '58 Palmet', LANDMARKS.charleston);
    const { point } = ((await (await answer).json()) as { location: { point: { lat: number; lng: number } } }).location;

    const cog = path.join(temp, 'palmetto.tif');
    await writeQuadrantCog(cog, { center: point, metresPerPixel: 0.5, size: 1536 });
    const output = await runWorldCli([
      'import',
      'image',
      cog,
      '--date',
      '2025-03-01',
      '--provider',
      PROVIDER,
      '--crs',
      'EPSG:3857',
    ]);
    // Progress lines, then the capture as JSON.
    const report = JSON.parse(output.slice(output.indexOf('\n{') + 1)) as { id: string };
    expect(report.id).toBeTruthy();

    // The property view asks again (a reload). Zoomed out past the property's own orthophoto, the
    // map's aerial layer around it is the imported capture's tiles.
    await page.reload();
    await mapReady(page);
    const zoomOut = page.getByTestId('imagery-panel').getByRole('button', { name: 'Zoom out' });
    for (let i = 0; i < 3; i++) {
      await zoomOut.click();
      await page.waitForTimeout(400);
    }
    await mapReady(page);
    const canvas = panelMap(page).locator('canvas').first();
    await expect
      .poll(async () => Math.min(...(await quadrantShares(canvas))), { timeout: 20_000 })
      .toBeGreaterThan(0.01);
    await screenshot(page, 'imported-imagery-map');

    await page.getByRole('tab', { name: 'Before / After' }).click();
    await mapReady(page);
    expect(await page.getByTestId('comparison-event').innerText()).toMatch(/^Flood on February 23, 2025: /);
    expect(await page.getByTestId('comparison-dates').innerText()).toMatch(
      new RegExp(`· After: March 1, 2025 \\(${PROVIDER}\\)$`),
    );
    await page.waitForTimeout(1000); // the pictures fade in
    await screenshot(page, 'imported-imagery-comparison');
    // The swipe starts in the middle: the drawn "before" on the left, the imported "after" on the
    // right, where the capture's eastern quadrants lie either side of the property.
    const [nw, ne, sw, se] = await quadrantShares(page.getByTestId('comparison-view').getByTestId('map-widget'));
    expect(ne).toBeGreaterThan(0.1);
    expect(se).toBeGreaterThan(0.1);
    expect(nw! + sw!).toBeLessThan(0.01);
  }, 180_000);
});
