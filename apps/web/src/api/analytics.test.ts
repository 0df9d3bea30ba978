import { runtimeConfigSchema, SESSION_STORAGE_KEYS } from '@zview/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  flushAnalytics,
  identify,
  logoutAnalytics,
  setAnalyticsOrganization,
  startAnalytics,
  stopAnalytics,
  track,
  trackPageView,
} from './analytics';

const config = (extra: Record<string, unknown> = {}) =>
  runtimeConfigSchema.parse({
    ENV: 'test',
    API_URL: 'http://app.test',
    OIDC_ISSUER: 'http://app.test/oidc',
    OIDC_CLIENT_ID: 'zview-web',
    SUPPORT_EMAIL: 's@x.test',
    ...extra,
  });
const on = (extra: Record<string, unknown> = {}) =>
  config({ ANALYTICS_ENABLED: 'true', ANALYTICS_WRITE_KEY: 'zview-web', ...extra });
type Sent = { batch: Record<string, unknown>[]; writeKey: string; sentAt: string };
const bodies = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.map((call) => JSON.parse(String((call[1] as RequestInit).body)) as Sent);

afterEach(() => {
  stopAnalytics();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  delete (globalThis as { dataLayer?: unknown }).dataLayer;
  delete (globalThis as { gtag?: unknown }).gtag;
});

describe('the web analytics wiring', () => {
  it('batches to our collector (/v1/batch) with the write key and, token auth, the bearer token', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 200 }));
    expect(startAnalytics(on(), { apiBaseUrl: '', token: () => 'tok', fetch })).toBe(true);
    track('submit_request', { location_type: 'address' });
    track('map_image_tab', { tab: 'oblique' });
    expect(fetch).not.toHaveBeenCalled(); // batched, not one request per event
    await flushAnalytics();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v1/batch');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
    const [body] = bodies(fetch);
    expect(body!.writeKey).toBe('zview-web');
    expect(body!.batch.map((e) => [e.type, e.event, e.properties])).toEqual([
      ['track', 'submit_request', { location_type: 'address' }],
      ['track', 'map_image_tab', { tab: 'oblique' }],
    ]);
  });

  it('identifies the user by id with traits email, firstName, lastName; groups the organisation; page_view carries both', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 200 }));
    sessionStorage.setItem(SESSION_STORAGE_KEYS.sessionId, 'sess-1');
    startAnalytics(on(), { apiBaseUrl: '', token: () => undefined, fetch });
    identify({ id: 'u-1', email: 'ada@x.test', firstName: 'Ada', lastName: 'Lovelace' });
    setAnalyticsOrganization({ id: 7, name: 'Acme' });
    trackPageView('/scores');
    await flushAnalytics();
    const batch = bodies(fetch).flatMap((b) => b.batch);
    expect(batch[0]).toMatchObject({
      type: 'identify',
      userId: 'u-1',
      traits: { email: 'ada@x.test', firstName: 'Ada', lastName: 'Lovelace' },
    });
    expect(batch[1]).toMatchObject({ type: 'group', groupId: '7', traits: { name: 'Acme' } });
    expect(batch[2]).toMatchObject({
      type: 'track',
      event: 'page_view',
      userId: 'u-1',
      properties: { path: '/scores' },
      context: { groupId: '7', sessionId: 'sess-1' },
    });
  });

  it('stays off when disabled, and warns when enabled without a write key', async () => {
    const fetch = vi.fn();
    expect(startAnalytics(config(), { apiBaseUrl: '', token: () => 'tok', fetch })).toBe(false);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(startAnalytics(config({ ANALYTICS_ENABLED: 'true' }), { apiBaseUrl: '', token: () => 'tok', fetch })).toBe(
      false,
    );
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('ANALYTICS_WRITE_KEY'));
    track('page_print');
    await flushAnalytics();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends no token of ours to another collector', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 200 }));
    startAnalytics(on({ ANALYTICS_HOST: 'https://collector.test' }), { apiBaseUrl: '', token: () => 'tok', fetch });
    track('page_view');
    await flushAnalytics();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://collector.test/v1/batch');
    expect((init.headers as Record<string, string>).authorization).toMatch(/^Basic /);
  });

  it('tracks clicks on elements with data-analytics-id, with optional JSON properties', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 200 }));
    startAnalytics(on(), { apiBaseUrl: '', token: () => undefined, fetch });
    document.body.innerHTML = `
      <a data-analytics-id="get_help" data-analytics-properties='{"from":"top_bar"}'><span id="inner">?</span></a>
      <button data-analytics-id="logo_click" data-analytics-properties="not json" id="logo">Z</button>
      <button id="plain">plain</button>`;
    document.getElementById('inner')!.click();
    document.getElementById('logo')!.click();
    document.getElementById('plain')!.click();
    await flushAnalytics();
    expect(
      bodies(fetch)
        .flatMap((b) => b.batch)
        .map((e) => [e.event, e.properties]),
    ).toEqual([
      ['get_help', { from: 'top_bar' }],
      ['logo_click', {}],
    ]);
  });

  it('logout tracks logout_completed and closes and flushes the queue before it resolves', async () => {
    let answer: (r: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    startAnalytics(on(), { apiBaseUrl: '', token: () => 'tok', fetch });
    track('submit_request');
    let done = false;
    const logout = logoutAnalytics().then(() => (done = true));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(done).toBe(false);
    expect(bodies(fetch)[0]!.batch.map((e) => e.event)).toEqual(['submit_request', 'logout_completed']);
    answer(new Response(null, { status: 200 }));
    await logout;
    expect(done).toBe(true);
  });

  it('sends web-analytics user properties user_okta_id and user_organization only with a measurement id', () => {
    startAnalytics(on(), { apiBaseUrl: '', token: () => undefined, fetch: vi.fn() });
    identify({ id: 'u-9' });
    expect((globalThis as { dataLayer?: unknown[] }).dataLayer).toBeUndefined();
    startAnalytics(on({ WEB_ANALYTICS_MEASUREMENT_ID: 'G-TEST' }), {
      apiBaseUrl: '',
      token: () => undefined,
      fetch: vi.fn(),
    });
    setAnalyticsOrganization({ id: 3, name: 'Acme' });
    identify({ id: 'u-9' });
    const commands = ((globalThis as { dataLayer?: IArguments[] }).dataLayer ?? []).map((args) => Array.from(args));
    expect(commands).toContainEqual(['config', 'G-TEST', { send_page_view: false }]);
    expect(commands).toContainEqual(['set', 'user_properties', { user_okta_id: 'u-9', user_organization: 'Acme' }]);
  });
});
