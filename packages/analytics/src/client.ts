import { ANALYTICS, APP_VERSION } from '@zview/contracts';

/**
 * The Segment batch protocol client (SPEC §4 "Analytics batching", §7 "Analytics", §8 outcomes,
 * §9 constants), for the browser and for node. Messages queue until the flush size is reached,
 * the flush interval elapses, or flush() is called; a batch is POSTed to {host}{path} as
 * { batch, writeKey, sentAt }. Each message call resolves (never rejects) with its delivery:
 * `failed` is set when it could not be delivered, and 'delivery_failure' is emitted.
 */
export type MessageType = 'alias' | 'group' | 'identify' | 'page' | 'screen' | 'track';

export interface SegmentMessage {
  type: MessageType;
  messageId: string;
  timestamp: string;
  userId?: string;
  anonymousId?: string;
  event?: string;
  name?: string;
  category?: string;
  groupId?: string;
  previousId?: string;
  properties?: Record<string, unknown>;
  traits?: Record<string, unknown>;
  context?: Record<string, unknown>;
  integrations?: Record<string, unknown>;
}

/** Fields every call accepts (Segment's common fields). */
export interface CommonFields {
  userId?: string;
  anonymousId?: string;
  messageId?: string;
  timestamp?: Date | string;
  context?: Record<string, unknown>;
  integrations?: Record<string, unknown>;
}
export type TrackParams = CommonFields & { event: string; properties?: Record<string, unknown> };
export type PageParams = CommonFields & { name?: string; category?: string; properties?: Record<string, unknown> };
export type IdentifyParams = CommonFields & { traits?: Record<string, unknown> };
export type GroupParams = CommonFields & { groupId: string; traits?: Record<string, unknown> };
export type AliasParams = CommonFields & { userId: string; previousId: string };

export interface Delivery {
  message: SegmentMessage;
  /** Set when the message was not delivered (dropped, refused, or retries exhausted). */
  failed?: Error;
}

/** Token auth: a bearer token replaces Basic write-key auth; a refused token is cleared (not sent again). */
export interface TokenAuth {
  getToken: () => string | undefined | Promise<string | undefined>;
  /** Called when the collector refuses the token (400, 401, 403). */
  clearToken?: () => void;
}

export interface AnalyticsOptions {
  writeKey: string;
  /** Origin (and prefix) of the collector, e.g. https://collector.example or '' for this page's origin. */
  host: string;
  /** Default /v1/batch. */
  path?: string;
  /** Messages per batch (default 15, at least 1). */
  flushAt?: number;
  /** Milliseconds a message may wait before its batch is sent (default 10,000). */
  flushInterval?: number;
  /** Retries after the first attempt (default 3). */
  maxRetries?: number;
  /** Milliseconds before a request is abandoned (default 10,000). */
  httpRequestTimeout?: number;
  tokenAuth?: TokenAuth;
  userAgent?: string;
  fetch?: typeof fetch;
  /** keepalive requests survive the page being closed (browser). */
  keepalive?: boolean;
  /** Receives warnings (default console). */
  logger?: Pick<Console, 'warn'>;
}

export interface AnalyticsEvents {
  delivery_failure: (deliveries: Delivery[], reason: Error) => void;
  http_request: (request: { url: string; headers: Record<string, string>; body: string; attempt: number }) => void;
  http_response: (response: { url: string; status: number }) => void;
}
type Listeners = { [K in keyof AnalyticsEvents]: Set<AnalyticsEvents[K]> };

interface Pending {
  message: SegmentMessage;
  bytes: number;
  resolve: (delivery: Delivery) => void;
}

const LIBRARY = { name: '@zview/analytics', version: APP_VERSION };
const encoder = new TextEncoder();
const byteLength = (value: string) => encoder.encode(value).length;
/** Room for `{"batch":[...],"writeKey":"…","sentAt":"…"}` around the messages. */
const ENVELOPE_BYTES = 1024;

export const OVERLAPPING_FLUSH_WARNING =
  'Overlapping flush calls detected: wait for the previous flush to finish before calling flush again.';

/** Exponential backoff with jitter, between the SPEC's 25 and 1000 ms. */
export function backoff(attempt: number, random: () => number = Math.random): number {
  const raw = ANALYTICS.retryBackoffMinMs * 2 ** Math.max(0, attempt - 1) * (1 + random());
  return Math.round(Math.min(ANALYTICS.retryBackoffMaxMs, Math.max(ANALYTICS.retryBackoffMinMs, raw)));
}

/**
 * Milliseconds to wait after a 429: `x-ratelimit-reset` (epoch milliseconds or seconds, or
 * seconds from now), else `retry-after` (seconds); undefined when neither is usable.
 */
