import type { TrackedEventName } from '@zview/contracts';
import { afterAll } from 'vitest';
import { onTrack, type TrackProperties } from '../src/api/analytics';

/** Records every event tracked while this test file runs (the app's one analytics seam). */
export function recordTracking(): { event: TrackedEventName; properties: TrackProperties }[] {
  const events: { event: TrackedEventName; properties: TrackProperties }[] = [];
  afterAll(onTrack((event, properties) => events.push({ event, properties })));
  return events;
}
