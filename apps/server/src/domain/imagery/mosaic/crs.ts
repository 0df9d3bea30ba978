import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import proj4 from 'proj4';
import { badRequest } from '../../app-error.js';

/**
 * Coordinate reference systems of imported imagery. Providers deliver in EPSG:4326, Web Mercator,
 * UTM zones or State Plane; every one is reprojected to Web Mercator tiles. Definitions come from
 * epsg-index (the EPSG registry as proj4 strings, one small file per code, read on demand), so
 * any EPSG code proj4 can express works, not a hand-kept list.
 */
export interface SourceCrs {
  epsg: number;
  name: string;
  /** Source coordinates → Web Mercator metres. */
  toMercator(x: number, y: number): [number, number];
  /** Web Mercator metres → source coordinates. */
  fromMercator(x: number, y: number): [number, number];
}

const WEB_MERCATOR = 'EPSG:3857';
const require = createRequire(import.meta.url);
const cache = new Map<number, SourceCrs>();

function proj4Definition(epsg: number): { name: string; proj4: string } {
  if (epsg === 4326) return { name: 'WGS 84', proj4: '+proj=longlat +datum=WGS84 +no_defs' };
  if (epsg === 3857) return { name: 'WGS 84 / Pseudo-Mercator', proj4: proj4.defs('EPSG:3857') as unknown as string };
  let file: string;
  try {
    file = path.join(path.dirname(require.resolve('epsg-index/package.json')), 's', `${epsg}.json`);
  } catch {
    throw badRequest(`Unknown coordinate system EPSG:${epsg}.`);
  }
  let entry: { name?: string; proj4?: string };
  try {
    entry = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; proj4?: string };
  } catch {
    throw badRequest(`Unknown coordinate system EPSG:${epsg}.`);
  }
  if (!entry.proj4) throw badRequest(`EPSG:${epsg} (${entry.name ?? 'unnamed'}) has no proj4 definition.`);
  return { name: entry.name ?? `EPSG:${epsg}`, proj4: entry.proj4 };
}

/** The CRS of an EPSG code; unknown codes are a client error (the file, not the server). */
export function crsOf(epsg: number): SourceCrs {
  const known = cache.get(epsg);
  if (known) return known;
  if (!Number.isInteger(epsg) || epsg <= 0) throw badRequest(`Invalid EPSG code: ${epsg}.`);
  const def = proj4Definition(epsg);
  const crs: SourceCrs =
    epsg === 3857
      ? { epsg, name: def.name, toMercator: (x, y) => [x, y], fromMercator: (x, y) => [x, y] }
      : (() => {
          const converter = proj4(def.proj4, WEB_MERCATOR);
          return {
            epsg,
            name: def.name,
            toMercator: (x: number, y: number) => converter.forward([x, y]) as [number, number],
            fromMercator: (x: number, y: number) => converter.inverse([x, y]) as [number, number],
          };
        })();
  cache.set(epsg, crs);
  return crs;
}

/** "EPSG:32617", "epsg:2227" or "32617" → 32617. */
export function parseEpsg(text: string): number {
  const match = /^(?:epsg:)?(\d{4,6})$/i.exec(text.trim());
  if (!match) throw badRequest(`A coordinate system is written EPSG:<code>, got "${text}".`);
  return Number(match[1]);
}

/** The EPSG code a GeoTIFF declares in its GeoKeys (projected first, then geographic). */
export function epsgFromGeoKeys(keys: Record<string, unknown> | null): number | null {
  if (!keys) return null;
  const projected = keys.ProjectedCSTypeGeoKey;
  if (typeof projected === 'number' && projected !== 32767) return projected;
  const geographic = keys.GeographicTypeGeoKey;
  if (typeof geographic === 'number' && geographic !== 32767) return geographic;
  return null;
}