export function rateLimitWait(headers: Headers, now: number = Date.now()): number | undefined {
  const reset = Number(headers.get('x-ratelimit-reset'));
  if (headers.get('x-ratelimit-reset') !== null && Number.isFinite(reset) && reset >= 0) {
    if (reset > 1e12) return Math.max(0, reset - now);
    if (reset > 1e9) return Math.max(0, reset * 1000 - now);
    return reset * 1000;
  }
  const after = Number(headers.get('retry-after'));
  if (headers.get('retry-after') !== null && Number.isFinite(after) && after >= 0) return after * 1000;
  return undefined;
}

/** Longest wait a rate-limit header may impose before the batch is retried. */
const MAX_RATE_LIMIT_WAIT_MS = 60_000;

export class AnalyticsClient {
  private queue: Pending[] = [];
  private queueBytes = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private flushing = false;
  private closed = false;
  private readonly rejectedTokens = new Set<string>();
  private readonly listeners: Listeners = {
    delivery_failure: new Set(),
    http_request: new Set(),
    http_response: new Set(),
  };
  readonly flushAt: number;
  readonly flushInterval: number;
  readonly maxRetries: number;
  readonly httpRequestTimeout: number;
  readonly url: string;

  constructor(private readonly options: AnalyticsOptions) {
    this.flushAt = Math.max(ANALYTICS.minFlushSize, Math.floor(options.flushAt ?? ANALYTICS.flushSize));
    this.flushInterval = options.flushInterval ?? ANALYTICS.flushIntervalMs;
    this.maxRetries = Math.max(0, options.maxRetries ?? ANALYTICS.maxRetries);
    this.httpRequestTimeout = options.httpRequestTimeout ?? ANALYTICS.requestTimeoutMs;
    this.url = `${options.host.replace(/\/$/, '')}${options.path ?? ANALYTICS.defaultPath}`;
  }

  on<K extends keyof AnalyticsEvents>(name: K, listener: AnalyticsEvents[K]): () => void {
    (this.listeners[name] as Set<AnalyticsEvents[K]>).add(listener);
    return () => (this.listeners[name] as Set<AnalyticsEvents[K]>).delete(listener);
  }

  private emit<K extends keyof AnalyticsEvents>(name: K, ...args: Parameters<AnalyticsEvents[K]>): void {
    for (const listener of this.listeners[name]) {
      try {
        (listener as (...a: Parameters<AnalyticsEvents[K]>) => void)(...args);
      } catch {
        // A listener's failure is not the client's.
      }
    }
  }

  track(params: TrackParams): Promise<Delivery> {
    const { event, properties, ...common } = params;
    return this.enqueue('track', common, { event, properties: properties ?? {} });
  }

  page(params: PageParams = {}): Promise<Delivery> {
    const { name, category, properties, ...common } = params;
    return this.enqueue('page', common, { name, category, properties: properties ?? {} });
  }

  screen(params: PageParams = {}): Promise<Delivery> {
    const { name, category, properties, ...common } = params;
    return this.enqueue('screen', common, { name, category, properties: properties ?? {} });
  }

  identify(params: IdentifyParams): Promise<Delivery> {
    const { traits, ...common } = params;
    return this.enqueue('identify', common, { traits: traits ?? {} });
  }

  group(params: GroupParams): Promise<Delivery> {
    const { groupId, traits, ...common } = params;
    return this.enqueue('group', common, { groupId, traits: traits ?? {} });
  }

  alias(params: AliasParams): Promise<Delivery> {
    const { previousId, ...common } = params;
    return this.enqueue('alias', common, { previousId });
  }

  /** Messages waiting for a batch. */
  get pending(): number {
    return this.queue.length;
  }

  private enqueue(type: MessageType, common: CommonFields, fields: Partial<SegmentMessage>): Promise<Delivery> {
    const { timestamp, messageId, context, ...rest } = common;
    const message = stripUndefined({
      ...rest,
      ...fields,
      type,
      messageId: messageId ?? randomId(),
      timestamp: timestamp instanceof Date ? timestamp.toISOString() : (timestamp ?? new Date().toISOString()),
      context: { ...context, library: LIBRARY },
    }) as SegmentMessage;
    if (this.closed)
      return Promise.resolve(this.drop(message, 'The analytics client is closed: the message was dropped.'));
    if (!message.userId && !message.anonymousId) message.anonymousId = randomId();
    let bytes: number;
    try {
      bytes = byteLength(JSON.stringify(message));
    } catch {
      return Promise.resolve(this.drop(message, 'An analytics message could not be serialised: it was dropped.'));
    }
    if (bytes > ANALYTICS.maxEventBytes) {
      return Promise.resolve(
        this.drop(
          message,
          `An analytics message is over the ${ANALYTICS.maxEventBytes / 1024} KB limit (${bytes} bytes): it was dropped.`,
        ),
      );
    }
    return new Promise((resolve) => {
      // A batch is cut before it would pass the batch limit.
      if (this.queueBytes + bytes + ENVELOPE_BYTES > ANALYTICS.maxBatchBytes) this.sendQueued();
      this.queue.push({ message, bytes, resolve });
      this.queueBytes += bytes;
      if (this.queue.length >= this.flushAt) this.sendQueued();
      else this.timer ??= setTimeout(() => this.sendQueued(), this.flushInterval);
    });
  }

