/**
 * Product analytics seam (SPEC §7 tracked events). Pages call `track(event, properties)`; the
 * analytics client (packages/analytics) is wired in later through `setAnalyticsSink`. Until then
 * events go to the listeners only (tests subscribe to assert what was tracked).
 */
export type TrackProperties = Record<string, unknown>;
export type TrackSink = (event: string, properties: TrackProperties) => void;

let sink: TrackSink | undefined;
const listeners = new Set<TrackSink>();

export function setAnalyticsSink(next: TrackSink | undefined): void {
  sink = next;
}

/** Subscribes to every tracked event; returns the unsubscriber. */
export function onTrack(listener: TrackSink): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function track(event: string, properties: TrackProperties = {}): void {
  try {
    sink?.(event, properties);
  } catch {
    // Analytics must never break the page.
  }
  listeners.forEach((listener) => listener(event, properties));
}
