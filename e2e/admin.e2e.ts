import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from './support/auth.js';
import { launchBrowser, newPage, screenshot } from './support/browser.js';
import { LANDMARKS } from './support/property.js';

/**
 * Staff administration in Chromium against the real server: staff (staff@zview.test) switches
 * Z-HAIL on for Prairie Farm Mutual (seeded without it), and that customer's user
 * (prairie@demo.test) sees the Z-HAIL tab on their next page load, without signing in again.
 */
const browser = await launchBrowser();
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));
afterAll(() => browser.close());

const lookupPath = `/scores?${new URLSearchParams({ location: LANDMARKS.wichita, location_type: 'address' })}`;

describe('staff administration', () => {
  it(
    'staff enables Z-HAIL for a customer that lacked it; the customer’s user then sees the Z-HAIL tab',
    { timeout: 120_000 },
    async () => {
      // The customer's user, signed in before the change: no Z-HAIL.
      const customer = await newPage(browser);
      await signIn(customer.page, 'prairie@demo.test', undefined, lookupPath);
      const products = customer.page.getByRole('tablist', { name: 'Products' });
      await products.getByRole('tab', { name: 'Z-FIRE' }).waitFor({ timeout: 20_000 });
      expect(await products.getByRole('tab', { name: 'Z-HAIL' }).count()).toBe(0);

      // Staff finds the customer (search as you type) and switches Z-HAIL on with an agreement.
      const staff = await newPage(browser);
      await signIn(staff.page, 'staff@zview.test');
      await staff.page.getByRole('button', { name: 'Account menu' }).click();
      await staff.page.getByRole('menuitem', { name: 'Customer Management' }).click();
      await staff.page.getByRole('heading', { name: 'Customer management' }).waitFor();
      await staff.page.getByLabel('Search customers').pressSequentially('prairie', { delay: 30 });
      const row = staff.page
        .getByRole('table', { name: 'Customers' })
        .getByRole('row', { name: /Prairie Farm Mutual/ });
      await row.waitFor();
      await screenshot(staff.page, 'admin-customers-search');
      await row.click();
      await staff.page.getByRole('tab', { name: 'Products & features' }).click();
      const hail = staff.page.getByTestId('product-zhail');
      await hail.getByRole('switch', { name: 'Z-HAIL on' }).check();
      await hail.getByLabel('Z-HAIL committed annual volume').fill('25000');
      await hail.getByLabel('Z-HAIL Contract start').fill('2026-01-01');
      await hail.getByRole('button', { name: 'Save Z-HAIL' }).click();
      await hail.getByText('On today').waitFor();
      await settle();
      await screenshot(staff.page, 'admin-customer-products');

      // The change is in the customer's history.
      await staff.page.getByRole('tab', { name: 'History' }).click();
      const history = staff.page.getByRole('table', { name: 'Customer history' });
      await history.getByText('Product updated').first().waitFor();
      expect(await history.getByText('staff@zview.test').count()).toBeGreaterThan(0);
      await screenshot(staff.page, 'admin-customer-history');

      // The customer's user: the next load shows Z-HAIL.
      await customer.page.reload();
      await products.getByRole('tab', { name: 'Z-HAIL' }).waitFor({ timeout: 20_000 });
      await settle();
      await screenshot(customer.page, 'admin-customer-sees-zhail');
      await staff.context.close();
      await customer.context.close();
    },
  );

  it(
    'the mock-mode addresses open to every user, and a mock location answers the mock response',
    { timeout: 60_000 },
    async () => {
      const { page, context } = await newPage(browser);
      await signIn(page, 'user@demo.test', undefined, '/mock-mode-addresses');
      const list = page.getByRole('list', { name: 'Mock locations' });
      await list.getByRole('link', { name: '100 Mock Ave, Wichita, KS 67203' }).click();
      await page.getByTestId('mock-response').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('mock-response').innerText()).toContain('Mock response');
      await screenshot(page, 'admin-mock-lookup');
      await context.close();
    },
  );
});
