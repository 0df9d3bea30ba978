import type { Page } from 'playwright-core';

/** The demo accounts' password (README "Identity provider"); DEMO_PASSWORD overrides it. */
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Zview-demo-2024';

/**
 * Signs in through the real login page: email → Next → password → Sign in, then the identity
 * provider's redirect to /login-callback and back into the app. Resolves once the shell shows.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, path = '/'): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { name: 'Welcome' }).waitFor();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('banner').waitFor({ timeout: 20_000 });
}
