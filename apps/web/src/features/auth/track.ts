/**
 * TODO(shell): analytics stand-in. The shell wires @zview/analytics; until then tracked events
 * are recorded here (and visible in tests) so the call sites already exist.
 */
export type TrackedEvent = { event: string; properties?: Record<string, unknown> };
export const trackedEvents: TrackedEvent[] = [];

export function track(event: string, properties?: Record<string, unknown>): void {
  trackedEvents.push({ event, properties });
}
