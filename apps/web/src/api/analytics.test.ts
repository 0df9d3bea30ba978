import { runtimeConfigSchema } from '@zview/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushAnalytics, startAnalytics, stopAnalytics, track } from './analytics';

const config = (extra: Record<string, unknown> = {}) =>
  runtimeConfigSchema.parse({ ENV: 'test', API_URL: 'http://app.test', OIDC_ISSUER: 'http://app.test/oidc', OIDC_CLIENT_ID: 'zview-web', SUPPORT_EMAIL: 's@x.test', ...extra });

afterEach(() => {
  stopAnalytics();
  vi.restoreAllMocks();
});

describe('the analytics wiring', () => {
  it('batches tracked events to our server with the bearer token and the write key', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 202 }));
    expect(startAnalytics(config({ ANALYTICS_ENABLED: 'true', ANALYTICS_WRITE_KEY: 'zview-web', ANALYTICS_PATH: '/analytics/events' }), { apiBaseUrl: '', token: () => 'tok', fetch })).toBe(true);
    track('submit_request', { location_type: 'address' });
    track('map_image_tab', { tab: 'oblique' });
    expect(fetch).not.toHaveBeenCalled(); // batched, not one request per event
    await flushAnalytics();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/analytics/events');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
    const body = JSON.parse(String(init.body));
    expect(body.writeKey).toBe('zview-web');
    expect(body.batch.map((e: { event: string; properties: unknown }) => [e.event, e.properties])).toEqual([
      ['submit_request', { location_type: 'address' }],
      ['map_image_tab', { tab: 'oblique' }],
    ]);
  });

  it('stays off when disabled, and warns when enabled without a write key', async () => {
    const fetch = vi.fn();
    expect(startAnalytics(config(), { apiBaseUrl: '', token: () => 'tok', fetch })).toBe(false);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(startAnalytics(config({ ANALYTICS_ENABLED: 'true' }), { apiBaseUrl: '', token: () => 'tok', fetch })).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('ANALYTICS_WRITE_KEY'));
    track('page_print');
    await flushAnalytics();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends no token of ours to another collector', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 200 }));
    startAnalytics(config({ ANALYTICS_ENABLED: 'true', ANALYTICS_WRITE_KEY: 'k', ANALYTICS_HOST: 'https://collector.test' }), { apiBaseUrl: '', token: () => 'tok', fetch });
    track('page_view');
    await flushAnalytics();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://collector.test/v1/batch');
    expect((init.headers as Record<string, string>).authorization).toBeUndefined();
  });
});
