import { describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.js';

const browser = await launchBrowser();

describe('the built app in Chromium', () => {
  it('loads the runtime config and renders the app', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    const config = await page.evaluate(
      () => (window as unknown as { __ZVIEW_CONFIG__?: { VERSION?: string } }).__ZVIEW_CONFIG__,
    );
    expect(config?.VERSION).toBe('4.10.1');
    await expect.poll(() => page.locator('#root').innerText()).not.toBe('');
    await context.close();
  });
});
