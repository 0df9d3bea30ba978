import { createRequire } from 'node:module';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * The US county a point lies in ("Travis County, TX"), from the Census cartographic boundaries
 * us-atlas ships (1:10m). Loaded once per process on first use; counties are indexed by the whole
 * degrees their bounding boxes touch, so a point tests a handful of polygons. Accumulation asks it
 * once per H3 resolution-7 cell (~1.2 km across), not per row.
 */
const STATE_BY_FIPS: Record<string, string> = {
  '01': 'AL', '02': 'AK', '04': 'AZ', '05': 'AR', '06': 'CA', '08': 'CO', '09': 'CT', '10': 'DE', '11': 'DC',
  '12': 'FL', '13': 'GA', '15': 'HI', '16': 'ID', '17': 'IL', '18': 'IN', '19': 'IA', '20': 'KS', '21': 'KY',
  '22': 'LA', '23': 'ME', '24': 'MD', '25': 'MA', '26': 'MI', '27': 'MN', '28': 'MS', '29': 'MO', '30': 'MT',
  '31': 'NE', '32': 'NV', '33': 'NH', '34': 'NJ', '35': 'NM', '36': 'NY', '37': 'NC', '38': 'ND', '39': 'OH',
  '40': 'OK', '41': 'OR', '42': 'PA', '44': 'RI', '45': 'SC', '46': 'SD', '47': 'TN', '48': 'TX', '49': 'UT',
  '50': 'VT', '51': 'VA', '53': 'WA', '54': 'WV', '55': 'WI', '56': 'WY', '60': 'AS', '66': 'GU', '69': 'MP',
  '72': 'PR', '78': 'VI',
}; // prettier-ignore

/** Names that already say what they are (parishes, boroughs, independent cities) keep their own word. */
const HAS_KIND = /\b(County|Parish|Borough|Census Area|Municipality|city|City and Borough)$/;

interface County {
  name: string;
  bbox: [number, number, number, number];
  shape: Feature<Polygon | MultiPolygon>;
}

let index: Map<string, County[]> | undefined;

function bboxOf(shape: Feature<Polygon | MultiPolygon>): [number, number, number, number] {
  let w = Infinity;
  let s = Infinity;
  let e = -Infinity;
  let n = -Infinity;
  const rings = shape.geometry.type === 'Polygon' ? [shape.geometry.coordinates] : shape.geometry.coordinates;
  for (const polygon of rings)
    for (const [x, y] of polygon[0]!) {
      if (x! < w) w = x!;
      if (x! > e) e = x!;
      if (y! < s) s = y!;
      if (y! > n) n = y!;
    }
  return [w, s, e, n];
}

function load(): Map<string, County[]> {
  const topology = createRequire(import.meta.url)('us-atlas/counties-10m.json') as Topology<{
    counties: GeometryCollection<{ name: string }>;
  }>;
  const collection = feature(topology, topology.objects.counties);
  const byDegree = new Map<string, County[]>();
  for (const shape of collection.features as Feature<Polygon | MultiPolygon, { name: string }>[]) {
    if (!shape.geometry) continue;
    const fips = String(shape.id ?? '');
    const state = STATE_BY_FIPS[fips.slice(0, 2)];
    const base = shape.properties.name;
    const name = `${HAS_KIND.test(base) || state === 'LA' || state === 'AK' ? base : `${base} County`}${state ? `, ${state}` : ''}`;
    const county: County = { name, bbox: bboxOf(shape), shape };
    const [w, s, e, n] = county.bbox;
    for (let x = Math.floor(w); x <= Math.floor(e); x++)
      for (let y = Math.floor(s); y <= Math.floor(n); y++) {
        const key = `${x}|${y}`;
        const list = byDegree.get(key);
        if (list) list.push(county);
        else byDegree.set(key, [county]);
      }
  }
  return byDegree;
}

export function countyAt(latitude: number, longitude: number): string | null {
  index ??= load();
  for (const county of index.get(`${Math.floor(longitude)}|${Math.floor(latitude)}`) ?? []) {
    const [w, s, e, n] = county.bbox;
    if (longitude < w || longitude > e || latitude < s || latitude > n) continue;
    if (booleanPointInPolygon([longitude, latitude], county.shape)) return county.name;
  }
  return null;
}
