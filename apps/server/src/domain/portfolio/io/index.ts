/**
 * The portfolio's codecs: what turns bytes into rows and rows into bytes, and nothing else (no
 * rule of the product, no SQL of its own beyond the export's COPY it is handed). Everything outside
 * io/ imports from here (a lint rule holds it), so what the pipeline and the rules use of the
 * codecs is this list; the modules behind it are free to change. Tests and benchmarks may reach
 * the modules themselves.
 */

// Reading an upload: its encoding and delimiter sniffed, then its records, a batch at a time.
export {
  ENCODING_LABELS,
  encodingFromBom,
  SNIFF_BYTES,
  sniffCsv,
  type Delimiter,
  type TextEncodingName,
} from './sniff.js';
export { readCsv, readCsvBatches, type CsvRecord, type PlainLineTaker } from './csv-reader.js';

// A row's original cells as the CSV export writes them (the ingest stores them, readers take them
// back), and the ingest's COPY written in blocks.
export { csvOriginals, exactCsvLine, originalValues } from './csv-line.js';
export { CopyBlocks } from './copy-blocks.js';
// The byte level of the ingest's plain-line path (pipeline/ingest-plain-rows.ts, issue 22).
export { BACKSLASH, COMMA, CR, LF, QUOTE } from './csv-reader.js';
export { copyBytes, ViewOf } from './csv-bytes.js';

// Writing an export: a run's CSV or XLSX, the combined export of several products, any XLSX.
export { exportCsv, exportLayout, exportXlsx } from './export.js';
export type { ExportLayout } from './export-layout.js';
export { combinedExportCsv, combinedExportXlsx, finishedProducts, type CombinedProduct } from './export-combined.js';
export { XLSX_MAX_ROWS, xlsxFromPages, type XlsxCell } from './xlsx.js';

// Writing the results map's vector tiles.
export { MAX_TILE_ZOOM, PORTFOLIO_TILE_LAYER, POINTS_MIN_ZOOM, renderPortfolioTile } from './map-tiles.js';
