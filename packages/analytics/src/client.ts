import { ANALYTICS } from '@zview/contracts';

export type MessageType = 'alias' | 'group' | 'identify' | 'page' | 'screen' | 'track';

export interface AnalyticsEvent {
  type: MessageType;
  event?: string;
  anonymousId?: string;
  userId?: string;
  properties?: Record<string, unknown>;
  traits?: Record<string, unknown>;
  timestamp: string;
}

export interface AnalyticsOptions {
  writeKey: string;
  host: string;
  path?: string;
  flushSize?: number;
  flushIntervalMs?: number;
  fetch?: typeof fetch;
  /** Token auth: sent as a bearer Authorization header when it returns a token. */
  token?: () => string | undefined;
  /** keepalive requests survive the page being closed (browser flush on pagehide). */
  keepalive?: boolean;
}

/**
 * A small batching client: events queue until the flush size is reached, the interval elapses,
 * or flush() is called. (Retries, rate limits and token auth are added with the analytics issue.)
 */
export class AnalyticsClient {
  private queue: AnalyticsEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly flushSize: number;

  constructor(private readonly options: AnalyticsOptions) {
    this.flushSize = Math.max(ANALYTICS.minFlushSize, options.flushSize ?? ANALYTICS.flushSize);
  }

  enqueue(event: Omit<AnalyticsEvent, 'timestamp'>): void {
    this.queue.push({ ...event, timestamp: new Date().toISOString() });
    if (this.queue.length >= this.flushSize) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.flushIntervalMs ?? ANALYTICS.flushIntervalMs);
  }

  get pending(): number {
    return this.queue.length;
  }

  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue.splice(0);
    if (batch.length === 0) return;
    const send = this.options.fetch ?? fetch;
    const token = this.options.token?.();
    await send(`${this.options.host}${this.options.path ?? ANALYTICS.defaultPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ batch, writeKey: this.options.writeKey, sentAt: new Date().toISOString() }),
      ...(this.options.keepalive ? { keepalive: true } : {}),
    });
  }
}
