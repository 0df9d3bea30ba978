import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from './support/auth.js';
import { launchBrowser, newPage, screenshot } from './support/browser.js';
import { LANDMARKS, searchAddress } from './support/property.js';

/**
 * Product analytics end to end: a demo user signs in and looks up a property; the app's Segment
 * client posts its batches to the server's collector (POST /v1/batch); logging out closes and
 * flushes the queue. An internal admin then finds identify, page_view and submit_request stored
 * for that user and organisation on the usage-analytics dashboard.
 */
const browser = await launchBrowser();

describe('analytics', () => {
  let user: Page;
  const batches: { status: number; events: { type: string; event?: string }[] }[] = [];
  const statuses: number[] = [];

  it('sends identify, page_view and submit_request to the collector, flushed at logout', async () => {
    ({ page: user } = await newPage(browser));
    // 'request' rather than 'requestfinished': the client's keepalive requests may not report finishing.
    user.on('request', (request) => {
      if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/v1/batch') return;
      const body = request.postDataJSON() as { batch: { type: string; event?: string }[] };
      batches.push({ status: 0, events: body.batch });
    });
    user.on('response', (response) => {
      if (new URL(response.url()).pathname === '/v1/batch') statuses.push(response.status());
    });
    await signIn(user, 'user@demo.test');
    await searchAddress(user, '1427 Wheat', LANDMARKS.wichita);
    await user.getByRole('button', { name: 'Logout' }).click();
    await user.getByRole('heading', { name: 'Welcome' }).waitFor({ timeout: 20_000 });
    await expect
      .poll(() => batches.flatMap((b) => b.events.map((e) => e.event ?? e.type)), { timeout: 15_000 })
      .toEqual(expect.arrayContaining(['identify', 'page_view', 'submit_request', 'logout_completed']));
    expect(statuses.every((status) => status === 200)).toBe(true);
    await user.context().close();
  });

  it('finds them stored for the user and the organisation on the internal-admin dashboard', async () => {
    const { page: staff } = await newPage(browser, { width: 1440, height: 1100 });
    await signIn(staff, 'staff@zview.test');
    await staff.goto('/admin/usage-analytics');
    const table = staff.getByRole('table', { name: 'Recent events' });
    await table.waitFor({ timeout: 20_000 });
    const rows = await table
      .getByTestId('recent-event')
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent ?? '')));
    const mine = rows.filter((cells) => cells[3] === 'user@demo.test');
    const kinds = mine.map((cells) => (cells[1] === 'track' ? cells[2] : cells[1]));
    expect(kinds).toEqual(expect.arrayContaining(['identify', 'page_view', 'submit_request', 'logout_completed']));
    for (const cells of mine.filter((c) =>
      ['identify', 'page_view', 'submit_request'].includes(c[1] === 'track' ? c[2]! : c[1]!),
    ))
      expect(cells[4]).toBe('Demo Mutual Insurance');
    await staff.getByTestId('events-per-day').locator('svg').first().waitFor();
    await screenshot(staff, 'usage-analytics');
    await staff.context().close();
  });
});
