import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { writeArrayBuffer } from 'geotiff';
import { afterAll, describe, expect, it } from 'vitest';
import { geocodeAddress, geocodeCoordinates } from '../src/domain/geocoder/index.js';
import { autocompleteAddresses } from '../src/domain/geocoder/autocomplete.js';
import { findPropertyCaptures, findPropertyById, loadPropertyFeatures } from '../src/domain/property/load.js';
import { importBuildingFootprints, importParcels } from '../src/world/importers/geojson.js';
import { imageDimensions, importGeoTiff, importImageWithBounds } from '../src/world/importers/imagery.js';
import { importOpenAddresses } from '../src/world/importers/openaddresses.js';
import { useTestDatabase } from './database.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/world/importers/fixtures');
const { db } = await useTestDatabase();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'zview-import-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('OpenAddresses CSV importer', () => {
  it('imports address points, takes a missing city from the ZIP, and reports bad rows', async () => {
    const report = await importOpenAddresses(db, path.join(fixtures, 'openaddresses.csv'));
    expect(report.imported).toBe(5);
    expect(report.skipped).toBe(2);
    expect(report.problems[0]).toMatch(/^line 7: no valid LAT\/LON/);
    const paradise = await geocodeAddress(db, '6000 Skyway, Paradise, CA 95969');
    expect(paradise).toMatchObject({ matchedBy: 'exact', confidence: 1, address: '6000 Skyway, Paradise, CA 95969' });
  });

  it('is idempotent', async () => {
    await importOpenAddresses(db, path.join(fixtures, 'openaddresses.csv'));
    const { count } = await db
      .selectFrom('properties')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(count).toBe(5);
  });

  it('makes imported properties usable like generated ones: geocoding, units, autocomplete, features', async () => {
    const market = await geocodeAddress(db, '201 North Market Street, Wichita, KS 67202');
    expect(market).toMatchObject({
      address: '201 N Market St, Wichita, KS 67202',
      precision: 'rooftop',
      matchedBy: 'exact',
    });
    const unit = await geocodeAddress(db, '211 N Market St Apt 3, Wichita, KS 67202');
    expect(unit).toMatchObject({ address: '211 N Market St Apt 3, Wichita, KS 67202', confidence: 1 });
    const suggestions = await autocompleteAddresses(db, '400 Poydras');
    expect(suggestions[0]?.address).toBe('400 Poydras St, New Orleans, LA 70130');

    const features = await loadPropertyFeatures(db, market!.propertyId!);
    expect(features!.buildings).toHaveLength(1);
    expect(features!.buildings[0]).toMatchObject({ label: 'Primary structure (estimated)', roofMaterial: 'unknown' });
    const summary = await findPropertyById(db, market!.propertyId!);
    expect(summary!.source).toBe('imported');
    expect(summary!.estimated).toEqual(expect.arrayContaining(['yearBuilt', 'vegetationCover', 'buildings']));
    expect(features!.distanceToCoastMi).toBeGreaterThan(300);
  });
});

describe('GeoJSON parcels and footprints', () => {
  it('attaches parcels to the address points inside them and creates properties from situs addresses', async () => {
    const report = await importParcels(db, path.join(fixtures, 'parcels.geojson'));
    expect(report).toMatchObject({ imported: 3, created: 1, skipped: 1 });
    const market = await geocodeAddress(db, '201 N Market St, Wichita, KS 67202');
    // A point in the parcel's corner, away from the address point, resolves to that parcel.
    const property = await db
      .selectFrom('properties')
      .selectAll()
      .where('id', '=', market!.propertyId!)
      .executeTakeFirstOrThrow();
    const corner = (property.parcel as GeoJSON.Polygon).coordinates[0]![0]!;
    const near = { lng: corner[0]! * 0.9 + property.lng * 0.1, lat: corner[1]! * 0.9 + property.lat * 0.1 };
    expect(await geocodeCoordinates(db, near)).toMatchObject({ propertyId: property.id, matchedBy: 'parcel' });
    expect((await geocodeAddress(db, '300 East Douglas Avenue, Wichita, KS 67202'))?.matchedBy).toBe('exact');
  });

  it('ranks footprints by area within their parcel and replaces the estimated building', async () => {
    const report = await importBuildingFootprints(db, path.join(fixtures, 'buildings.geojson'));
    expect(report).toMatchObject({ imported: 3, skipped: 1 });
    const market = await geocodeAddress(db, '201 N Market St, Wichita, KS 67202');
    const features = await loadPropertyFeatures(db, market!.propertyId!);
    expect(features!.buildings.map((b) => [b.rank, b.label])).toEqual([
      [1, 'Primary structure'],
      [2, 'Structure 2'],
    ]);
    expect(features!.buildings[0]!.footprintSqft).toBeGreaterThan(features!.buildings[1]!.footprintSqft);
    expect(features!.buildings[0]!.footprintSqft).toBeCloseTo(14 * 12 * 10.7639, -1);
    expect(features!.buildings[0]!.heightFt).toBeCloseTo(24.6, 1);
    const summary = await findPropertyById(db, market!.propertyId!);
    expect(summary!.estimated).not.toContain('buildings');
    expect(summary!.estimated).toContain('roof');
  });
});

