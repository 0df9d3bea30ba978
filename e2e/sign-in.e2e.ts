import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signIn } from './support/auth.js';
import { baseUrl, launchBrowser, newPage, screenshot } from './support/browser.js';

/** Sign-in against the real server and its embedded identity provider (demo accounts). */
const browser = await launchBrowser();
afterAll(() => browser.close());

/** The bearer tokens the page sends to /api, newest last. */
function recordBearers(page: Page): string[] {
  const tokens: string[] = [];
  page.on('request', (request) => {
    const auth = request.headers()['authorization'];
    if (auth?.startsWith('Bearer ') && new URL(request.url()).pathname.startsWith('/api/'))
      tokens.push(auth.slice('Bearer '.length));
  });
  return tokens;
}

describe('sign-in with the embedded identity provider', () => {
  it('signs in user@demo.test: the top bar shows the first and last name', async () => {
    const { page, context } = await newPage(browser, { width: 1440, height: 900 });
    await signIn(page, 'user@demo.test');
    await page.getByRole('banner').getByText('Uma User').waitFor();
    await screenshot(page, 'signed-in-home');
    await context.close();
  });

  it('refuses a wrong password with the catalogued message', async () => {
    const { page, context } = await newPage(browser, { width: 1440, height: 900 });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await screenshot(page, 'login-page');
    await page.getByRole('textbox', { name: 'Email' }).fill('user@demo.test');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Password').fill(`${DEMO_PASSWORD}-wrong`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Incorrect username or password.').waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    await context.close();
  });

  it('signs out: the old access token is refused by the API', async () => {
    const { page, context } = await newPage(browser);
    const bearers = recordBearers(page);
    await signIn(page, 'user@demo.test');
    await expect.poll(() => bearers.length).toBeGreaterThan(0);
    const token = bearers.at(-1)!;
    const before = await fetch(`${baseUrl()}/api/organization`, { headers: { authorization: `Bearer ${token}` } });
    expect(before.status).toBe(200);

    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await expect
      .poll(
        async () =>
          (await fetch(`${baseUrl()}/api/organization`, { headers: { authorization: `Bearer ${token}` } })).status,
      )
      .toBe(401);
    await context.close();
  });

  it('admin@demo.test sees the organisation switcher with both organisations', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'admin@demo.test');
    await page.getByRole('button', { name: /^Organization: / }).click();
    const items = page.getByRole('menu').getByRole('menuitem');
    await items.first().waitFor();
    expect(await items.allTextContents()).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Demo Mutual Insurance'),
        expect.stringContaining('Gulf Coast Underwriters'),
      ]),
    );
    expect(await items.count()).toBe(2);
    await context.close();
  });

  it('lists the team for the group admin', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'admin@demo.test', DEMO_PASSWORD, '/team');
    const table = page.getByRole('table', { name: 'Team members' });
    await table.getByText('Uma User').waitFor();
    await table.getByText('Ada Admin').waitFor();
    await context.close();
  });
});
