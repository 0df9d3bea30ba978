import { AnalyticsClient, type AnalyticsEvent } from '@zview/analytics';
import { ANALYTICS_EVENTS_PATH, type RuntimeConfig, type TrackedEventName } from '@zview/contracts';

/**
 * Product analytics (SPEC §7): the one `track(event, properties)` of the web app. Event names come
 * from contracts (TRACKED_EVENTS). `startAnalytics` (called once at boot) wires the batching client
 * of packages/analytics, which posts to POST /api/analytics/events on our server by default (or to
 * ANALYTICS_HOST + ANALYTICS_PATH) with the signed-in user's bearer token. Listeners see every
 * event whether or not analytics is on (tests subscribe to assert what was tracked).
 */
export type TrackProperties = Record<string, unknown>;
export type TrackListener = (event: TrackedEventName, properties: TrackProperties) => void;
type Message = Omit<AnalyticsEvent, 'timestamp'>;

const listeners = new Set<TrackListener>();
let client: AnalyticsClient | undefined;
const anonymousId = globalThis.crypto?.randomUUID?.() ?? `anon-${Date.now()}`;

/** Subscribes to every tracked event; returns the unsubscriber. */
export function onTrack(listener: TrackListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function track(event: TrackedEventName, properties: TrackProperties = {}): void {
  enqueue({ type: 'track', event, properties });
  listeners.forEach((listener) => listener(event, properties));
}

/** The app identifies the signed-in user by id with traits email, firstName, lastName. */
export function identify(user: { id: string; email?: string; firstName?: string; lastName?: string }): void {
  enqueue({ type: 'identify', userId: user.id, traits: { email: user.email, firstName: user.firstName, lastName: user.lastName } });
}

function enqueue(message: Message): void {
  try {
    client?.enqueue({ anonymousId, ...message });
  } catch {
    // Analytics must never break the page.
  }
}

/** Sends what is queued now (before the access token is revoked at logout, or the page closes). */
export async function flushAnalytics(): Promise<void> {
  try {
    await client?.flush();
  } catch {
    // A lost batch is not the user's problem.
  }
}

export interface AnalyticsWiring {
  /** The API's base ('' for same origin): our collector is `${apiBaseUrl}/api/analytics/events`. */
  apiBaseUrl: string;
  token: () => string | undefined;
  fetch?: typeof fetch;
}

/**
 * Starts the analytics client from the runtime configuration; false when analytics is off
 * (ANALYTICS_ENABLED false, or enabled without a write key: a warning, SPEC §5).
 */
export function startAnalytics(config: RuntimeConfig, wiring: AnalyticsWiring): boolean {
  stopAnalytics();
  if (!config.ANALYTICS_ENABLED) return false;
  if (!config.ANALYTICS_WRITE_KEY) {
    console.warn('Analytics is enabled but ANALYTICS_WRITE_KEY is not set: analytics is off.');
    return false;
  }
  const ours = !config.ANALYTICS_HOST;
  client = new AnalyticsClient({
    writeKey: config.ANALYTICS_WRITE_KEY,
    host: config.ANALYTICS_HOST ?? `${wiring.apiBaseUrl}/api`,
    path: config.ANALYTICS_PATH ?? (ours ? ANALYTICS_EVENTS_PATH : undefined),
    // Our collector knows the user from the token; another collector gets no token of ours.
    token: ours ? wiring.token : undefined,
    fetch: wiring.fetch,
    keepalive: true,
  });
  globalThis.addEventListener?.('pagehide', onPageHide);
  return true;
}

const onPageHide = () => void flushAnalytics();

export function stopAnalytics(): void {
  globalThis.removeEventListener?.('pagehide', onPageHide);
  client = undefined;
}
