import { toSafeFileName, toYYYYMMDD } from '@zview/contracts';
import type { Actor } from '../../auth/actor.js';
import { setExportColumns, setExported, updateProductStatus, type PortfolioProductRow } from '../../db/portfolios.js';
import { badRequest, conflict } from '../app-error.js';
import { ownPortfolio, ownProduct } from './access.js';
import { renderOffLoop } from '../off-loop/pool.js';
import { type ExportLayout, exportLayout, finishedProducts, XLSX_MAX_ROWS } from './io/index.js';
import type { PortfolioDeps } from './services.js';
import { canTransition } from './status.js';

/**
 * Exporting a product's results. Reading the file (GET …/export) changes nothing; the UI marks
 * the export explicitly (PUT …/update_export), which records it and accepts the results
 * (READY → PROCESSED).
 */
export type ExportFormat = 'csv' | 'xlsx';

function layoutOrThrow(header: string[], choice: string[] | null): ExportLayout {
  const layout = exportLayout(header, choice);
  if ('error' in layout) throw badRequest(layout.error);
  return layout;
}

function assertFinished(product: PortfolioProductRow) {
  if (product.status !== 'READY' && product.status !== 'PROCESSED')
    throw conflict('Results can be exported once processing has finished.');
}

const storedExportKey = (id: number, product: string, runId: number | null) => `exports/${id}-${product}-${runId}.csv`;

/** The export file as a stream, with its download name. */
export async function exportFile(
  deps: PortfolioDeps,
  actor: Actor,
  input: { id: number; product: string; format: ExportFormat },
) {
  const { id, format } = input;
  const { portfolio, product } = await ownProduct(deps.db, actor, id, input.product, 'portfolio:export');
  if (format === 'xlsx' && (portfolio.row_count ?? 0) + 1 > XLSX_MAX_ROWS) {
    throw badRequest(
      `An Excel sheet holds at most ${XLSX_MAX_ROWS.toLocaleString('en-US')} rows; this portfolio has more. Export as CSV instead.`,
    );
  }
  assertFinished(product);
  const fileName = `${toSafeFileName(`${portfolio.name} ${input.product}`)}_${toYYYYMMDD(new Date())}.${format}`;
  const layout = layoutOrThrow(portfolio.header, product.export_columns);
  const runId = product.current_run_id;
  // Rendered on a render thread (domain/off-loop): the API's thread only moves the bytes.
  const render = () =>
    renderOffLoop(
      { kind: 'product-export', format, portfolioId: id, runId, header: portfolio.header, layout },
      deps.db,
    );
  if (format === 'xlsx') return { fileName, format, stream: render() };
  // A stored export (PUT …/update_export) for the current run is served as it is.
  const stored =
    product.export_blob === storedExportKey(id, input.product, runId) &&
    (await deps.blobs.size(product.export_blob)) !== null;
  return {
    fileName,
    format,
    stream: stored ? deps.blobs.read(product.export_blob!) : render(),
  };
}

/**
 * Every product's results side by side with where each row was placed (#21.14): one file per
 * portfolio, original columns, latitude, longitude, matched address and geocode precision first.
 */
export async function exportAllProducts(
  deps: PortfolioDeps,
  actor: Actor,
  input: { id: number; format: ExportFormat },
) {
  const { id, format } = input;
  const portfolio = await ownPortfolio(deps.db, actor, id, 'portfolio:export');
  if (format === 'xlsx' && (portfolio.row_count ?? 0) + 1 > XLSX_MAX_ROWS) {
    throw badRequest(
      `An Excel sheet holds at most ${XLSX_MAX_ROWS.toLocaleString('en-US')} rows; this portfolio has more. Export as CSV instead.`,
    );
  }
  const products = await finishedProducts(deps.db, id);
  if (products.length === 0) throw conflict('Results can be exported once processing has finished.');
  const fileName = `${toSafeFileName(`${portfolio.name} all products`)}_${toYYYYMMDD(new Date())}.${format}`;
  const stream = renderOffLoop(
    { kind: 'combined-export', format, portfolioId: id, header: portfolio.header, products },
    deps.db,
  );
  return { fileName, format, stream };
}

/** Saves which columns the export holds (original columns by name, plus result columns). */
export async function saveExportChoice(
  deps: PortfolioDeps,
  actor: Actor,
  input: { id: number; product: string; columns: string[] },
) {
  const { portfolio } = await ownProduct(deps.db, actor, input.id, input.product, 'portfolio:export');
  layoutOrThrow(portfolio.header, input.columns);
  await setExportColumns(deps.db, input.id, input.product, input.columns);
  return input.columns;
}

/**
 * Marks an export: for a CSV, regenerates the stored file from the current results and column
 * choice; records when; and accepts READY results (→ PROCESSED).
 */
export async function markExported(
  deps: PortfolioDeps,
  actor: Actor,
  input: { id: number; product: string; format: ExportFormat },
) {
  const { id } = input;
  const { portfolio, product } = await ownProduct(deps.db, actor, id, input.product, 'portfolio:export');
  assertFinished(product);
  const layout = layoutOrThrow(portfolio.header, product.export_columns);
  let blob: string | undefined;
  let sizeBytes: number | null = null;
  if (input.format === 'csv') {
    blob = storedExportKey(id, input.product, product.current_run_id);
    const task = {
      kind: 'product-export',
      format: 'csv',
      portfolioId: id,
      runId: product.current_run_id,
      header: portfolio.header,
      layout,
    } as const;
    sizeBytes = await deps.blobs.write(blob, renderOffLoop(task, deps.db));
  }
  const exportedAt = new Date();
  await deps.db.transaction().execute(async (trx) => {
    await setExported(trx, id, input.product, { exportedAt, blob });
    if (canTransition('READY', 'PROCESSED', 'system'))
      await updateProductStatus(trx, id, input.product, 'READY', 'PROCESSED');
  });
  return { exportedAt, sizeBytes };
}
