import { readdirSync } from 'node:fs';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fixtureBounds, fixtureBuildings, fixtureLocation, fixtureParcel } from '../apps/web/src/features/map/harness/fixtures.js';
import { FIXTURE_ADDRESS, assessmentFixture, buildingPermitsFixture, ibhsFixture } from '../apps/web/src/features/scores/fixtures.js';
import { launchBrowser, newPage, screenshot } from './support/browser.js';
import { pixelStats } from './support/pixels.js';

/**
 * The map in the property view (issue 5): standard map with the newest orthophoto, parcel,
 * buildings and the draggable pin; the oblique slider; the before/after comparison.
 * Only the property API is answered from fixtures (page.route); the pictures are the map
 * harness's JPEGs served by the real server from the built app, and the base maps come from the
 * real server too (a dev session has no real token, so /api/map/sources refuses and the widget
 * falls back to its offline styles).
 */
const browser = await launchBrowser();

/** The harness pictures in the built app (Vite names them name-hash.jpg). */
const builtAssets = readdirSync(new URL('../apps/web/dist/assets/', import.meta.url));
const harnessImage = (name: string) => {
  const file = builtAssets.find((entry) => entry.startsWith(`${name}-`) && entry.endsWith('.jpg'));
  if (!file) throw new Error(`the web build has no ${name}.jpg (built with ZVIEW_BUILD_HARNESS=1?)`);
  return `/assets/${file}`;
};

function propertyAnswer() {
  const base = assessmentFixture();
  const item = (name: string, date: string, label: string, provider: string, extra: Record<string, unknown> = {}) => ({
    imageUrl: harnessImage(name),
    imageBounds: fixtureBounds,
    imageDateLabel: label,
    imageProvider: provider,
    captureId: `cap-${name}`,
    date,
    ...extra,
  });
  return {
    ...base,
    location: { ...base.location, point: fixtureLocation, parcel: fixtureParcel, buildings: fixtureBuildings },
    imagery: {
      ortho: [item('aerial', '2026-06-14', 'June 14, 2026', 'Sample Aerial Survey')],
      oblique: (['north', 'east', 'south', 'west'] as const).map((direction) =>
        item(`oblique-${direction}`, '2026-06-14', 'June 14, 2026', `Sample Oblique Co`, { direction, captureId: `cap-oblique-${direction}` }),
      ),
      comparison: {
        event: { id: 'evt-hail-2025-07', kind: 'hail', date: '2025-07-21', description: 'Hail up to 1.75 in' },
        before: item('before', '2025-05-30', 'May 30, 2025', 'Sample Aerial Survey'),
        after: item('after', '2025-08-04', 'August 4, 2025', 'Sample Aerial Survey'),
      },
    },
  };
}

const json = (route: Route, body: unknown) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });

async function answerPropertyApi(page: Page) {
  const assessments: URLSearchParams[] = [];
  await page.route('**/api/caribou/v3/property/assessment/zview**', (route) => {
    assessments.push(new URL(route.request().url()).searchParams);
    return json(route, propertyAnswer());
  });
  await page.route('**/api/caribou/building_permits**', (route) => json(route, buildingPermitsFixture));
  await page.route('**/api/ibhs/evaluations**', (route) => json(route, ibhsFixture));
  return assessments;
}

/** The panel's map has loaded: a canvas, no spinner, fades finished. */
async function mapReady(page: Page) {
  const panel = page.getByTestId('imagery-panel');
  await panel.locator('[data-testid=map-widget] canvas').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid=imagery-panel] [data-testid=map-widget] [role=progressbar]'), undefined, { timeout: 30_000 });
  await page.waitForTimeout(500);
}

const panelCanvas = (page: Page) => page.getByTestId('imagery-panel').locator('[data-testid=map-widget] canvas').first();

describe('the property view map', () => {
  it('shows the standard map, the obliques and the before/after comparison; a confirmed pin re-resolves by lat,lng', async () => {
    const { page, context } = await newPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const assessments = await answerPropertyApi(page);
    await page.goto('/?devSession=admin');
    await page.getByTestId('empty-search').waitFor();
    await page.goto(`/scores?location=${encodeURIComponent(FIXTURE_ADDRESS)}&location_type=address`);
    await page.getByTestId('resolved-address').waitFor();

    // Standard map: the orthophoto is drawn (a blank map has a handful of colours).
    await mapReady(page);
    expect(await page.getByTestId('imagery-panel').locator('[data-testid=map-widget]').getAttribute('data-map-mode')).toBe('standard');
    await expect.poll(async () => (await pixelStats(panelCanvas(page))).colours, { timeout: 15_000 }).toBeGreaterThan(100);
    expect((await pixelStats(panelCanvas(page))).stddev).toBeGreaterThan(15);
    await expect.poll(() => page.getByTestId('imagery-panel').getByTestId('building-label').count()).toBe(fixtureBuildings.length);
    await screenshot(page, 'property-map-standard');

    // Oblique slider.
    await page.getByRole('tab', { name: 'Oblique' }).click();
    await mapReady(page);
    expect(await page.getByTestId('imagery-panel').locator('[data-testid=map-widget]').getAttribute('data-map-mode')).toBe('oblique');
    await expect.poll(async () => (await pixelStats(panelCanvas(page))).colours, { timeout: 15_000 }).toBeGreaterThan(100);
    await screenshot(page, 'property-map-oblique');

    // Before / after around the hail event, with the event and both dates labelled.
    await page.getByRole('tab', { name: 'Before / After' }).click();
    await mapReady(page);
    expect(await page.getByTestId('imagery-panel').locator('[data-testid=map-widget]').getAttribute('data-map-mode')).toBe('comparison');
    expect(await page.getByTestId('comparison-event').innerText()).toBe('Hail on July 21, 2025: Hail up to 1.75 in');
    expect(await page.getByTestId('comparison-dates').innerText()).toBe('Before: May 30, 2025 · After: August 4, 2025');
    await expect.poll(async () => (await pixelStats(panelCanvas(page))).colours, { timeout: 15_000 }).toBeGreaterThan(100);
    await screenshot(page, 'property-map-comparison');

    // Back to the map: drag the pin, confirm, and the property is looked up again at the new point.
    await page.getByRole('tab', { name: 'Map' }).click();
    await mapReady(page);
    const pin = page.getByTestId('imagery-panel').getByTestId('location-pin');
    const box = (await pin.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 30, y + 15, { steps: 5 });
    await page.mouse.move(x + 60, y + 30, { steps: 5 });
    await page.mouse.up();
    const question = page.getByRole('alertdialog', { name: 'Is this the correct pin location?' });
    await question.waitFor();
    await screenshot(page, 'property-map-pin-confirm');
    const before = assessments.length;
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => assessments.length).toBeGreaterThan(before);
    const lookup = assessments[assessments.length - 1]!;
    expect(lookup.get('location_type')).toBe('coordinates');
    const [lat, lng] = lookup.get('location')!.split(',').map(Number);
    // lat,lng (not lng,lat): the pin moved right and down, so east and south of the old point.
    expect(lat).toBeLessThan(fixtureLocation.lat);
    expect(lat).toBeGreaterThan(fixtureLocation.lat - 0.01);
    expect(lng).toBeGreaterThan(fixtureLocation.lng);
    expect(lng).toBeLessThan(fixtureLocation.lng + 0.01);
    expect(new URL(page.url()).searchParams.get('location_type')).toBe('coordinates');

    expect(errors).toEqual([]);
    await context.close();
  });
});
