import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { forbidden } from '../app-error.js';
import type { BasemapProvider } from './basemap.js';
import type { ImageCache } from './cache.js';
import type { PropertyCapture } from './capture.js';
import { bboxAround, bboxContains, expandBBox, tileToBBox, TILE_SIZE, type BBox } from './geo.js';
import type { MosaicService } from './mosaic/service.js';
import { encodeCanvas } from './photo/encode.js';
import { obliquePhoto } from './photo/oblique.js';
import { orthoPhoto } from './photo/ortho.js';
import { cropRaster, encode, type ImageFormat } from './render.js';
import { emptyScene, type SceneFeatures, type SceneProvider, type SceneRaster } from './scene.js';

/**
 * Where imagery comes from. The world (generated sample or imported data) implements both with
 * its database; tests pass fixtures. Captures are immutable: a capture id always shows the same
 * thing, so its rendered images are cached forever (re-importing a region creates new captures).
 */
export interface ImagerySources {
  scene: SceneProvider;
  /** The street base map's data of an area (none: empty base-map tiles). */
  basemap?: BasemapProvider;
  capture: (captureId: string, propertyId: string) => PropertyCapture | null | Promise<PropertyCapture | null>;
}

export const emptyImagerySources: ImagerySources = {
  scene: emptyScene,
  capture: () => null,
};

/** Bumped whenever the drawing changes, so cached images of the old drawing are not served. */
export const RENDERER_VERSION = 'r5';

export const ORTHO_SIZE = { width: 512, height: 512, halfWidthM: 45 } as const;
export const OBLIQUE_SIZE = { width: 640, height: 480, spanM: 90 } as const;

export interface RenderedImage {
  data: Buffer;
  /** Strong validator of the bytes. */
  etag: string;
  hit: boolean;
}

const digest = (value: string | Buffer) => createHash('sha1').update(value).digest('hex').slice(0, 20);

function coveringRaster(scene: SceneFeatures, bbox: BBox, capturedOn?: string): SceneRaster | undefined {
  return (scene.rasters ?? []).find(
    (r) => bboxContains(r.bounds, bbox) && (!capturedOn || !r.capturedOn || r.capturedOn === capturedOn),
  );
}

export class ImageryService {
  constructor(
    private readonly sources: ImagerySources,
    private readonly cache: ImageCache,
    /** Imported mosaics: their tiles replace drawn ones, their captures are cut from tiles. */
    private readonly mosaics?: MosaicService,
  ) {}

  /** The image of one property on one capture; null when the capture or property is unknown. */
  async propertyImage(
    captureId: string,
    propertyId: string,
    format: ImageFormat,
    options: { oblique?: boolean } = {},
  ): Promise<RenderedImage | null> {
    if (options.oblique === false) {
      // Entitlement first (issue 12): an organisation without oblique imagery never gets one, cached or not.
      const capture = await this.sources.capture(captureId, propertyId);
      if (!capture) return null;
      if (capture.view === 'oblique') throw forbidden('Oblique imagery is not enabled for your organization.');
    }
    const key = `property/${RENDERER_VERSION}/${captureId}/${propertyId}.${format}`;
    const cached = await this.cache.get(key);
    if (cached) return { data: cached, etag: digest(cached), hit: true };
    const capture = await this.sources.capture(captureId, propertyId);
    if (!capture) return null;
    const { data, hit } = await this.cache.getOrCreate(key, () => this.renderCapture(capture, format));
    return { data, etag: digest(data), hit };
  }

