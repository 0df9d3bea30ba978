import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signIn } from './support/auth.js';
import { launchBrowser, newPage, screenshot } from './support/browser.js';

const browser = await launchBrowser();

/**
 * Issue 41's journey on the demo data `npm start` seeds: the monitored demo book with captures
 * one to three months back. The group admin sees the alert in the bell, opens the changes view
 * (counts by transition and cause), opens a changed row (its history and the orthophotos before
 * and after the capture) and exports the diff of the first run and now as CSV.
 */
describe('a monitored book in Chromium', () => {
  it('notification → changes with causes → a property before/after → the diff export', async () => {
    const { page } = await newPage(browser);
    await signIn(page, 'admin@demo.test');
    // The worker seeds the demo book beside the app's start; other journeys leave notifications of
    // their own (a portfolio READY), so wait for this book's alert itself, not any unread count.
    const bell = page.getByRole('button', { name: /^Notifications/ });
    const alert = page
      .getByTestId('notification')
      .filter({ hasText: /properties? changed in Monitored demo book/ })
      .first();
    await expect
      .poll(
        async () => {
          await page.reload();
          await bell.click();
          const shown = await alert
            .waitFor({ timeout: 3_000 })
            .then(() => true)
            .catch(() => false);
          if (!shown) await page.keyboard.press('Escape');
          return shown;
        },
        { timeout: 180_000, interval: 5_000 },
      )
      .toBe(true);
    await screenshot(page, 'monitoring-bell');
    await alert.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/zportfolio/changes');

    const summary = page.getByTestId('change-summary');
    await summary.waitFor();
    await expect.poll(() => summary.textContent()).toMatch(/\d+ changes/);
    expect(await summary.textContent()).toMatch(/New imagery: \d+/);
    expect(await summary.textContent()).toMatch(/(Low|Medium|High) → (Low|Medium|High)/);
    await screenshot(page, 'monitoring-changes');

    await page.getByTestId('changes').locator('tbody tr').first().click();
    const drawer = page.getByTestId('change-drawer');
    await drawer.getByTestId('score-history').locator('li').first().waitFor();
    expect(await drawer.getByTestId('score-history').textContent()).toContain('New imagery');
    // Each change says which factors moved its score, by how much (signed), largest first.
    expect(await drawer.getByTestId('moved-factors').first().textContent()).toMatch(
      /^Factors that moved: [A-Z][\w ]+ [+−][\d.]+ \(/,
    );
    const images = drawer.getByTestId('before-after').locator('img');
    await expect.poll(() => images.count()).toBe(2);
    // The orthophotos render on first request: seconds on a loaded machine (vitest's default poll is 1 s).
    await expect
      .poll(() => images.evaluateAll((all) => all.every((img) => (img as HTMLImageElement).naturalWidth > 0)), {
        timeout: 30_000,
      })
      .toBe(true);
    await screenshot(page, 'monitoring-before-after');
    await page.keyboard.press('Escape');

    const diff = page.getByTestId('diff-panel');
    await expect
      .poll(() => diff.getByTestId('diff-summary').textContent(), { timeout: 20_000 })
      .toMatch(/rows changed/);
    await diff.scrollIntoViewIfNeeded();
    await expect.poll(() => page.getByTestId('change-drawer').isVisible(), { timeout: 10_000 }).toBe(false);
    await screenshot(page, 'monitoring-diff');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      diff.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\n');
    expect(csv[0]).toBe('row_number,ref,address,old_score,old_level,new_score,new_level,delta');
    const changed = Number(
      /^([\d,]+) of/.exec((await diff.getByTestId('diff-summary').textContent()) ?? '')![1]!.replaceAll(',', ''),
    );
    expect(csv).toHaveLength(changed + 1);
  }, 300_000);
});
