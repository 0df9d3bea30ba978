import { describe, expect, it, vi } from 'vitest';
import { AnalyticsClient } from './client.js';

describe('AnalyticsClient', () => {
  it('sends a batch when the flush size is reached', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 200 }));
    const client = new AnalyticsClient({ writeKey: 'k', host: 'http://127.0.0.1:1', flushSize: 2, fetch });
    client.enqueue({ type: 'track', event: 'page_view' });
    expect(fetch).not.toHaveBeenCalled();
    client.enqueue({ type: 'track', event: 'logout_completed' });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:1/v1/batch');
    const body = JSON.parse(String(init.body));
    expect(body.writeKey).toBe('k');
    expect(body.batch.map((e: { event: string }) => e.event)).toEqual(['page_view', 'logout_completed']);
    expect(client.pending).toBe(0);
  });

  it('sends the bearer token when token auth is configured', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 202 }));
    const client = new AnalyticsClient({ writeKey: 'k', host: 'http://127.0.0.1:1/api', path: '/analytics/events', flushSize: 1, fetch, token: () => 'tok' });
    client.enqueue({ type: 'track', event: 'page_print' });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:1/api/analytics/events');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });
});