  private drop(message: SegmentMessage, warning: string): Delivery {
    this.warn(warning);
    const delivery = { message, failed: new Error(warning) };
    this.emit('delivery_failure', [delivery], delivery.failed);
    return delivery;
  }

  private warn(text: string) {
    (this.options.logger ?? console).warn(text);
  }

  /** Takes the queue as one batch and sends it in the background. */
  private sendQueued(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue.splice(0);
    this.queueBytes = 0;
    if (batch.length === 0) return;
    const sending = this.send(batch).finally(() => this.inFlight.delete(sending));
    this.inFlight.add(sending);
  }

  /**
   * Sends what is queued and waits for every batch under way. A flush while another is still
   * running warns (SPEC §8) and waits for the same work rather than starting a second one.
   */
  async flush(): Promise<void> {
    if (this.flushing) {
      this.warn(OVERLAPPING_FLUSH_WARNING);
    }
    this.flushing = true;
    try {
      this.sendQueued();
      while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
    } finally {
      this.flushing = false;
    }
  }

  /**
   * Stops taking messages, sends what is queued, and waits for the deliveries, at most
   * `timeout` (default 1.25 × the flush interval). Later messages are dropped with a warning.
   */
  async closeAndFlush({
    timeout = this.flushInterval * ANALYTICS.closeAndFlushTimeoutFactor,
  }: { timeout?: number } = {}): Promise<void> {
    this.closed = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeout)));
    try {
      await Promise.race([this.flush(), timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async token(): Promise<string | undefined> {
    const token = await this.options.tokenAuth?.getToken();
    return token && !this.rejectedTokens.has(token) ? token : undefined;
  }

  private async send(batch: Pending[]): Promise<void> {
    const fetchFn = this.options.fetch ?? globalThis.fetch.bind(globalThis);
    let failure: Error = new Error('not sent');
    for (let attempt = 1; attempt <= this.maxRetries + 1; attempt++) {
      let wait = backoff(attempt);
      const token = await this.token().catch(() => undefined);
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'user-agent': this.options.userAgent ?? `${LIBRARY.name}/${LIBRARY.version}`,
        authorization: token ? `Bearer ${token}` : `Basic ${base64(`${this.options.writeKey}:`)}`,
        ...(attempt > 1 ? { 'x-retry-count': String(attempt - 1) } : {}),
      };
      const body = JSON.stringify({
        batch: batch.map((item) => item.message),
        writeKey: this.options.writeKey,
        sentAt: new Date().toISOString(),
      });
      this.emit('http_request', { url: this.url, headers, body, attempt });
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), this.httpRequestTimeout);
      try {
        const response = await fetchFn(this.url, {
          method: 'POST',
          headers,
          body,
          signal: controller.signal,
          ...(this.options.keepalive ? { keepalive: true } : {}),
        });
        this.emit('http_response', { url: this.url, status: response.status });
        // The body is not needed; release the connection.
        void response.body?.cancel().catch(() => {});
        if (response.status >= 200 && response.status < 300) {
          for (const item of batch) item.resolve({ message: item.message });
          return;
        }
        failure = new Error(`[${response.status}] ${response.statusText || 'analytics request refused'}`);
        if (token && (response.status === 400 || response.status === 401 || response.status === 403)) {
          // Token auth: the token is cleared and the batch retried.
          this.rejectedTokens.add(token);
          this.options.tokenAuth?.clearToken?.();
        } else if (response.status === 400) {
          break; // Malformed or too large: sending it again cannot help.
        } else if (response.status === 429) {
          const limited = rateLimitWait(response.headers);
          if (limited !== undefined) wait = Math.min(limited, MAX_RATE_LIMIT_WAIT_MS);
        }
      } catch (error) {
        failure = controller.signal.aborted
          ? new Error(`The analytics request timed out after ${this.httpRequestTimeout} ms`)
          : toError(error);
      } finally {
        clearTimeout(timer);
      }
      if (attempt <= this.maxRetries) await sleep(wait);
    }
    const deliveries = batch.map((item) => ({ message: item.message, failed: failure }));
    for (const [index, item] of batch.entries()) item.resolve(deliveries[index]!);
    this.emit('delivery_failure', deliveries, failure);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const toError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

function randomId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function base64(text: string): string {
  return btoa(String.fromCharCode(...encoder.encode(text)));
}

function stripUndefined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
