/**
 * TODO(shell): analytics stand-in. The shell wires @zview/analytics; until then tracked events
 * are recorded here (and visible in tests) so the call sites already exist.
 */
export type TrackedEvent = { event: string; properties?: Record<string, unknown> };
export const trackedEvents: TrackedEvent[] = [];

const KEPT_EVENTS = 50;

export function track(event: string, properties?: Record<string, unknown>): void {
  trackedEvents.push({ event, properties });
  if (trackedEvents.length > KEPT_EVENTS) trackedEvents.splice(0, trackedEvents.length - KEPT_EVENTS);
}
