import type { findPropertyEvents, BuildingRecord, CaptureRecord, PermitRecord, PropertyRecord } from './load.js';

/** Everything a lookup reads about one property (rows as the queries return them). */
export interface PropertyReads {
  row: PropertyRecord;
  buildings: BuildingRecord[];
  permits: PermitRecord[];
  captures: CaptureRecord[];
  events: Awaited<ReturnType<typeof findPropertyEvents>>;
}

/**
 * The world is read-mostly: a property's rows change only when data is imported or the world
 * is reseeded. This keeps the reads of recently looked-up properties (least recently used goes
 * first). The owner clears it on every `zview_world` change notification and while the change
 * feed is down (src/db/change-feed.ts), and consults it only for requests that passed the
 * feed's fence, so an import is visible to the next request. `generation` guards against
 * storing rows read before a clear. Entries are shared: callers must not mutate them.
 */
export class PropertyReadCache {
  private readonly entries = new Map<string, PropertyReads>();
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

  get(propertyId: string): PropertyReads | undefined {
    const entry = this.entries.get(propertyId);
    if (!entry) {
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    // Most recently used last.
    this.entries.delete(propertyId);
    this.entries.set(propertyId, entry);
    return entry;
  }

  set(propertyId: string, reads: PropertyReads, generation: number): void {
    if (generation !== this.currentGeneration) return;
    this.entries.delete(propertyId);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(propertyId, reads);
  }

  clear(): void {
    this.currentGeneration += 1;
    this.entries.clear();
  }
}
