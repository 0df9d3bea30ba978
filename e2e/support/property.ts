import type { Locator, Page } from 'playwright-core';

/** README landmarks: these addresses exist in every sample world, whatever its seed. */
export const LANDMARKS = {
  wichita: '1427 Wheatland Ave, Wichita, KS 67203',
  amarillo: '3300 Mesquite Ln, Amarillo, TX 79106',
  boulder: '742 Foothill Rd, Boulder, CO 80302',
  gulfport: '310 Seawall Blvd, Gulfport, MS 39501',
  charleston: '58 Palmetto St, Charleston, SC 29401',
  atlanta: '1600 Peachtree St, Atlanta, GA 30309',
} as const;

export const ASSESSMENT_PATH = '/api/caribou/v3/property/assessment/zview';

/** Records the query of every property lookup the page sends to the real server. */
export function recordAssessments(page: Page): URLSearchParams[] {
  const asked: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === ASSESSMENT_PATH) asked.push(url.searchParams);
  });
  return asked;
}

/**
 * Types the start of an address as a person would, waits for the suggestion list and picks the
 * full address from it; resolves once the property view shows that address.
 */
export async function searchAddress(page: Page, typed: string, address: string): Promise<void> {
  const box = page.getByLabel('Address');
  await box.fill('');
  await box.pressSequentially(typed, { delay: 20 });
  await page.getByRole('option', { name: address }).click({ timeout: 15_000 });
  await page.getByTestId('resolved-address').getByText(address, { exact: true }).waitFor({ timeout: 20_000 });
}

const IMAGERY_PANEL = '[data-testid=imagery-panel] [data-testid=map-widget]';

/** The imagery panel's map has loaded: a canvas, no spinner, fades finished. */
export async function mapReady(page: Page): Promise<void> {
  await page.locator(`${IMAGERY_PANEL} canvas`).first().waitFor({ timeout: 20_000 });
  await page.waitForFunction((selector) => !document.querySelector(`${selector} [role=progressbar]`), IMAGERY_PANEL, {
    timeout: 30_000,
  });
  await page.waitForTimeout(400); // the 300 ms opacity transitions
}

export const panelMap = (page: Page) => page.locator(IMAGERY_PANEL).first();
export const panelCanvas = (page: Page) => page.locator(`${IMAGERY_PANEL} canvas`).first();

/** Drags what `target` shows by (dx, dy) pixels with the mouse, in small steps; returns where it started. */
export async function dragBy(page: Page, target: Locator, dx: number, dy: number) {
  const box = (await target.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 5 });
  await page.mouse.move(x + dx, y + dy, { steps: 5 });
  await page.mouse.up();
  return box;
}

/** Drags the imagery panel's location pin by (dx, dy) pixels; returns where it started. */
export const dragPin = (page: Page, dx: number, dy: number) =>
  dragBy(page, page.getByTestId('imagery-panel').getByTestId('location-pin'), dx, dy);
