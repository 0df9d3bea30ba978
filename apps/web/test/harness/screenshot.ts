/**
 * Screenshots of the sign-in screens: `npx tsx apps/web/test/harness/screenshot.ts`.
 * Serves the harness with Vite, drives Debian's Chromium, writes .tmp/screenshots/login-*.png.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';

const webRoot = path.resolve(import.meta.dirname, '../..');
const out = path.resolve(webRoot, '../../.tmp/screenshots');
mkdirSync(out, { recursive: true });

const server = await createServer({
  root: webRoot,
  configFile: path.join(webRoot, 'vite.config.ts'),
  server: { port: 0, strictPort: false },
  logLevel: 'warn',
});
await server.listen();
const base = server.resolvedUrls?.local[0];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${base}test/harness/index.html`);
  await page.getByRole('heading', { name: 'Welcome' }).waitFor();
  await page.waitForTimeout(400); // let focus and ripple transitions settle
  await page.screenshot({ path: path.join(out, 'login-step1.png') });

  await page.getByLabel('Email').fill('ann.smith@acme-mutual.com');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Enter your password' }).waitFor();
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Incorrect username or password.').waitFor();
  await page.waitForTimeout(400); // let focus and ripple transitions settle
  await page.screenshot({ path: path.join(out, 'login-step2-invalid.png') });

  await page.goto(`${base}test/harness/index.html?screen=no-products`);
  await page.getByRole('button', { name: 'Logout' }).waitFor();
  await page.waitForTimeout(400); // let focus and ripple transitions settle
  await page.screenshot({ path: path.join(out, 'login-no-products.png') });
  await page.goto(`${base}test/harness/index.html?harness=team`);
  await page.getByText('Bob Baker').waitFor();
  await page.getByRole('checkbox', { name: 'Select Bob Baker' }).check();
  await page.getByRole('checkbox', { name: 'Select Cy Cole' }).check();
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(out, 'team.png') });

  await page.goto(`${base}test/harness/index.html?harness=team&path=/team/add-multiple-members`);
  await page
    .getByLabel('Members')
    .fill(
      'email,first name,last name,role\nfay.fox@acme-mutual.com,Fay,Fox,admin\nbob.baker@acme-mutual.com,Bob,Baker,\ngus@acme,Gus,,user\nhal.hill@acme-mutual.com,Hal,Hill,',
    );
  await page.getByRole('table', { name: 'Members to add' }).waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(out, 'team-add-multiple.png') });
  console.log(`Screenshots in ${out}`);
} finally {
  await browser.close();
  await server.close();
}
