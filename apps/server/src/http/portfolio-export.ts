import { portfolioExportChoiceSchema, toSafeFileName, toYYYYMMDD } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/database.js';
import { exportCsv, exportLayout, exportXlsx, type ExportLayout } from '../domain/portfolio/export.js';
import { combinedExportCsv, combinedExportXlsx, finishedProducts } from '../domain/portfolio/export-combined.js';
import { XLSX_MAX_ROWS } from '../domain/portfolio/xlsx.js';
import type { PortfolioServices } from '../domain/portfolio/services.js';
import { canTransition } from '../domain/portfolio/status.js';
import { badRequest, conflict } from './errors.js';
import { actorOf, findOwnPortfolio, findOwnProduct } from './portfolio-access.js';

const params = z.object({ id: z.coerce.number().int().positive(), p: z.string().min(1) });

function layoutOrThrow(header: string[], choice: string[] | null): ExportLayout {
  const layout = exportLayout(header, choice);
  if ('error' in layout) throw badRequest(layout.error);
  return layout;
}

/** An attachment header safe for any portfolio name: an ASCII fallback plus the UTF-8 name (RFC 6266). */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9_.]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Exporting results counts as accepting them: READY → PROCESSED. */
async function markProcessed(db: Db, portfolioId: number, product: string) {
  if (!canTransition('READY', 'PROCESSED', 'system')) return;
  await db.updateTable('portfolio_products').set({ status: 'PROCESSED', updated_at: new Date() }).where('portfolio_id', '=', portfolioId).where('product', '=', product).where('status', '=', 'READY').execute();
}

export async function registerPortfolioExportRoutes(app: FastifyInstance, services: PortfolioServices) {
  const { db } = app.ctx;

  app.get('/caribou/portfolio/:id/product/:p/export', { config: { policy: 'portfolio:read' } }, async (request, reply) => {
    const actor = actorOf(request);
    const { id, p } = params.parse(request.params);
    const { format } = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') }).parse(request.query);
    const { portfolio, product } = await findOwnProduct(db, actor, id, p);
    if (format === 'xlsx' && (portfolio.row_count ?? 0) + 1 > XLSX_MAX_ROWS) {
      throw badRequest(`An Excel sheet holds at most ${XLSX_MAX_ROWS.toLocaleString('en-US')} rows; this portfolio has more. Export as CSV instead.`);
    }
    if (product.status !== 'READY' && product.status !== 'PROCESSED') throw conflict('Results can be exported once processing has finished.');
    const fileName = `${toSafeFileName(`${portfolio.name} ${p}`)}_${toYYYYMMDD(new Date())}.${format}`;
    await markProcessed(db, id, p);
    reply.header('content-disposition', contentDisposition(fileName));
    const layout = layoutOrThrow(portfolio.header, product.export_columns);
    if (format === 'xlsx') {
      reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      return reply.send(exportXlsx(db, id, product.current_run_id, portfolio.header, layout));
    }
    reply.header('content-type', 'text/csv; charset=utf-8');
    // A stored export (PUT …/update_export) for the current run is served as it is.
    if (product.export_blob && product.export_blob.endsWith(`-${product.current_run_id}.csv`) && (await services.blobs.size(product.export_blob)) !== null) {
      return reply.send(services.blobs.read(product.export_blob));
    }
    return reply.send(exportCsv(db, id, product.current_run_id, portfolio.header, layout));
  });

  // Every product's results side by side with where each row was placed (#21.14): one file per portfolio.
  app.get('/caribou/portfolio/:id/export', { config: { policy: 'portfolio:read' } }, async (request, reply) => {
    const { id } = params.pick({ id: true }).parse(request.params);
    const { format } = z.object({ format: z.enum(['csv', 'xlsx']).default('xlsx') }).parse(request.query);
    const portfolio = await findOwnPortfolio(db, actorOf(request), id);
    if (format === 'xlsx' && (portfolio.row_count ?? 0) + 1 > XLSX_MAX_ROWS) {
      throw badRequest(`An Excel sheet holds at most ${XLSX_MAX_ROWS.toLocaleString('en-US')} rows; this portfolio has more. Export as CSV instead.`);
    }
    const products = await finishedProducts(db, id);
    if (products.length === 0) throw conflict('Results can be exported once processing has finished.');
    reply.header('content-disposition', contentDisposition(`${toSafeFileName(`${portfolio.name} all products`)}_${toYYYYMMDD(new Date())}.${format}`));
    if (format === 'csv') return reply.header('content-type', 'text/csv; charset=utf-8').send(combinedExportCsv(db, id, portfolio.header, products));
    reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    return reply.send(combinedExportXlsx(db, id, portfolio.header, products));
  });

  // Saves which columns the export holds (original columns by name, plus result columns).
  app.put('/caribou/portfolio/:id/product/:p/export', { config: { policy: 'portfolio:write' } }, async (request) => {
    const actor = actorOf(request);
    const { id, p } = params.parse(request.params);
    const { data } = portfolioExportChoiceSchema.parse(request.body);
    const { portfolio } = await findOwnProduct(db, actor, id, p);
    layoutOrThrow(portfolio.header, data.columns);
    await db
      .updateTable('portfolio_products')
      .set({ export_columns: JSON.stringify(data.columns), export_blob: null, updated_at: new Date() })
      .where('portfolio_id', '=', id)
      .where('product', '=', p)
      .execute();
    return { columns: data.columns };
  });

  // Regenerates the stored export file from the current results and column choice.
  app.put('/caribou/portfolio/:id/product/:p/update_export', { config: { policy: 'portfolio:write' } }, async (request) => {
    const actor = actorOf(request);
    const { id, p } = params.parse(request.params);
    const { portfolio, product } = await findOwnProduct(db, actor, id, p);
    if (product.status !== 'READY' && product.status !== 'PROCESSED') throw conflict('Results can be exported once processing has finished.');
    const key = `exports/${id}-${p}-${product.current_run_id}.csv`;
    const size = await services.blobs.write(key, exportCsv(db, id, product.current_run_id, portfolio.header, layoutOrThrow(portfolio.header, product.export_columns)));
    const exportedAt = new Date();
    await db.updateTable('portfolio_products').set({ export_blob: key, exported_at: exportedAt }).where('portfolio_id', '=', id).where('product', '=', p).execute();
    return { exportedAt: exportedAt.toISOString(), sizeBytes: size };
  });
}
