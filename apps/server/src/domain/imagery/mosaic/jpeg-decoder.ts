import { addDecoder, BaseDecoder, getDecoder } from 'geotiff';
import sharp from 'sharp';

type DecoderParameters = ConstructorParameters<typeof BaseDecoder>[0];
type JpegParameters = DecoderParameters & { JPEGTables?: ArrayLike<number>; photometric?: number };

const JPEG = 7;
const YCBCR = 6;

// geotiff.js's own JavaScript JPEG decoder, taken before ours replaces it in the registry.
const JsJpegDecoder = (await getDecoder(JPEG, { tileWidth: 1, tileHeight: 1 } as DecoderParameters))
  .constructor as new (parameters: JpegParameters) => BaseDecoder;

/**
 * JPEG-compressed TIFF tiles (compression 7, as libvips and many tilers write them) decoded by
 * libjpeg-turbo through sharp instead of geotiff.js's JavaScript decoder, which was half of the
 * importer's CPU (its scan decoding and inverse DCT); the decode runs on libuv's threads, off
 * the event loop. geotiff.js still parses the TIFF and finds the tiles; this only decodes them.
 *
 * TIFFs in YCbCr (GDAL's default for JPEG) keep geotiff.js's decoder: it hands back the YCbCr
 * samples, which `readRGB` converts, whereas libjpeg would already give RGB.
 */
class SharpJpegDecoder extends BaseDecoder {
  private readonly tables: Uint8Array | undefined;
  private readonly ycbcr: BaseDecoder | null;

  constructor(parameters: JpegParameters) {
    super(parameters);
    this.tables = parameters.JPEGTables && Uint8Array.from(parameters.JPEGTables);
    this.ycbcr = parameters.photometric === YCBCR ? new JsJpegDecoder(parameters) : null;
  }

  override async decodeBlock(buffer: ArrayBufferLike): Promise<ArrayBufferLike> {
    if (this.ycbcr) return this.ycbcr.decodeBlock(buffer);
    const tile = new Uint8Array(buffer);
    // An abbreviated stream (tables in the TIFF's JPEGTables tag): the tables without their EOI,
    // then the tile without its SOI, make one whole JPEG.
    const whole = this.tables?.length ? Buffer.concat([this.tables.subarray(0, -2), tile.subarray(2)]) : tile;
    const data = await sharp(whole, { failOn: 'error' }).raw().toBuffer();
    return data.buffer.slice(data.byteOffset, data.byteOffset + data.length);
  }
}

addDecoder(
  JPEG,
  () => Promise.resolve(SharpJpegDecoder as unknown as typeof BaseDecoder),
  async (directory) => {
    const stripped = directory.hasTag('StripOffsets');
    const parameters: JpegParameters = {
      tileWidth: (await directory.loadValue(stripped ? 'ImageWidth' : 'TileWidth')) as number,
      tileHeight: (stripped
        ? (await directory.loadValue('RowsPerStrip')) || (await directory.loadValue('ImageLength'))
        : await directory.loadValue('TileLength')) as number,
      planarConfiguration: (await directory.loadValue('PlanarConfiguration')) as number,
      bitsPerSample: (await directory.loadValue('BitsPerSample')) as number[],
      predictor: ((await directory.loadValue('Predictor')) as number) || 1,
      JPEGTables: (await directory.loadValue('JPEGTables')) as ArrayLike<number> | undefined,
      photometric: (await directory.loadValue('PhotometricInterpretation')) as number,
    };
    return parameters;
  },
  false,
);
