import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import type { Building, ImageBounds, LngLat, ParcelGeometry } from '../types';

/** Corner order maplibre's image source wants: top-left, top-right, bottom-right, bottom-left. */
export function imageCorners(b: ImageBounds): [[number, number], [number, number], [number, number], [number, number]] {
  return [
    [b.west, b.north],
    [b.east, b.north],
    [b.east, b.south],
    [b.west, b.south],
  ];
}

export const boundsCenter = (b: ImageBounds): LngLat => ({ lng: (b.west + b.east) / 2, lat: (b.south + b.north) / 2 });

export function isValidBounds(b: ImageBounds | undefined): b is ImageBounds {
  return (
    Boolean(b) &&
    [b!.west, b!.south, b!.east, b!.north].every(Number.isFinite) &&
    b!.west < b!.east &&
    b!.south < b!.north
  );
}

/**
 * The area every one of `bounds` covers (null when they do not overlap or none is valid): a map
 * held inside it never shows a blank area as imagery.
 */
export function commonBounds(bounds: readonly (ImageBounds | undefined)[]): ImageBounds | null {
  const valid = bounds.filter(isValidBounds);
  if (valid.length === 0) return null;
  const common = {
    west: Math.max(...valid.map((b) => b.west)),
    south: Math.max(...valid.map((b) => b.south)),
    east: Math.min(...valid.map((b) => b.east)),
    north: Math.min(...valid.map((b) => b.north)),
  };
  return isValidBounds(common) ? common : null;
}

/** `point` moved inside `bounds` (itself when it is inside). */
export function clampToBounds(point: LngLat, b: ImageBounds): LngLat {
  return { lng: Math.min(b.east, Math.max(b.west, point.lng)), lat: Math.min(b.north, Math.max(b.south, point.lat)) };
}

/** Bounding box of every building outline, [[w, s], [e, n]], or null without buildings. */
/** maplibre's [[west, south], [east, north]] of an image, to open the map on the whole picture. */
export function imageLngLatBounds(b: ImageBounds): [[number, number], [number, number]] {
  return [
    [b.west, b.south],
    [b.east, b.north],
  ];
}

export function buildingsBounds(buildings: Building[]): [[number, number], [number, number]] | null {
  const points: Position[] = buildings.flatMap((b) => b.outline.coordinates.flat());
  if (points.length === 0) return null;
  const lngs = points.map((p) => p[0]!);
  const lats = points.map((p) => p[1]!);
  return [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ];
}

/** Any of the accepted parcel shapes as a FeatureCollection. */
export function parcelFeatures(parcel: ParcelGeometry | null | undefined): FeatureCollection<Polygon | MultiPolygon> {
  if (!parcel) return { type: 'FeatureCollection', features: [] };
  if (parcel.type === 'FeatureCollection') return parcel;
  if (parcel.type === 'Feature') return { type: 'FeatureCollection', features: [parcel] };
  return { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: parcel }] };
}

export function buildingFeatures(buildings: Building[]): FeatureCollection<Polygon> {
  return {
    type: 'FeatureCollection',
    features: buildings.map((b): Feature<Polygon> => ({
      type: 'Feature',
      properties: { label: b.label, rank: b.rank },
      geometry: b.outline,
    })),
  };
}
