import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from './support/browser.js';
import { pixelStats } from './support/pixels.js';
import { dragBy } from './support/property.js';

const browser = await launchBrowser();

/** The map and its imagery have loaded: no spinner left in the widget. */
async function mapReady(page: Page) {
  await page.locator('[data-testid=map-widget] canvas').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid=map-widget] [role=progressbar]'), undefined, {
    timeout: 30_000,
  });
  await page.waitForTimeout(400); // let the 300 ms fades finish
}

const canvas = (page: Page, testId = 'map-canvas') => page.locator(`[data-testid=${testId}] canvas`);
const eventLog = (page: Page) => page.getByTestId('event-log').innerText();

const dragPin = (page: Page, dx: number, dy: number) => dragBy(page, page.getByTestId('location-pin'), dx, dy);

describe('map widget harness in Chromium', () => {
  it('standard map: aerial overlay, layers panel, street/satellite switch', async () => {
    const { page, context } = await newPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/map-harness.html?mode=standard');
    await mapReady(page);

    // The aerial image decodes asynchronously: wait until the canvas shows it (a blank map has a
    // handful of colours; the photo has hundreds).
    await expect.poll(async () => (await pixelStats(canvas(page))).colours, { timeout: 10_000 }).toBeGreaterThan(100);
    const withAerial = await pixelStats(canvas(page));
    expect(withAerial.stddev).toBeGreaterThan(15);
    await expect.poll(() => page.getByTestId('building-label').count()).toBe(2);
    await screenshot(page, 'map-standard');

    // Layers panel: the four labelled toggles, each switching its layer.
    await page.getByRole('button', { name: 'Layers' }).click();
    const panel = page.getByRole('region', { name: 'Map layers' });
    for (const label of ['Aerial Imagery', 'Location Pin', 'Parcel Outline', 'Building Labels'])
      await panel.getByLabel(label).waitFor();
    await screenshot(page, 'map-standard-layers');
    await panel.getByLabel('Aerial Imagery').click();
    await panel.getByLabel('Location Pin').click();
    await panel.getByLabel('Building Labels').click();
    await expect.poll(async () => (await pixelStats(canvas(page))).stddev).toBeLessThan(withAerial.stddev / 2);
    expect(await page.getByTestId('location-pin').evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden');
    expect(
      await page
        .getByTestId('building-label')
        .first()
        .evaluate((el) => getComputedStyle(el).visibility),
    ).toBe('hidden');

    // Street base map: the active layers are re-applied to the new style (aerial still off).
    await page.getByRole('button', { name: 'Street' }).click();
    await expect.poll(async () => (await pixelStats(canvas(page))).mean, { timeout: 10_000 }).toBeGreaterThan(200);
    await panel.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(async () => (await pixelStats(canvas(page))).stddev, { timeout: 10_000 }).toBeGreaterThan(15);
    for (const label of ['Aerial Imagery', 'Location Pin', 'Parcel Outline', 'Building Labels'])
      expect(await panel.getByLabel(label).isChecked()).toBe(true);
    expect(await page.getByTestId('location-pin').evaluate((el) => getComputedStyle(el).visibility)).toBe('visible');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('standard map: dragging the pin asks to confirm; No restores it, Yes reports and tracks it', async () => {
    const { page, context } = await newPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/map-harness.html?mode=standard');
    await mapReady(page);

    // Drag the pin, then No: it goes back.
    const home = await dragPin(page, 90, 40);
    const question = page.getByRole('alertdialog', { name: 'Is this the correct pin location?' });
    await question.waitFor();
    await question.getByRole('button', { name: 'No' }).click();
    await expect
      .poll(async () => Math.round((await page.getByTestId('location-pin').boundingBox())!.x))
      .toBe(Math.round(home.x));
    expect(await eventLog(page)).not.toContain('pin_location_change');

    // Drag again, then Yes: the new location is reported and tracked.
    await dragPin(page, 90, 40);
    await question.waitFor();
    await screenshot(page, 'map-standard-pin-confirm');
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => eventLog(page)).toContain('track move_save_map_pin');
    const log = await eventLog(page);
    expect(log).toMatch(/pin -97\.\d+,35\.\d+/);
    expect(log).toContain('track pin_location_change');
    expect(await question.count()).toBe(0);
    const moved = (await page.getByTestId('location-pin').boundingBox())!;
    expect(moved.x - home.x).toBeGreaterThan(60);

    // Recentre jumps back to the pin at zoom 19.
    await page.getByRole('button', { name: 'Recenter' }).click();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('oblique slider: previous/next bounded, provider and date of the current image', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/map-harness.html?mode=standard');
    await page.getByRole('tab', { name: 'Oblique' }).click();
    await mapReady(page);
    const provider = page.getByTestId('slider-provider');
    const previous = page.getByRole('button', { name: 'Previous image' });
    const next = page.getByRole('button', { name: 'Next image' });
    expect(await provider.innerText()).toBe('Sample Oblique · North');
    expect(await page.getByTestId('slider-date').innerText()).toBe('April 2, 2025 · 1 of 4');
    expect(await previous.isDisabled()).toBe(true);
    const north = await pixelStats(canvas(page));
    expect(north.stddev).toBeGreaterThan(15);
    await screenshot(page, 'map-oblique');

    await next.click();
    expect(await provider.innerText()).toBe('Sample Oblique · East');
    await next.click();
    await next.click();
    expect(await provider.innerText()).toBe('Sample Oblique · West');
    expect(await next.isDisabled()).toBe(true);
    await previous.click();
    expect(await provider.innerText()).toBe('Sample Oblique · South');
    await page.waitForTimeout(400);
    expect((await pixelStats(canvas(page))).stddev).toBeGreaterThan(15);
    await context.close();
  });

  it('before/after: two images with a swipe divider', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/map-harness.html?mode=comparison');
    await mapReady(page);
    expect((await pixelStats(canvas(page))).stddev).toBeGreaterThan(15);
    expect((await pixelStats(canvas(page, 'map-canvas-after'))).stddev).toBeGreaterThan(15);
    await screenshot(page, 'map-comparison');

    const divider = page.getByTestId('swipe-divider');
    const frame = (await page.getByTestId('map-widget').boundingBox())!;
    const handle = (await divider.boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, frame.y + frame.height / 2);
    await page.mouse.down();
    await page.mouse.move(frame.x + frame.width * 0.3, frame.y + frame.height / 2, { steps: 8 });
    await page.mouse.up();
    expect(Number(await divider.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(28);
    expect(Number(await divider.getAttribute('aria-valuenow'))).toBeLessThanOrEqual(32);
    expect(await page.getByTestId('map-canvas-after').evaluate((el) => el.style.clipPath)).toMatch(
      /inset\(0(px)? 0(px)? 0(px)? 3\d/,
    );
    await page.getByRole('button', { name: 'Reset bearing to north' }).waitFor();
    await context.close();
  });

  it('no WebGL: the message replaces the map and the event is tracked once', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/map-harness.html?mode=nowebgl');
    await page.getByText('WebGL is not supported on this browser').waitFor();
    expect(await page.locator('[data-testid=map-widget] canvas').count()).toBe(0);
    const log = await eventLog(page);
    expect(log.match(/no_webgl_supported_browser/g)).toHaveLength(1);
    await screenshot(page, 'map-no-webgl');
    await context.close();
  });
});

describe('map widget with a base style that never loads', () => {
  it("reports 'Max attempts reached. Style did not load.' in place of the map", async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/map-harness.html?mode=standard&baseStyle=broken');
    await page.getByText('Max attempts reached. Style did not load.').waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-testid=map-widget] [role=progressbar]').count()).toBe(0);
    await context.close();
  });
});