describe('imagery importers', () => {
  it('imports a GeoTIFF with its bounds read from the geokeys', async () => {
    const [west, north] = [-97.3385, 37.6895];
    const width = 8;
    const height = 6;
    const pixel = 0.0005;
    const buffer = await writeArrayBuffer(new Uint8Array(width * height).fill(120), {
      width,
      height,
      ModelPixelScale: [pixel, pixel, 0],
      ModelTiepoint: [0, 0, 0, west, north, 0],
      GeographicTypeGeoKey: 4326,
      GTModelTypeGeoKey: 2,
      GTRasterTypeGeoKey: 1,
    });
    const file = path.join(tmp, 'ortho.tif');
    writeFileSync(file, Buffer.from(buffer));
    const capture = await importGeoTiff(db, file, {
      capturedOn: '2025-04-02',
      provider: 'County GIS',
      storageDir: path.join(tmp, 'store'),
    });
    expect(capture).toMatchObject({ width, height, mediaType: 'image/tiff' });
    expect(capture.bounds.west).toBeCloseTo(west, 6);
    expect(capture.bounds.north).toBeCloseTo(north, 6);
    expect(capture.bounds.east).toBeCloseTo(west + width * pixel, 6);
    expect(capture.bounds.south).toBeCloseTo(north - height * pixel, 6);

    const market = await geocodeAddress(db, '201 N Market St, Wichita, KS 67202');
    const captures = await findPropertyCaptures(db, (await findPropertyById(db, market!.propertyId!))!);
    expect(captures).toEqual([
      expect.objectContaining({
        id: capture.id,
        capturedOn: '2025-04-02',
        kind: 'ortho',
        provider: 'County GIS',
        source: 'imported',
      }),
    ]);
    const features = await loadPropertyFeatures(db, market!.propertyId!);
    expect(features!.asOf).toBe('2025-04-02');
  });

  it('imports a PNG with given bounds and rejects bad bounds or files', async () => {
    const file = path.join(tmp, 'oblique.png');
    writeFileSync(file, tinyPng(5, 3));
    expect(await imageDimensions(file)).toEqual({ width: 5, height: 3, mediaType: 'image/png' });
    const bounds = { west: -97.338, south: 37.687, east: -97.336, north: 37.689 };
    const capture = await importImageWithBounds(db, file, bounds, {
      capturedOn: '2024-09-10',
      provider: 'Drone survey',
      kind: 'oblique',
      direction: 'north',
      storageDir: path.join(tmp, 'store'),
    });
    expect(capture).toMatchObject({ bounds, width: 5, height: 3 });
    await expect(
      importImageWithBounds(
        db,
        file,
        { ...bounds, east: -98 },
        { capturedOn: '2024-09-10', provider: 'x', storageDir: tmp },
      ),
    ).rejects.toThrow(/Invalid image bounds/);
    writeFileSync(path.join(tmp, 'not-an-image.png'), 'hello');
    await expect(
      importImageWithBounds(db, path.join(tmp, 'not-an-image.png'), bounds, {
        capturedOn: '2024-09-10',
        provider: 'x',
        storageDir: tmp,
      }),
    ).rejects.toThrow(/not a PNG or JPEG/);
  });
});

/** A valid greyscale PNG of the given size. */
function tinyPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((width + 1) * height, 0);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
