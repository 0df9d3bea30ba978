import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, inject } from 'vitest';
import { launchChromium } from './chromium.js';

export const screenshotDir = path.resolve(import.meta.dirname, '../../.tmp/screenshots');

/** Chromium for one test file, closed after its tests. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await launchChromium();
  afterAll(() => browser.close());
  return browser;
}

export const baseUrl = () => inject('baseUrl');

export async function newPage(
  browser: Browser,
  options: { width?: number; height?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
  });
  const page = await context.newPage();
  return { context, page };
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}
