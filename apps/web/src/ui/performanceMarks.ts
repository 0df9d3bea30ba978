import { useEffect } from 'react';

/**
 * User-timing marks the first-frame benchmark (bench/first-frame.ts) reads with
 * performance.getEntriesByName: when a property's scores are on screen, when its map has loaded
 * its style and when it first settled with every image drawn; the book map's steps likewise
 * (bench/dashboard-first-paint.ts).
 */
export const PERFORMANCE_MARKS = {
  scoresShown: 'zview:scores-shown',
  mapLoad: 'zview:map-load',
  mapIdle: 'zview:map-idle',
  /** The book map (bench/dashboard-first-paint.ts): its hexagons in, map made, style loaded, first frame. */
  bookMapData: 'zview:book-map-data',
  bookMapCreated: 'zview:book-map-created',
  bookMapStyle: 'zview:book-map-style',
  bookMapLoad: 'zview:book-map-load',
} as const;

export function markPerformance(name: string): void {
  try {
    performance.mark(name);
  } catch {
    // Timing must never break the page (performance may be absent in some test environments).
  }
}

/** Marks `name` after each commit in which `key` changed (e.g. a new property's scores rendered). */
export function usePerformanceMark(name: string, key: unknown): void {
  useEffect(() => markPerformance(name), [name, key]);
}