  /** Renders a capture without the cache (the benchmark's cold path). */
  async renderCapture(capture: PropertyCapture, format: ImageFormat): Promise<Buffer> {
    const seed = `${capture.captureId}/${capture.propertyId}`;
    if (capture.view === 'oblique') {
      const bbox = bboxAround(capture.center, OBLIQUE_SIZE.spanM * 0.8);
      const scene = await this.sources.scene(bbox);
      const canvas = obliquePhoto(scene, {
        center: capture.center,
        spanM: OBLIQUE_SIZE.spanM,
        direction: capture.direction ?? 'north',
        width: OBLIQUE_SIZE.width,
        height: OBLIQUE_SIZE.height,
        capturedOn: capture.capturedOn,
        events: capture.events,
        seed,
      });
      return encodeCanvas(canvas, format);
    }
    const bbox = bboxAround(capture.center, ORTHO_SIZE.halfWidthM);
    if (capture.mosaic && this.mosaics) {
      const image = await this.mosaics.crop(capture.mosaic, bbox, ORTHO_SIZE.width, ORTHO_SIZE.height);
      if (image) return encode(image, format);
    }
    if (capture.raster) {
      const cropped = await cropRaster(capture.raster, bbox, ORTHO_SIZE.width, ORTHO_SIZE.height, format);
      if (cropped) return cropped;
    }
    const scene = await this.sources.scene(expandBBox(bbox, 0.1));
    const raster = coveringRaster(scene, bbox, capture.capturedOn);
    if (raster) {
      const cropped = await cropRaster(raster, bbox, ORTHO_SIZE.width, ORTHO_SIZE.height, format);
      if (cropped) return cropped;
    }
    const canvas = orthoPhoto(scene, {
      bbox,
      width: ORTHO_SIZE.width,
      height: ORTHO_SIZE.height,
      capturedOn: capture.capturedOn,
      events: capture.events,
      seed,
    });
    return encodeCanvas(canvas, format);
  }

  /**
   * A satellite-style tile. The key includes a digest of the scene, so a tile is re-rendered
   * when the data under it changes (an import) and served from disk otherwise.
   */
  async tile(z: number, x: number, y: number, format: ImageFormat, date: string): Promise<RenderedImage> {
    // Imported imagery, where there is any, is the aerial layer; the drawing fills the rest.
    const imported = await this.mosaics?.latestTile(z, x, y);
    if (imported) {
      const wanted = format === 'jpg' ? 'image/jpeg' : `image/${format}`;
      const data = imported.contentType === wanted ? imported.data : await encode(sharp(imported.data), format);
      return { data, etag: digest(data), hit: true };
    }
    const bbox = tileToBBox(z, x, y);
    // Shadows and canopies cross tile edges: draw what lies just outside too.
    const scene = await this.sources.scene(expandBBox(bbox, 0.15));
    const sceneDigest = digest(JSON.stringify(scene));
    const key = `tile/${RENDERER_VERSION}/${z}/${x}/${y}/${date}/${sceneDigest}.${format}`;
    const { data, hit } = await this.cache.getOrCreate(key, async () => {
      const raster = coveringRaster(scene, bbox);
      if (raster) {
        const cropped = await cropRaster(raster, bbox, TILE_SIZE, TILE_SIZE, format);
        if (cropped) return cropped;
      }
      // Textures are placed in ground metres and the sun is the date's, so neighbours continue each other.
      return encodeCanvas(
        orthoPhoto(scene, { bbox, width: TILE_SIZE, height: TILE_SIZE, capturedOn: date, events: [], seed: 'tile' }),
        format,
      );
    });
    return { data, etag: digest(`${key}`), hit };
  }

  /** Streets, parcels, buildings, pools and water of a bbox as GeoJSON (the street style's source). */
  async features(bbox: BBox): Promise<GeoJSON.FeatureCollection> {
    const scene = await this.sources.scene(bbox);
    const features: GeoJSON.Feature[] = [
      ...(scene.water ?? []).map((w) => ({
        type: 'Feature' as const,
        id: w.id,
        geometry: w.outline,
        properties: { kind: 'water', id: w.id },
      })),
      ...scene.parcels.map((p) => ({
        type: 'Feature' as const,
        id: p.id,
        geometry: p.outline,
        properties: { kind: 'parcel', id: p.id, propertyId: p.propertyId },
      })),
      ...scene.roads.map((r) => ({
        type: 'Feature' as const,
        id: r.id,
        geometry: r.line,
        properties: { kind: 'road', id: r.id, name: r.name ?? null, widthM: r.widthM },
      })),
      ...scene.pools.map((p) => ({
        type: 'Feature' as const,
        id: p.id,
        geometry: p.outline,
        properties: { kind: 'pool', id: p.id },
      })),
      ...scene.buildings.map((b) => ({
        type: 'Feature' as const,
        id: b.id,
        geometry: b.outline,
        properties: {
          kind: 'building',
          id: b.id,
          propertyId: b.propertyId,
          heightFt: b.heightFt,
          roofMaterial: b.roofMaterial,
        },
      })),
    ];
    return { type: 'FeatureCollection', features };
  }
}
