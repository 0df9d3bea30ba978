import { formatLongDate } from '@zview/contracts';
import type { ObliqueDirection, PropertyCapture } from './capture.js';
import type { LngLat } from './geo.js';
import { bboxAround } from './geo.js';
import type { ImageFormat } from './render.js';
import { OBLIQUE_SIZE, ORTHO_SIZE } from './service.js';
import { SIGNED_SCOPES, type UrlSigner } from './signing.js';

/** The URLs of imagery endpoints, signed. Path shapes match src/http/imagery.ts. */

/** A property image on one capture, e.g. for the assessment API's image items. */
export function captureImageUrl(
  signer: UrlSigner,
  captureId: string,
  propertyId: string,
  format: ImageFormat = 'png',
  nowMs = Date.now(),
): string {
  return signer.signUrl(`/api/caribou/imagery/${captureId}/${propertyId}.${format}`, undefined, nowMs);
}

/** Signed URLs of our map base layers, for a client that authenticates with a bearer token. */
export function mapSourceUrls(origin: string, signer: UrlSigner, nowMs = Date.now()) {
  const tiles = signer.sign(SIGNED_SCOPES.tiles, nowMs);
  const style = signer.sign(SIGNED_SCOPES.mapStyle, nowMs);
  return {
    satelliteTiles: `${origin}/api/tiles/satellite/{z}/{x}/{y}.png?exp=${tiles.exp}&sig=${tiles.sig}`,
    styles: {
      street: `${origin}/api/map/style/street.json?exp=${style.exp}&sig=${style.sig}`,
      satellite: `${origin}/api/map/style/satellite.json?exp=${style.exp}&sig=${style.sig}`,
    },
    expiresAt: new Date(Math.min(tiles.exp, style.exp) * 1000).toISOString(),
  };
}

/** What an image item needs to know about a capture (a catalogue row or a PropertyCapture). */
export interface CaptureRef {
  id: string;
  /** YYYY-MM-DD */
  capturedOn: string;
  provider: string;
  kind: 'ortho' | 'oblique';
  direction?: ObliqueDirection | null;
}

/**
 * The map widget's image item of a property on a capture (SPEC §3: imageUrl, imageBounds,
 * imageDateLabel, imageProvider). The image is drawn around the property's point, so its bounds
 * are that square, not the capture's whole footprint: an orthophoto's bounds are exactly what
 * the renderer draws; obliques are not georeferenced and carry the bounds of the area they show.
 */
export function propertyImageItem(
  signer: UrlSigner,
  capture: CaptureRef,
  property: { id: string; center: LngLat },
  format: ImageFormat = 'png',
  nowMs = Date.now(),
) {
  const [west, south, east, north] = bboxAround(
    property.center,
    capture.kind === 'oblique' ? OBLIQUE_SIZE.spanM / 2 : ORTHO_SIZE.halfWidthM,
  );
  return {
    imageUrl: captureImageUrl(signer, capture.id, property.id, format, nowMs),
    imageBounds: { west, south, east, north },
    imageDateLabel: formatLongDate(capture.capturedOn),
    imageProvider: capture.provider,
    captureId: capture.id,
    date: capture.capturedOn,
    ...(capture.kind === 'oblique' && capture.direction ? { direction: capture.direction } : {}),
  };
}

/** The image item of a PropertyCapture (the renderer's view of a capture). */
export function captureImageItem(
  signer: UrlSigner,
  capture: PropertyCapture,
  format: ImageFormat = 'png',
  nowMs = Date.now(),
) {
  return propertyImageItem(
    signer,
    {
      id: capture.captureId,
      capturedOn: capture.capturedOn,
      provider: capture.provider,
      kind: capture.view,
      direction: capture.direction,
    },
    { id: capture.propertyId, center: capture.center },
    format,
    nowMs,
  );
}
