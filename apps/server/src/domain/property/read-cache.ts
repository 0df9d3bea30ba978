import type { AssessmentResponse } from '@zview/contracts';
import type { GeocodeResult } from '../geocoder/match.js';
import type { findPropertyEvents, BuildingRecord, CaptureRecord, PermitRecord, PropertyRecord } from './load.js';

/** Everything a lookup reads about one property (rows as the queries return them). */
export interface PropertyReads {
  row: PropertyRecord;
  buildings: BuildingRecord[];
  permits: PermitRecord[];
  captures: CaptureRecord[];
  events: Awaited<ReturnType<typeof findPropertyEvents>>;
}

/** The part of an assessment that depends only on the property, the date and the products (not on how it was asked for). */
export type PropertyAssessment = Omit<AssessmentResponse, 'location'> & {
  location: Omit<AssessmentResponse['location'], 'locationType' | 'input' | 'precision' | 'confidence'>;
};

/**
 * The world is read-mostly: it changes only when data is imported or the world is reseeded.
 * This keeps recent answers about it (least recently used goes first). The owner clears it on
 * every `zview_world` change notification and while the change feed is down
 * (src/db/change-feed.ts), and consults it only for requests that passed the feed's fence, so an
 * import is visible to the next request. `generation` guards against storing values computed
 * from rows read before a clear. Entries are shared: callers must not mutate them.
 */
export class WorldReadCache<V> {
  private readonly entries = new Map<string, V>();
  private currentGeneration = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly maxEntries = 5_000) {}

  get generation(): number {
    return this.currentGeneration;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) {
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, value: V, generation: number): void {
    if (generation !== this.currentGeneration) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
  }

  clear(): void {
    this.currentGeneration += 1;
    this.entries.clear();
  }
}

/**
 * What lookups keep between requests, all cleared together when the world changes:
 * - places: a location as typed → where the geocoder put it (null: nowhere);
 * - reads: a property's rows;
 * - assessments: a property's scores and imagery for a date and a set of products (the risk
 *   models are pure functions of the rows and the date, and image URLs are signed per window).
 */
export class LookupCaches {
  readonly places = new WorldReadCache<GeocodeResult | null>(20_000);
  readonly reads = new WorldReadCache<PropertyReads>(5_000);
  readonly assessments = new WorldReadCache<PropertyAssessment>(5_000);

  clear(): void {
    this.places.clear();
    this.reads.clear();
    this.assessments.clear();
  }
}
