import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/auth.js';
import { launchBrowser, newPage, screenshot } from './support/browser.js';
import { ONE_PIXEL_PNG } from './support/files.js';
import { searchAddress } from './support/property.js';

/**
 * Appeals against the real server (issue 16): a reviewer of the demo organisation (group admin)
 * opens a property, appeals its roof material with a photo, recalculates, publishes, and sees the
 * amended score on the card, in the appeals list and on the appeal's timeline. Mobile, AL is used
 * by no other browser test, so the amended score does not leak into their expectations.
 */
const browser = await launchBrowser();
const MOBILE = '905 Magnolia Ave, Mobile, AL 36604';

let page: Page;
const errors: string[] = [];
beforeAll(async () => {
  ({ page } = await newPage(browser));
  page.on('pageerror', (error) => errors.push(error.message));
  await signIn(page, 'admin@demo.test');
});
afterAll(() => page.context().close());

const card = () => page.getByRole('region', { name: 'Z-WIND' });
const scoreOf = async (text: Promise<string | null>) => Number((await text)?.match(/\d+(\.\d)?/)?.[0]);

describe('an appeal from the score card to the amended score (admin@demo.test)', () => {
  let before: number;
  let recalculated: number;

  it('opens the appeal panel from the product card', async () => {
    await searchAddress(page, '905 Magno', MOBILE);
    before = await scoreOf(card().getByTestId('score').first().textContent());
    await card().getByRole('button', { name: 'Appeal' }).click();
    await page.getByTestId('appeal-panel').waitFor();
    await page.getByTestId('feature-roof_material').waitFor();
    await screenshot(page, 'appeals-panel-open');
  });

  it('changes the roof material, attaches a photo and recalculates: old and new side by side', async () => {
    const row = page.getByTestId('feature-roof_material');
    const current = (await row.locator('td').nth(1).textContent())?.trim();
    const target = current === 'Metal' ? 'Wood shake' : 'Metal';
    await row.getByRole('combobox').click();
    await page.getByRole('option', { name: target, exact: true }).click();

    await page
      .getByTestId('evidence-input')
      .setInputFiles({ name: 'new-roof.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await expect
      .poll(() => page.getByTestId('evidence-list').textContent(), { timeout: 10_000 })
      .toContain('new-roof.png');

    await page.getByRole('button', { name: 'Recalculate' }).click();
    await page.getByTestId('score-comparison').waitFor();
    expect(await scoreOf(page.getByTestId('score-current-score').textContent())).toBe(before);
    recalculated = await scoreOf(page.getByTestId('score-recalculated-score').textContent());
    expect(recalculated).not.toBe(before);
    expect(await page.getByTestId('score-comparison').locator('[data-changed=true]').count()).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'appeals-recalculated');
  });

  it('publishes the new score, and the card shows it amended by appeal', async () => {
    await page.getByRole('button', { name: 'Publish new score' }).click();
    await expect
      .poll(() => page.getByTestId('appeal-notice').textContent(), { timeout: 10_000 })
      .toMatch(/Published: the Z-WIND score is now \d+\.\d \(version 1\)/);
    await screenshot(page, 'appeals-published-panel');
    await page.getByRole('button', { name: 'Close appeal' }).click();

    await card().getByTestId('amended-by-appeal').waitFor({ timeout: 15_000 });
    await expect
      .poll(() => scoreOf(card().getByTestId('score').first().textContent()), { timeout: 10_000 })
      .toBe(recalculated);
    expect(await card().getByTestId('amended-by-appeal').textContent()).toMatch(
      /Amended by appeal · \w+ \d{1,2}, \d{4}/,
    );
    await screenshot(page, 'appeals-amended-card');

    // A new lookup of the property (a reload) still shows the published version.
    await page.reload();
    await card().getByTestId('amended-by-appeal').waitFor({ timeout: 20_000 });
    expect(await scoreOf(card().getByTestId('score').first().textContent())).toBe(recalculated);
  });

  it('lists the appeal and shows its timeline with the photo and the publication', async () => {
    await page.goto('/appeals');
    const row = page.getByTestId('appeal-row').filter({ hasText: 'Mobile' }).first();
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getByTestId('status-chip').textContent()).toBe('Accepted (published)');
    await screenshot(page, 'appeals-list');
    await row.getByRole('link').first().click();
    await page.getByTestId('timeline').waitFor();
    const timeline = await page.getByTestId('timeline').textContent();
    expect(timeline).toContain('Evidence attached');
    expect(timeline).toContain('new-roof.png');
    expect(timeline).toContain('Published new score');
    expect(await page.getByTestId('evidence-item').count()).toBe(1);
    await screenshot(page, 'appeals-appeal-page');
    expect(errors).toEqual([]);
  });
});
