import { ANALYTICS } from '@zview/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AnalyticsClient,
  backoff,
  OVERLAPPING_FLUSH_WARNING,
  rateLimitWait,
  type AnalyticsOptions,
  type Delivery,
} from './client.js';
import { startStubCollector } from './stub-server.js';

/**
 * The publisher's outcomes (SPEC §8), tested the way Segment tests its node publisher: fake
 * timers drive the flush interval, backoff and timeouts; a stub HTTP collector on 127.0.0.1
 * records what was sent and answers as each test scripts it. One test per outcome.
 */
let stub: Awaited<ReturnType<typeof startStubCollector>>;
let warn: ReturnType<typeof vi.fn<(text: string) => void>>;

beforeEach(async () => {
  stub = await startStubCollector();
  warn = vi.fn<(text: string) => void>();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(async () => {
  vi.useRealTimers();
  await stub.close();
});

const makeClient = (options: Partial<AnalyticsOptions> = {}) =>
  new AnalyticsClient({ writeKey: 'wk', host: stub.host, flushAt: 1, logger: { warn }, ...options });
/** Lets real I/O happen while fake time stands still. */
const settle = async (until: () => boolean, ms = 2000) => {
  const end = performance.now() + ms;
  while (!until() && performance.now() < end) await new Promise((resolve) => setImmediate(resolve));
};

describe('batching', () => {
  it('sends one batch when the flush size is reached, as { batch, writeKey, sentAt } with JSON, a user agent and write-key auth', async () => {
    const client = makeClient({ flushAt: 3 });
    const deliveries = [
      client.track({ event: 'submit_request', userId: 'u1', properties: { a: 1 } }),
      client.alias({ userId: 'u1', previousId: 'anon' }),
    ];
    await settle(() => false, 50);
    expect(stub.requests).toHaveLength(0);
    deliveries.push(client.identify({ userId: 'u1', traits: { email: 'e@x.test' } }));
    const results = await Promise.all(deliveries);
    expect(stub.requests).toHaveLength(1);
    const [request] = stub.requests;
    expect(request!.url).toBe('/v1/batch');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['user-agent']).toMatch(/^@zview\/analytics\/4\.10\.1/);
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from('wk:').toString('base64')}`);
    expect(request!.body.writeKey).toBe('wk');
    expect(new Date(request!.body.sentAt).toISOString()).toBe(request!.body.sentAt);
    expect(request!.body.batch.map((m) => m.type)).toEqual(['track', 'alias', 'identify']);
    expect(request!.body.batch[0]).toMatchObject({
      event: 'submit_request',
      userId: 'u1',
      properties: { a: 1 },
      messageId: expect.any(String),
      timestamp: expect.any(String),
    });
    expect(results.every((r) => r.failed === undefined)).toBe(true);
  });

  it('sends what is queued when the flush interval (10,000 ms) elapses', async () => {
    const client = makeClient({ flushAt: 15 });
    const delivery = client.page({ name: 'home', anonymousId: 'a' });
    await vi.advanceTimersByTimeAsync(ANALYTICS.flushIntervalMs - 1);
    expect(stub.requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect((await delivery).failed).toBeUndefined();
    expect(stub.requests).toHaveLength(1);
    expect(client.flushInterval).toBe(10_000);
    expect(client.flushAt).toBe(15);
  });

  it('sends on flush(), every message type, and never flushes fewer than 1 at a time', async () => {
    const client = makeClient({ flushAt: 15 });
    client.group({ groupId: '7', anonymousId: 'a' });
    client.screen({ name: 'map', anonymousId: 'a' });
    await client.flush();
    expect(stub.requests[0]!.body.batch.map((m) => m.type)).toEqual(['group', 'screen']);
    expect(new AnalyticsClient({ writeKey: 'k', host: '', flushAt: 0 }).flushAt).toBe(1);
    expect(new AnalyticsClient({ writeKey: 'k', host: '' }).url).toBe('/v1/batch');
  });

  it('drops a message over 32 KB with a warning, and cuts batches before 480 KB', async () => {
    const client = makeClient({ flushAt: 100 });
    const failures: Delivery[][] = [];
    client.on('delivery_failure', (deliveries) => failures.push(deliveries));
    const dropped = await client.track({
      event: 'big',
      anonymousId: 'a',
      properties: { blob: 'x'.repeat(ANALYTICS.maxEventBytes) },
    });
    expect(dropped.failed?.message).toMatch(/32 KB/);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('32 KB'));
    expect(failures).toHaveLength(1);
    for (let i = 0; i < 40; i++)
      client.track({ event: 'e', anonymousId: 'a', properties: { blob: 'y'.repeat(30 * 1024) } });
    await client.flush();
    expect(stub.requests.length).toBeGreaterThanOrEqual(3);
    expect(stub.requests.every((r) => r.bytes <= ANALYTICS.maxBatchBytes)).toBe(true);
    expect(stub.requests.reduce((n, r) => n + r.body.batch.length, 0)).toBe(40);
  });
});

describe('send outcomes (SPEC §8)', () => {
  it('2xx is success', async () => {
    stub.answer({ status: 202 });
    const delivery = await makeClient().track({ event: 'ok', anonymousId: 'a' });
    expect(delivery.failed).toBeUndefined();
    expect(stub.requests).toHaveLength(1);
  });

  it('400 without token auth fails at once, without retry, and marks the events as failed delivery', async () => {
    stub.answer({ status: 400 });
    const client = makeClient();
    const failed = vi.fn();
    client.on('delivery_failure', failed);
    const delivery = await client.track({ event: 'bad', anonymousId: 'a' });
    expect(delivery.failed?.message).toContain('[400]');
    expect(stub.requests).toHaveLength(1);
    expect(failed).toHaveBeenCalledWith(
      [expect.objectContaining({ message: expect.objectContaining({ event: 'bad' }) })],
      expect.any(Error),
    );
  });

  it('429 waits for the rate-limit reset header before retrying', async () => {
    const resetAt = Date.now() + 5000;
    stub.answer({ status: 429, headers: { 'x-ratelimit-reset': String(resetAt) } });
    const pending = makeClient().track({ event: 'limited', anonymousId: 'a' });
    await settle(() => stub.requests.length === 1);
    await vi.advanceTimersByTimeAsync(4990);
    expect(stub.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10);
    expect((await pending).failed).toBeUndefined();
    expect(stub.requests).toHaveLength(2);
    expect(stub.requests[1]!.headers['x-retry-count']).toBe('1');
    expect(rateLimitWait(new Headers({ 'x-ratelimit-reset': '3' }))).toBe(3000);
    expect(rateLimitWait(new Headers({ 'retry-after': '2' }))).toBe(2000);
  });

  it('other statuses are retried up to maxRetries (3) with backoff of 25 to 1000 ms, then fail', async () => {
    stub.answer({ status: 500 }, { status: 502 }, { status: 503 }, { status: 500 });
    const client = makeClient();
    const failed = vi.fn();
    client.on('delivery_failure', failed);
    const pending = client.track({ event: 'flaky', anonymousId: 'a' });
    for (let attempt = 1; attempt <= 4; attempt++) {
      await settle(() => stub.requests.length === attempt);
      expect(stub.requests).toHaveLength(attempt);
      await vi.advanceTimersByTimeAsync(ANALYTICS.retryBackoffMaxMs);
    }
    const delivery = await pending;
    expect(delivery.failed?.message).toContain('[500]');
    expect(stub.requests).toHaveLength(ANALYTICS.maxRetries + 1);
    expect(new Set(stub.requests.map((r) => r.body.batch[0]!.messageId)).size).toBe(1);
    expect(failed).toHaveBeenCalledTimes(1);
    for (let attempt = 1; attempt < 10; attempt++) {
      expect(backoff(attempt, () => 0)).toBeGreaterThanOrEqual(25);
      expect(backoff(attempt, () => 0.999)).toBeLessThanOrEqual(1000);
    }
  });

  it('a retried status then 2xx succeeds', async () => {
    stub.answer({ status: 503 });
    const pending = makeClient().track({ event: 'once', anonymousId: 'a' });
    await settle(() => stub.requests.length === 1);
    await vi.advanceTimersByTimeAsync(ANALYTICS.retryBackoffMaxMs);
    expect((await pending).failed).toBeUndefined();
    expect(stub.requests).toHaveLength(2);
  });

  it('a timeout (10,000 ms) is retried like a failed status', async () => {
    stub.answer('hang');
    const pending = makeClient().track({ event: 'slow', anonymousId: 'a' });
    await settle(() => stub.requests.length === 1);
    await vi.advanceTimersByTimeAsync(ANALYTICS.requestTimeoutMs - 1);
    expect(stub.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1 + ANALYTICS.retryBackoffMaxMs);
    await settle(() => stub.requests.length === 2);
    expect((await pending).failed).toBeUndefined();
  });

  it('a network error is retried, then marked failed', async () => {
    const host = stub.host;
    await stub.close();
    const client = new AnalyticsClient({ writeKey: 'wk', host, flushAt: 1, maxRetries: 1, logger: { warn } });
    const pending = client.track({ event: 'offline', anonymousId: 'a' });
    let done: Delivery | undefined;
    void pending.then((d) => (done = d));
    for (let i = 0; i < 20 && !done; i++) {
      await settle(() => false, 20);
      await vi.advanceTimersByTimeAsync(ANALYTICS.retryBackoffMaxMs);
    }
    expect(done?.failed).toBeInstanceOf(Error);
    stub = await startStubCollector();
  });

  it.each([400, 401, 403])('with token auth, %i clears the token and retries', async (status) => {
    stub.answer({ status });
    let token = 'first';
    const clearToken = vi.fn(() => (token = 'second'));
    const pending = makeClient({ tokenAuth: { getToken: () => token, clearToken } }).track({
      event: 't',
      anonymousId: 'a',
    });
    await settle(() => stub.requests.length === 1);
    expect(stub.requests[0]!.headers.authorization).toBe('Bearer first');
    await vi.advanceTimersByTimeAsync(ANALYTICS.retryBackoffMaxMs);
    expect((await pending).failed).toBeUndefined();
    expect(clearToken).toHaveBeenCalledTimes(1);
    expect(stub.requests[1]!.headers.authorization).toBe('Bearer second');
  });

  it('overlapping flush calls give a console warning', async () => {
    stub.answer('hang');
    const client = makeClient({ flushAt: 15 });
    client.track({ event: 'x', anonymousId: 'a' });
    const first = client.flush();
    const second = client.flush();
    expect(warn).toHaveBeenCalledWith(OVERLAPPING_FLUSH_WARNING);
    await vi.advanceTimersByTimeAsync(ANALYTICS.requestTimeoutMs + ANALYTICS.retryBackoffMaxMs);
    await settle(() => stub.requests.length === 2);
    await Promise.all([first, second]);
  });

  it('closeAndFlush waits at most 1.25 × the flush interval, then drops later messages', async () => {
    stub.answer('hang', 'hang', 'hang', 'hang');
    const client = makeClient({ flushAt: 15, httpRequestTimeout: 60_000 });
    client.track({ event: 'late', anonymousId: 'a' });
    let closed = false;
    void client.closeAndFlush().then(() => (closed = true));
    await settle(() => stub.requests.length === 1);
    await vi.advanceTimersByTimeAsync(ANALYTICS.flushIntervalMs * 1.25 - 1);
    expect(closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(closed).toBe(true);
    const after = await client.track({ event: 'after-close', anonymousId: 'a' });
    expect(after.failed?.message).toMatch(/closed/);
  });
});
