import type { BBox } from '../geo.js';
import { MERCATOR_HALF, resolutionAt } from './grid.js';

/**
 * An OGC WMTS 1.0.0 capabilities document (RESTful encoding) over our XYZ tiles, so GIS teams add
 * a capture in QGIS or ArcGIS by URL. The tile matrix set is the well-known GoogleMapsCompatible
 * one (EPSG:3857, 256 px tiles, origin top-left), which both recognise; every URL inside carries
 * the access query (signature or API key) of the document's own URL.
 */
export interface WmtsLayer {
  id: string;
  title: string;
  /** WGS84 bounds. */
  bounds: BBox;
  minZoom: number;
  maxZoom: number;
  /** Tile URL template with {TileMatrix}/{TileCol}/{TileRow}; its query already included. */
  template: string;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** OGC's standardised pixel size (0.28 mm) turns a resolution into a scale denominator. */
const scaleDenominator = (z: number) => resolutionAt(z) / 0.00028;

export function wmtsCapabilities(opts: { title: string; capabilitiesUrl: string; layers: WmtsLayer[] }): string {
  const maxZoom = Math.max(0, ...opts.layers.map((l) => l.maxZoom));
  const matrices = Array.from({ length: maxZoom + 1 }, (_, z) =>
    [
      '      <TileMatrix>',
      `        <ows:Identifier>${z}</ows:Identifier>`,
      `        <ScaleDenominator>${scaleDenominator(z)}</ScaleDenominator>`,
      `        <TopLeftCorner>${-MERCATOR_HALF} ${MERCATOR_HALF}</TopLeftCorner>`,
      '        <TileWidth>256</TileWidth>',
      '        <TileHeight>256</TileHeight>',
      `        <MatrixWidth>${2 ** z}</MatrixWidth>`,
      `        <MatrixHeight>${2 ** z}</MatrixHeight>`,
      '      </TileMatrix>',
    ].join('\n'),
  ).join('\n');
  const layers = opts.layers
    .map((layer) =>
      [
        '    <Layer>',
        `      <ows:Title>${escapeXml(layer.title)}</ows:Title>`,
        `      <ows:Identifier>${escapeXml(layer.id)}</ows:Identifier>`,
        '      <ows:WGS84BoundingBox>',
        `        <ows:LowerCorner>${layer.bounds[0]} ${layer.bounds[1]}</ows:LowerCorner>`,
        `        <ows:UpperCorner>${layer.bounds[2]} ${layer.bounds[3]}</ows:UpperCorner>`,
        '      </ows:WGS84BoundingBox>',
        '      <Style isDefault="true"><ows:Identifier>default</ows:Identifier></Style>',
        '      <Format>image/jpeg</Format>',
        '      <TileMatrixSetLink>',
        '        <TileMatrixSet>GoogleMapsCompatible</TileMatrixSet>',
        '        <TileMatrixSetLimits>',
        ...Array.from({ length: layer.maxZoom - layer.minZoom + 1 }, (_, i) => {
          const z = layer.minZoom + i;
          const [colMin, rowMin] = tileOf(layer.bounds[0], layer.bounds[3], z);
          const [colMax, rowMax] = tileOf(layer.bounds[2], layer.bounds[1], z);
          return `          <TileMatrixLimits><TileMatrix>${z}</TileMatrix><MinTileRow>${rowMin}</MinTileRow><MaxTileRow>${rowMax}</MaxTileRow><MinTileCol>${colMin}</MinTileCol><MaxTileCol>${colMax}</MaxTileCol></TileMatrixLimits>`;
        }),
        '        </TileMatrixSetLimits>',
        '      </TileMatrixSetLink>',
        `      <ResourceURL format="image/jpeg" resourceType="tile" template="${escapeXml(layer.template)}"/>`,
        '    </Layer>',
      ].join('\n'),
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Capabilities xmlns="http://www.opengis.net/wmts/1.0" xmlns:ows="http://www.opengis.net/ows/1.1" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.0.0">
  <ows:ServiceIdentification>
    <ows:Title>${escapeXml(opts.title)}</ows:Title>
    <ows:ServiceType>OGC WMTS</ows:ServiceType>
    <ows:ServiceTypeVersion>1.0.0</ows:ServiceTypeVersion>
  </ows:ServiceIdentification>
  <Contents>
${layers}
    <TileMatrixSet>
      <ows:Identifier>GoogleMapsCompatible</ows:Identifier>
      <ows:SupportedCRS>urn:ogc:def:crs:EPSG::3857</ows:SupportedCRS>
      <WellKnownScaleSet>urn:ogc:def:wkss:OGC:1.0:GoogleMapsCompatible</WellKnownScaleSet>
${matrices}
    </TileMatrixSet>
  </Contents>
  <ServiceMetadataURL xlink:href="${escapeXml(opts.capabilitiesUrl)}"/>
</Capabilities>
`;
}

function tileOf(lng: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const rad = (Math.max(-85.05, Math.min(85.05, lat)) * Math.PI) / 180;
  const x = Math.floor(((lng + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return [Math.min(n - 1, Math.max(0, x)), Math.min(n - 1, Math.max(0, y))];
}
