import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/auth.js';
import { launchBrowser, newPage, screenshot } from './support/browser.js';
import { pixelStats } from './support/pixels.js';
import {
  ASSESSMENT_PATH,
  LANDMARKS,
  dragPin,
  mapReady,
  panelCanvas,
  panelMap,
  recordAssessments,
  searchAddress,
} from './support/property.js';

/**
 * The map of the property view against the real server (issue 5): the standard map with the
 * newest orthophoto, its layers panel and the draggable pin; the oblique slider; the before/after
 * comparison around the latest weather event. Every picture is rendered by the server's imagery
 * engine for the looked-up property. (The widget's own edge cases, such as a style that never
 * loads, are exercised on the map harness in map-widget.e2e.ts.)
 */
const browser = await launchBrowser();

let page: Page;
let assessments: URLSearchParams[];
let home: { lat: number; lng: number };
const errors: string[] = [];
/** Names of the events the app sent to the server's analytics collector. */
const tracked: string[] = [];

beforeAll(async () => {
  ({ page } = await newPage(browser));
  page.on('pageerror', (error) => errors.push(error.message));
  assessments = recordAssessments(page);
  page.on('request', (request) => {
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/v1/batch') return;
    const body = request.postDataJSON() as { batch?: { event?: string }[] } | null;
    for (const event of body?.batch ?? []) if (event.event) tracked.push(event.event);
  });
  await signIn(page, 'user@demo.test');
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === ASSESSMENT_PATH);
  await searchAddress(page, '1427 Wheat', LANDMARKS.wichita);
  home = ((await (await answer).json()) as { location: { point: { lat: number; lng: number } } }).location.point;
});
afterAll(() => page.context().close());

/** The canvas shows a picture, not a blank or single-colour map (a blank map has a handful of colours). */
async function expectPicture(name: string) {
  await expect.poll(async () => (await pixelStats(panelCanvas(page))).colours, { timeout: 15_000 }).toBeGreaterThan(60);
  expect((await pixelStats(panelCanvas(page))).stddev).toBeGreaterThan(8);
  await screenshot(page, name);
}

const mode = () => panelMap(page).getAttribute('data-map-mode');
const visibility = (testId: string) =>
  page
    .getByTestId('imagery-panel')
    .getByTestId(testId)
    .first()
    .evaluate((el) => getComputedStyle(el).visibility);

