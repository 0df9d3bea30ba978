import { API_KEY_PATTERN, problemSchema } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { signIn } from './support/auth.js';
import { baseUrl, launchBrowser, newPage, screenshot } from './support/browser.js';

const browser = await launchBrowser();

/**
 * A group admin creates an API key under Team management, copies it (shown once), a system
 * calls /v1 with it, the admin revokes it, and the very next call is refused.
 */
describe('API keys in Chromium', () => {
  it('an admin creates a key, copies it, a fetch with it works; after revocation the fetch is refused', async () => {
    const { page, context } = await newPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await signIn(page, 'admin@demo.test');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Team Management' }).click();
    await page.getByRole('link', { name: 'API keys' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/team/api-keys');

    const name = `E2E key ${Date.now()}`;
    await page.getByLabel('Key name').fill(name);
    await page.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'API key created' });
    await dialog.waitFor();
    await screenshot(page, 'api-key-created');
    await dialog.getByRole('button', { name: 'Copy key' }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    const key = await page.evaluate(() => navigator.clipboard.readText());
    expect(key).toMatch(API_KEY_PATTERN);
    await dialog.getByRole('button', { name: 'Done' }).click();

    const call = () =>
      fetch(
        `${baseUrl()}/v1/properties/assessment?${new URLSearchParams({ location: '1427 Wheatland Ave, Wichita, KS 67203', products: 'zhail' })}`,
        { headers: { authorization: `Bearer ${key}` } },
      );
    const ok = await call();
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { products: Record<string, unknown> }).products.zhail).toBeDefined();

    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await row.getByText('Revoked').waitFor();
    await screenshot(page, 'api-key-revoked');

    const refused = await call();
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(problemSchema.parse(await refused.json()).code).toBe('unauthorized');
    await context.close();
  });
});
