import { PassThrough, type Readable } from 'node:stream';
import { isProductKey, sortProducts } from '@zview/contracts';
import type { Db } from '../../../db/database.js';
import { combinedExportPages, productRuns, type CombinedExportRow } from '../../../db/portfolio-export.js';
import { originalValues } from './csv-line.js';
import { csvCell } from './export.js';
import { xlsxFromPages, XLSX_MAX_ROWS, type XlsxCell } from './xlsx.js';

/**
 * The export an underwriter asks for first: every row of the file as uploaded, where it was
 * placed (latitude, longitude, the address it matched and how precisely), then each product's
 * score, risk level, confidence and top factors side by side, and whatever stopped a row from
 * being scored. One file for the whole portfolio, CSV or XLSX.
 */

export interface CombinedProduct {
  product: string;
  runId: number;
}

/** The products whose processing has finished (READY or PROCESSED), in the fixed product order, with their current run. */
export async function finishedProducts(db: Db, portfolioId: number): Promise<CombinedProduct[]> {
  const rows = await productRuns(db, portfolioId);
  const done = rows.filter((r) => (r.status === 'READY' || r.status === 'PROCESSED') && r.current_run_id !== null);
  const order = sortProducts(done.map((r) => r.product).filter(isProductKey));
  return order.map((product) => ({ product, runId: done.find((r) => r.product === product)!.current_run_id! }));
}

const PLACE_COLUMNS = ['latitude', 'longitude', 'matched_address', 'geocode_precision'] as const;
const PRODUCT_COLUMNS = ['score', 'risk_level', 'confidence', 'top_factors'] as const;

export function combinedHeader(header: readonly string[], products: readonly CombinedProduct[]): string[] {
  return [
    ...header,
    ...PLACE_COLUMNS,
    ...products.flatMap(({ product }) => PRODUCT_COLUMNS.map((c) => `${product}_${c}`)),
    'problem',
  ];
}

type CombinedRow = CombinedExportRow;

const PAGE = 5000;

function rowCells(row: CombinedRow, width: number, products: number): XlsxCell[] {
  const cells: XlsxCell[] = [];
  const values = originalValues(row);
  for (let i = 0; i < width; i++) cells.push(values[i] ?? '');
  cells.push(row.geo_latitude, row.geo_longitude, row.matched_address ?? '', row.geo_precision ?? '');
  const problems: string[] = [];
  for (let p = 0; p < products; p++) {
    const r = row.results[p] ?? null;
    cells.push(r?.score ?? null, r?.risk_level ?? '', r?.confidence ?? null, r?.top_factor_names ?? '');
    if (r?.problem) problems.push(r.problem);
  }
  cells.push(row.row_problem ?? [...new Set(problems)].join(' '));
  return cells;
}

/**
 * The rows in row order through a server-side cursor (PAGE rows a fetch, flat memory), each
 * product's current-run result joined beside it. The header comes first.
 */
async function* combinedPages(
  db: Db,
  portfolioId: number,
  header: readonly string[],
  products: readonly CombinedProduct[],
) {
  yield [combinedHeader(header, products)];
  for await (const rows of combinedExportPages(
    db,
    portfolioId,
    products.map((p) => p.runId),
    PAGE,
  )) {
    yield rows.map((row) => rowCells(row, header.length, products.length));
  }
}

export function combinedExportTooLargeForXlsx(rowCount: number | null): boolean {
  return (rowCount ?? 0) + 1 > XLSX_MAX_ROWS;
}

/** The combined export as an XLSX workbook (numbers as numbers, text never evaluated). */
export function combinedExportXlsx(
  db: Db,
  portfolioId: number,
  header: readonly string[],
  products: readonly CombinedProduct[],
): Readable {
  return xlsxFromPages(combinedPages(db, portfolioId, header, products));
}

/** The combined export as an RFC 4180 CSV (UTF-8 with a byte-order mark), cells neutralised against formulas. */
export function combinedExportCsv(
  db: Db,
  portfolioId: number,
  header: readonly string[],
  products: readonly CombinedProduct[],
): Readable {
  const out = new PassThrough();
  (async () => {
    let first = true;
    for await (const page of combinedPages(db, portfolioId, header, products)) {
      const text =
        page.map((row) => row.map((cell) => csvCell(cell === null ? '' : String(cell))).join(',')).join('\r\n') +
        '\r\n';
      if (!out.write(first ? `\uFEFF${text}` : text)) await new Promise((resolve) => out.once('drain', resolve));
      first = false;
    }
    out.end();
  })().catch((error: Error) => out.destroy(error));
  return out;
}