describe('the property view map (user@demo.test, Wichita landmark)', () => {
  it('draws the orthophoto with parcel, buildings and pin; the layers panel toggles each layer and Reset turns all on', async () => {
    await mapReady(page);
    expect(await mode()).toBe('standard');
    await expectPicture('property-map-standard');
    expect(await page.getByTestId('imagery-panel').getByTestId('building-label').count()).toBeGreaterThanOrEqual(1);
    const withAerial = await pixelStats(panelCanvas(page));

    await page.getByTestId('imagery-panel').getByRole('button', { name: 'Layers' }).click();
    const panel = page.getByRole('region', { name: 'Map layers' });
    const labels = ['Aerial Imagery', 'Location Pin', 'Parcel Outline', 'Building Labels'];
    for (const label of labels) expect(await panel.getByLabel(label).isChecked()).toBe(true);
    await screenshot(page, 'property-map-layers');
    await panel.getByLabel('Aerial Imagery').click();
    await panel.getByLabel('Location Pin').click();
    await panel.getByLabel('Building Labels').click();
    expect(await visibility('location-pin')).toBe('hidden');
    expect(await visibility('building-label')).toBe('hidden');
    // On the light street base map, with the aerial photo off, the map turns light.
    await page.getByTestId('imagery-panel').getByRole('button', { name: 'Street' }).click();
    await expect
      .poll(async () => (await pixelStats(panelCanvas(page))).mean, { timeout: 10_000 })
      .toBeGreaterThan(Math.max(190, withAerial.mean + 40));
    await screenshot(page, 'property-map-street-layers-off');

    // Reset turns every layer on, and the street style keeps them (re-applied on a style switch).
    await panel.getByRole('button', { name: 'Reset' }).click();
    for (const label of labels) expect(await panel.getByLabel(label).isChecked()).toBe(true);
    // The photo is back, as a faint tint: Street stays a street map where the photo covers it (issue 45).
    await page.waitForTimeout(500);
    expect((await pixelStats(panelCanvas(page))).mean).toBeGreaterThan(withAerial.mean + 40);
    expect(await visibility('location-pin')).toBe('visible');
    expect(await visibility('building-label')).toBe('visible');
    await page.getByTestId('imagery-panel').getByRole('button', { name: 'Satellite' }).click();
    await panel.getByRole('button', { name: 'Close layers' }).click();
  });

  it('slides through the obliques, previous and next bounded at the ends', async () => {
    await page.getByRole('tab', { name: 'Oblique' }).click();
    await mapReady(page);
    expect(await mode()).toBe('oblique');
    const previous = page.getByRole('button', { name: 'Previous image' });
    const next = page.getByRole('button', { name: 'Next image' });
    const date = page.getByTestId('slider-date');
    expect(await previous.isDisabled()).toBe(true);
    const count = Number((await date.innerText()).match(/1 of (\d+)$/)?.[1]);
    expect(count).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('slider-provider').innerText()).toMatch(/ · From the (north|east|south|west)$/);
    await expectPicture('property-map-oblique');
    for (let i = 1; i < count; i += 1) await next.click();
    expect(await date.innerText()).toMatch(new RegExp(`${count} of ${count}$`));
    expect(await next.isDisabled()).toBe(true);
    await previous.click();
    expect(await date.innerText()).toMatch(new RegExp(`${count - 1} of ${count}$`));
  });

  it('compares the imagery before and after the latest weather event', async () => {
    await page.getByRole('tab', { name: 'Before / After' }).click();
    await mapReady(page);
    expect(await mode()).toBe('comparison');
    expect(await page.getByTestId('comparison-event').innerText()).toMatch(/ on [A-Z][a-z]+ \d{1,2}, \d{4}: /);
    expect(await page.getByTestId('comparison-dates').innerText()).toMatch(/^Before: .+ · After: .+$/);
    await page.getByTestId('swipe-divider').waitFor();
    await expectPicture('property-map-comparison');
    const after = await pixelStats(page.getByTestId('imagery-panel').locator('[data-testid=map-canvas-after] canvas'));
    expect(after.stddev).toBeGreaterThan(8);

    await page.getByRole('button', { name: 'Expand view' }).click();
    await page.getByRole('dialog').locator('[data-map-mode=comparison]').waitFor();
    await page.waitForTimeout(600);
    await screenshot(page, 'property-map-expanded');
    await page.getByRole('button', { name: 'Close expanded view' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('puts a dragged pin back on No, and re-resolves the property where it is confirmed on Yes', async () => {
    await page.getByRole('tab', { name: 'Map' }).click();
    await mapReady(page);
    const question = page.getByRole('alertdialog', { name: 'Is this the correct pin location?' });
    const lookups = assessments.length;

    const start = await dragPin(page, 80, 40);
    await question.waitFor();
    await question.getByRole('button', { name: 'No' }).click();
    await question.waitFor({ state: 'detached' });
    const back = (await page.getByTestId('imagery-panel').getByTestId('location-pin').boundingBox())!;
    expect(Math.abs(back.x - start.x)).toBeLessThan(2);
    expect(Math.abs(back.y - start.y)).toBeLessThan(2);
    expect(assessments.length).toBe(lookups);

    await dragPin(page, 60, 30);
    await question.waitFor();
    await screenshot(page, 'property-map-pin-confirm');
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => assessments.length).toBeGreaterThan(lookups);
    const lookup = assessments.at(-1)!;
    expect(lookup.get('location_type')).toBe('coordinates');
    // lat,lng (not lng,lat): the pin moved right and down, so east and south of the old point.
    const [lat, lng] = lookup.get('location')!.split(',').map(Number) as [number, number];
    expect(lat).toBeLessThan(home.lat);
    expect(lat).toBeGreaterThan(home.lat - 0.005);
    expect(lng).toBeGreaterThan(home.lng);
    expect(lng).toBeLessThan(home.lng + 0.005);
    expect(new URL(page.url()).searchParams.get('location')).toBe(lookup.get('location'));

    // The view shows the new point, in the search box and under the resolved property.
    await page.getByTestId('resolved-coordinates').waitFor({ timeout: 20_000 });
    expect(await page.getByLabel('Coordinates (lat,lng)').inputValue()).toBe(lookup.get('location'));
    expect(await page.getByTestId('resolved-coordinates').innerText()).toMatch(/^\d+\.\d{5,6}, -\d+\.\d{5,6}$/);
    expect((await page.getByTestId('resolved-address').innerText()).length).toBeGreaterThan(5);
    await mapReady(page);
    await screenshot(page, 'property-map-pin-moved');
    // The confirmation reached the server's analytics (batches are sent every 10 s).
    await expect
      .poll(() => tracked, { timeout: 15_000, interval: 500 })
      .toEqual(expect.arrayContaining(['pin_location_change', 'move_save_map_pin']));
    expect(errors).toEqual([]);
  });
});
