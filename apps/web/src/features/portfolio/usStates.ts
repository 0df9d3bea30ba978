import type { FeatureCollection } from 'geojson';

/**
 * US state outlines (us-atlas, Census cartographic boundaries at 1:10m) as GeoJSON: the land
 * under a portfolio's map, so its clusters read as places. About 37 KB compressed, fetched only
 * with the results map.
 */
let states: Promise<FeatureCollection> | undefined;

/** Converted once per page load: the results page preloads it, then the map uses it. */
export function loadUsStates(): Promise<FeatureCollection> {
  states ??= convert().catch((error: unknown) => {
    states = undefined; // a failed chunk load may succeed on the next attempt
    throw error;
  });
  return states;
}

async function convert(): Promise<FeatureCollection> {
  const [{ feature }, atlas] = await Promise.all([import('topojson-client'), import('us-atlas/states-10m.json')]);
  const topology = atlas.default as unknown as Parameters<typeof feature>[0];
  return feature(topology, topology.objects.states!) as unknown as FeatureCollection;
}
