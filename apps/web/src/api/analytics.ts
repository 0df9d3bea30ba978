import type { AnalyticsClient, AnalyticsOptions } from '@zview/analytics';
import {
  ANALYTICS_ID_ATTRIBUTE,
  ANALYTICS_PROPERTIES_ATTRIBUTE,
  SESSION_STORAGE_KEYS,
  type RuntimeConfig,
  type TrackedEventName,
} from '@zview/contracts';
import { whenFirstPageShown } from '../ui/firstPage';

/**
 * Product analytics of the web app (SPEC §7 "Analytics"). The stable API every feature uses:
 *
 *     track('submit_request', { location_type: 'address' });
 *
 * Names are TrackedEventName (contracts TRACKED_EVENTS, or any zorro_* name); properties are a
 * small JSON object. Calls never throw and cost nothing when analytics is off. Also here:
 * identify/group of the signed-in user and organisation (called by the session), page views
 * (called on route changes), click tracking of elements carrying data-analytics-id, web-analytics
 * user properties, and the close-and-flush of logout. Listeners (onTrack) see every event whether
 * or not analytics is on (tests subscribe to assert what was tracked).
 *
 * `startAnalytics` (boot) wires the Segment client of packages/analytics: by default to this
 * server's collector (POST {API}/v1/batch) with the write key, and — token auth — the signed-in
 * user's bearer token, so events are attributed to the user and organisation the server knows.
 */
export type TrackProperties = Record<string, unknown>;
export type TrackListener = (event: TrackedEventName, properties: TrackProperties) => void;

/** The Segment client's module: not part of the first page's JavaScript (issue 45). */
export const loadAnalyticsClient = () => import('@zview/analytics');

/**
 * The Segment client, created once its module is here. The module loads after the first page has
 * shown (ui/firstPage.ts), or at once when a flush asks for it (logout, leaving the page); a call
 * made before then waits for it, in the order made (each message carries the time it was made).
 */
class DeferredClient {
  private loaded: AnalyticsClient | undefined;
  private readonly ready: Promise<AnalyticsClient>;
  private loadNow: () => void = () => undefined;

  constructor(options: AnalyticsOptions) {
    const asked = new Promise<void>((resolve) => (this.loadNow = resolve));
    this.ready = Promise.race([whenFirstPageShown(), asked])
      .then(loadAnalyticsClient)
      .then((module) => (this.loaded = new module.AnalyticsClient(options)));
  }

  /** Runs `call` with the client now, or once it is here; `urgent` loads it now (a flush). */
  run(call: (client: AnalyticsClient) => unknown, urgent = false): Promise<unknown> {
    if (this.loaded) return Promise.resolve(call(this.loaded));
    if (urgent) this.loadNow();
    return this.ready.then(call);
  }
}

const listeners = new Set<TrackListener>();
let client: DeferredClient | undefined;
let clientOptions: AnalyticsOptions | undefined;
let webAnalytics: WebAnalytics | undefined;
let userId: string | undefined;
let organization: { id: number; name: string } | undefined;
let loggingOut: Promise<void> | undefined;
const anonymousId = globalThis.crypto?.randomUUID?.() ?? `anon-${Date.now()}`;

