import type { Polygon } from 'geojson';
import type { Building, ImageBounds, ImageItem, LngLat, MapWidgetProps } from '../types';
import aerialUrl from './images/aerial.jpg';
import afterUrl from './images/after.jpg';
import beforeUrl from './images/before.jpg';
import obliqueEastUrl from './images/oblique-east.jpg';
import obliqueNorthUrl from './images/oblique-north.jpg';
import obliqueSouthUrl from './images/oblique-south.jpg';
import obliqueWestUrl from './images/oblique-west.jpg';
import scene from './scene.json';

/**
 * A sample property in a procedurally drawn neighbourhood (images/render.mjs draws the same
 * scene.json), so outlines, parcel and pin line up with the pictures.
 */
const METRES_PER_DEGREE_LAT = 110_950;
const metresPerDegreeLng = 111_320 * Math.cos((scene.center.lat * Math.PI) / 180);
const toLngLat = ([x, y]: number[]): [number, number] => [
  Number((scene.center.lng + x! / metresPerDegreeLng).toFixed(7)),
  Number((scene.center.lat + y! / METRES_PER_DEGREE_LAT).toFixed(7)),
];

export const fixtureBounds: ImageBounds = {
  west: toLngLat([-scene.halfSizeM, 0])[0],
  east: toLngLat([scene.halfSizeM, 0])[0],
  south: toLngLat([0, -scene.halfSizeM])[1],
  north: toLngLat([0, scene.halfSizeM])[1],
};

const [pinLng, pinLat] = toLngLat(scene.subject.pin);
export const fixtureLocation: LngLat = { lng: pinLng, lat: pinLat };

const ring = (points: number[][]): Polygon => {
  const coords = points.map(toLngLat);
  const [first] = coords;
  const last = coords[coords.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) coords.push(first);
  return { type: 'Polygon', coordinates: [coords] };
};

export const fixtureParcel: Polygon = ring(scene.subject.parcel);

export const fixtureBuildings: Building[] = scene.subject.buildings.map((b) => {
  const xs = b.outline.map((p) => p[0]!);
  const ys = b.outline.map((p) => p[1]!);
  const centroid = toLngLat([(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2]);
  return { label: b.label, rank: b.rank, outline: ring(b.outline), centroid: { type: 'Point', coordinates: centroid } };
});

const image = (imageUrl: string, imageDateLabel: string, imageProvider: string): ImageItem => ({
  imageUrl,
  imageBounds: fixtureBounds,
  imageDateLabel,
  imageProvider,
});

export const fixtureObliques: ImageItem[] = [
  image(obliqueNorthUrl, 'April 2, 2025', 'Sample Oblique · North'),
  image(obliqueEastUrl, 'April 2, 2025', 'Sample Oblique · East'),
  image(obliqueSouthUrl, 'April 2, 2025', 'Sample Oblique · South'),
  image(obliqueWestUrl, 'April 2, 2025', 'Sample Oblique · West'),
];

export const fixtureComparison: [ImageItem, ImageItem] = [
  image(beforeUrl, 'March 18, 2025', 'Sample Aerial'),
  image(afterUrl, 'May 27, 2025', 'Sample Aerial'),
];

export const standardProps: MapWidgetProps = {
  imageUrl: aerialUrl,
  imageBounds: fixtureBounds,
  imageDateLabel: 'June 12, 2025',
  imageProvider: 'Sample Aerial',
  markerLocation: fixtureLocation,
  markerDraggable: true,
  parcelGeo: fixtureParcel,
  buildings: fixtureBuildings,
};