/** Subscribes to every tracked event; returns the unsubscriber. */
export function onTrack(listener: TrackListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function context(): Record<string, unknown> {
  const location = globalThis.location;
  return {
    ...(organization ? { groupId: String(organization.id) } : {}),
    ...(sessionId() ? { sessionId: sessionId() } : {}),
    ...(location
      ? {
          page: {
            path: location.pathname,
            url: location.href,
            title: globalThis.document?.title,
            referrer: globalThis.document?.referrer,
          },
        }
      : {}),
  };
}

const sessionId = () => {
  try {
    return globalThis.sessionStorage?.getItem(SESSION_STORAGE_KEYS.sessionId) ?? undefined;
  } catch {
    return undefined;
  }
};

const common = () => ({ anonymousId, ...(userId ? { userId } : {}), timestamp: new Date(), context: context() });

/** Tracks one event (SPEC §7 tracked event names). */
export function track(event: TrackedEventName, properties: TrackProperties = {}): void {
  send((segment, message) => segment.track(message), { ...common(), event, properties });
  safely(() => webAnalytics?.event(event, properties));
  listeners.forEach((listener) => safely(() => listener(event, properties)));
}

/** page_view of the current route (called on every route change). */
export function trackPageView(path: string = globalThis.location?.pathname ?? '/'): void {
  track('page_view', { path, title: globalThis.document?.title });
}

/** The app identifies the signed-in user by id with traits email, firstName, lastName (SPEC §7). */
export function identify(user: { id: string; email?: string; firstName?: string; lastName?: string }): void {
  if (userId === user.id) return;
  userId = user.id;
  send((segment, message) => segment.identify(message), {
    ...common(),
    traits: { email: user.email, firstName: user.firstName, lastName: user.lastName },
  });
  safely(() => webAnalytics?.userProperties({ user_okta_id: user.id, user_organization: organization?.name ?? null }));
}

/** The organisation acted for: a group call, and the groupId of every later message's context. */
export function setAnalyticsOrganization(next: { id: number; name: string } | null): void {
  const changed = next?.id !== organization?.id;
  organization = next ?? undefined;
  if (!next || !changed) return;
  send((segment, message) => segment.group(message), {
    ...common(),
    groupId: String(next.id),
    traits: { name: next.name },
  });
  safely(() => webAnalytics?.userProperties({ user_okta_id: userId ?? null, user_organization: next.name }));
}

/** Sends what is queued now (before the page goes away). */
export async function flushAnalytics(): Promise<void> {
  try {
    await client?.run((segment) => segment.flush(), true);
  } catch {
    // A lost batch is not the user's problem.
  }
}

/**
 * Logout (SPEC §4): logout_completed is tracked and the queue closed and flushed (waiting at
 * most 1.25 × the flush interval) while the access token is still valid; the session is cleared
 * after this resolves. A fresh, anonymous client then takes over. Calling it twice is harmless.
 */
export function logoutAnalytics(): Promise<void> {
  loggingOut ??= (async () => {
    track('logout_completed');
    try {
      await client?.run((segment) => segment.closeAndFlush(), true);
    } catch {
      // Nothing to do: the events are marked failed by the client.
    }
    userId = undefined;
    organization = undefined;
    if (clientOptions) client = new DeferredClient(clientOptions);
  })().finally(() => (loggingOut = undefined));
  return loggingOut;
}

/** Hands a message (built now, with its time) to the client, now or once it is here. */
function send<M>(call: (segment: AnalyticsClient, message: M) => unknown, message: M) {
  safely(() => void client?.run((segment) => call(segment, message)).catch(() => undefined));
}

function safely(run: () => void) {
  try {
    run();
  } catch {
    // Analytics must never break the page.
  }
}

export interface AnalyticsWiring {
  /** The API's base ('' for same origin): our collector is `${apiBaseUrl}/v1/batch`. */
  apiBaseUrl: string;
  token: () => string | undefined;
  fetch?: typeof fetch;
}

/**
 * Starts analytics from the runtime configuration (SPEC §5): off when ANALYTICS_ENABLED is
 * false; enabled without ANALYTICS_WRITE_KEY is a warning and off. Web analytics (user
 * properties, events) only with WEB_ANALYTICS_MEASUREMENT_ID, else skipped. Returns whether
 * the Segment client runs.
 */
export function startAnalytics(config: RuntimeConfig, wiring: AnalyticsWiring): boolean {
  stopAnalytics();
  webAnalytics = config.WEB_ANALYTICS_MEASUREMENT_ID
    ? gtagWebAnalytics(config.WEB_ANALYTICS_MEASUREMENT_ID)
    : undefined;
  if (!config.ANALYTICS_ENABLED) return false;
  if (!config.ANALYTICS_WRITE_KEY) {
    console.warn('Analytics is enabled but ANALYTICS_WRITE_KEY is not set: analytics is off.');
    return false;
  }
  const ours = !config.ANALYTICS_HOST;
  clientOptions = {
    writeKey: config.ANALYTICS_WRITE_KEY,
    host: config.ANALYTICS_HOST ?? wiring.apiBaseUrl,
    path: config.ANALYTICS_PATH,
    // Token auth with our own collector; another collector gets no token of ours.
    tokenAuth: ours ? { getToken: wiring.token } : undefined,
    fetch: wiring.fetch,
    keepalive: true,
  };
  client = new DeferredClient(clientOptions);
  globalThis.addEventListener?.('pagehide', onPageHide);
  globalThis.document?.addEventListener('click', onClick, true);
  return true;
}

const onPageHide = () => void flushAnalytics();

/**
 * Click tracking (SPEC §7): a click on (or inside) an element with data-analytics-id sends that
 * event, with the JSON object of data-analytics-properties when it parses.
 */
function onClick(event: Event) {
  const target = event.target instanceof Element ? event.target.closest(`[${ANALYTICS_ID_ATTRIBUTE}]`) : null;
  const name = target?.getAttribute(ANALYTICS_ID_ATTRIBUTE)?.trim();
  if (!target || !name) return;
  let properties: TrackProperties = {};
  const raw = target.getAttribute(ANALYTICS_PROPERTIES_ATTRIBUTE);
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) properties = parsed as TrackProperties;
    } catch {
      // Properties that do not parse are left out; the event is still sent.
    }
  }
  track(name as TrackedEventName, properties);
}

export function stopAnalytics(): void {
  globalThis.removeEventListener?.('pagehide', onPageHide);
  globalThis.document?.removeEventListener('click', onClick, true);
  client = undefined;
  clientOptions = undefined;
  webAnalytics = undefined;
  userId = undefined;
  organization = undefined;
}

interface WebAnalytics {
  userProperties(properties: { user_okta_id: string | null; user_organization: string | null }): void;
  event(name: string, properties: TrackProperties): void;
}

type Gtag = (...args: unknown[]) => void;

/**
 * Web analytics through the gtag command queue (window.dataLayer): the measurement id is
 * configured, the user properties user_okta_id and user_organization set, and events sent. The
 * deployment that wants them delivered loads its tag script; nothing here reaches the network.
 */
function gtagWebAnalytics(measurementId: string): WebAnalytics {
  const w = globalThis as unknown as { dataLayer?: unknown[]; gtag?: Gtag };
  w.dataLayer ??= [];
  const gtag: Gtag =
    w.gtag ??
    function gtag() {
      // gtag's contract: the arguments object itself is queued.
      // eslint-disable-next-line prefer-rest-params
      w.dataLayer!.push(arguments);
    };
  w.gtag = gtag;
  gtag('js', new Date());
  gtag('config', measurementId, { send_page_view: false });
  return {
    userProperties: (properties) => gtag('set', 'user_properties', properties),
    event: (name, properties) => gtag('event', name, { ...properties, send_to: measurementId }),
  };
}
