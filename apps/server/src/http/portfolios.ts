import multipart from '@fastify/multipart';
import { guardUploadStream } from './upload-guard.js';
import {
  fileStatusLabel,
  MESSAGES,
  portfolioCreateSchema,
  portfolioNameCheckSchema,
  portfolioPatchSchema,
  portfolioStatusPatchSchema,
  type PortfolioProductStub,
} from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../auth/actor.js';
import type { Db } from '../db/database.js';
import { parseProductList } from '../domain/portfolio/products.js';
import { startRun } from '../domain/portfolio/runs.js';
import { createPortfolioServices, type PortfolioServices } from '../domain/portfolio/services.js';
import { canTransition, transitionRefusal } from '../domain/portfolio/status.js';
import { checkUpload, findUpload, storeUpload } from '../domain/portfolio/uploads.js';
import { mapColumns } from '../domain/portfolio/columns.js';
import { queueIngest, queueRunChunks } from '../jobs/portfolio-jobs.js';
import { badRequest, conflict, forbidden, notFound, payloadTooLarge } from './errors.js';
import { actorOf, enforcePortfolioPolicies, findOwnPortfolio, findOwnProduct } from './portfolio-access.js';
import { registerPortfolioExportRoutes } from './portfolio-export.js';
import { registerPortfolioReviewRoutes } from './portfolio-review.js';
import { registerJobRoutes } from './jobs.js';
import { registerPortfolioMapRoutes } from './portfolio-map.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const productParams = z.object({ id: z.coerce.number().int().positive(), p: z.string().min(1) });
const NAME_TAKEN = 'A portfolio with this name already exists in the organisation. Choose another name.';

export function portfolioServices(app: FastifyInstance): PortfolioServices {
  app.ctx.portfolio ??= createPortfolioServices(app.ctx);
  return app.ctx.portfolio;
}

/** The organisation a create/name call targets: the acting one, or (internal admins only) another existing one. */
async function targetOrganization(db: Db, actor: Actor, requested: number | undefined): Promise<{ id: number; products: string[] }> {
  if (requested === undefined || requested === actor.organization.id) return { id: actor.organization.id, products: actor.organization.products };
  if (!actor.isInternalAdmin) throw forbidden('You can only create portfolios for your own organisation.');
  const org = await db.selectFrom('organizations').select(['id', 'products']).where('id', '=', requested).executeTakeFirst();
  if (!org) throw notFound('This organisation was not found.');
  return org;
}

async function nameTaken(db: Db, organizationId: number, name: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('portfolios')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId) query = query.where('id', '<>', exceptId);
  return Boolean(await query.executeTakeFirst());
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

function toStub(portfolio: { id: number; name: string; organization_id: number; created_at: Date }, product: { product: string; status: PortfolioProductStub['status'] }): PortfolioProductStub {
  return {
    portfolioId: portfolio.id,
    name: portfolio.name,
    product: product.product,
    status: product.status,
    statusLabel: fileStatusLabel(product.status) ?? null,
    organizationId: portfolio.organization_id,
    createdAt: portfolio.created_at.toISOString(),
  };
}

/** /api/caribou/portfolio* and /api/caribou/jobs: upload, create, review, export, rerun, jobs. */
export async function registerPortfolioRoutes(app: FastifyInstance) {
  const services = portfolioServices(app);
  const { db } = app.ctx;
  app.addHook('onClose', async () => services.queue.stop());
  enforcePortfolioPolicies(app);
  await app.register(multipart, { limits: { fileSize: services.maxUploadBytes, files: 1, fields: 5 } });

  // Upload: streamed to the blob store under a generated name, then checked as CSV.
  app.post('/caribou/portfolio/csv', { config: { policy: 'portfolio:write' } }, async (request, reply) => {
    const actor = actorOf(request);
    if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data in a field named "file".');
    const file = await request.file();
    if (!file || file.fieldname !== 'file') throw badRequest('Send the file in a field named "file".');
    const tooLarge = () =>
      payloadTooLarge(`This file is larger than the ${Math.round(services.maxUploadBytes / 1024 / 1024)} MB limit. Split it into smaller files and upload each one.`);
    let stored;
    try {
      stored = await storeUpload({ db, blobs: services.blobs, limits: services.uploadLimits }, { organizationId: actor.organization.id, userId: actor.userId, originalName: file.filename || 'portfolio.csv', stream: guardUploadStream(request, file.file, app.ctx.config.bodyIdleTimeoutMs) });
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw error;
    }
    if (file.file.truncated) throw tooLarge();
    const check = await checkUpload(services.blobs, stored.upload, { readRows: false });
    return reply.status(201).send({ uploadedFileName: stored.upload.name, originalFileName: stored.upload.originalName, sizeBytes: stored.upload.sizeBytes, check });
  });

  // Dry run: reads every row of an uploaded file and reports what was recognised and which rows will fail.
  app.get('/caribou/portfolio/uploads/:name/check', { config: { policy: 'portfolio:read' } }, async (request) => {
    const actor = actorOf(request);
    const { name } = z.object({ name: z.string().min(1).max(100) }).parse(request.params);
    const upload = await findUpload(db, actor.organization.id, name);
    return checkUpload(services.blobs, upload, { readRows: true });
  });

  app.post('/caribou/portfolios/names', { config: { policy: 'portfolio:read' } }, async (request) => {
    const actor = actorOf(request);
    const body = portfolioNameCheckSchema.parse(request.body);
    const org = await targetOrganization(db, actor, body.organizationId);
    const taken = await nameTaken(db, org.id, body.portfolioName);
    return { available: !taken, ...(taken ? { message: NAME_TAKEN } : {}) };
  });

  app.post('/caribou/portfolios', { config: { policy: 'portfolio:write' } }, async (request, reply) => {
    const actor = actorOf(request);
    const body = portfolioCreateSchema.parse(request.body);
    const query = z.object({ target_resource_org_id: z.coerce.number().int().positive().optional() }).parse(request.query);
    const org = await targetOrganization(db, actor, body.assignedOrganizationId ?? query.target_resource_org_id);
    const products = parseProductList(body.products, org.products);
    if ('error' in products) throw badRequest(products.error);
    const upload = await findUpload(db, actor.organization.id, body.uploadedFileName);
    const mapping = mapColumns(upload.header);
    let created;
    try {
      created = await db.transaction().execute(async (trx) => {
        const portfolio = await trx
          .insertInto('portfolios')
          .values({
            organization_id: org.id,
            name: body.name,
            description: body.description,
            portfolio_type: body.portfolioType,
            uploaded_file_name: upload.name,
            created_by: actor.userId,
            header: JSON.stringify(upload.header),
            column_mapping: JSON.stringify(mapping),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const stubs = await trx
          .insertInto('portfolio_products')
          .values(products.products.map((product) => ({ portfolio_id: portfolio.id, product, current_run_id: null })))
          .returning(['product', 'status'])
          .execute();
        return { portfolio, stubs };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(NAME_TAKEN);
      throw error;
    }
    await queueIngest(services.queue, created.portfolio.id);
    return reply.status(201).send(created.stubs.map((stub) => toStub(created.portfolio, stub)));
  });

  // Adds products to an existing portfolio; they are scored from the rows already read.
  app.post('/caribou/portfolios/:id/product/:p', { config: { policy: 'portfolio:write' } }, async (request, reply) => {
    const actor = actorOf(request);
    const params = request.params as { id?: string; p?: string };
    const body = (request.body ?? {}) as { organizationId?: unknown };
    const query = request.query as { target_resource_org_id?: string };
    const organizationId = body.organizationId ?? query.target_resource_org_id;
    const parsed = z
      .object({ id: z.coerce.number().int().positive(), p: z.string().min(1), organizationId: z.coerce.number().int().positive() })
      .safeParse({ id: params.id, p: params.p, organizationId });
    if (!parsed.success) throw badRequest(MESSAGES.missingRequiredParameters);
    if (parsed.data.organizationId !== actor.organization.id) throw notFound('This portfolio was not found.');
    const portfolio = await findOwnPortfolio(db, actor, parsed.data.id);
    const products = parseProductList(parsed.data.p, actor.organization.products);
    if ('error' in products) throw badRequest(products.error);
    const inserted = await db
      .insertInto('portfolio_products')
      .values(products.products.map((product) => ({ portfolio_id: portfolio.id, product, current_run_id: null })))
      .onConflict((oc) => oc.doNothing())
      .returning(['product', 'status'])
      .execute();
    if (!inserted.length) throw conflict('This portfolio already has these products.');
    await queueIngest(services.queue, portfolio.id);
    return reply.status(201).send(inserted.map((stub) => toStub(portfolio, stub)));
  });

  app.patch('/caribou/portfolio/:id/product/:p/status', { config: { policy: 'portfolio:write' } }, async (request) => {
    const actor = actorOf(request);
    const { id, p } = productParams.parse(request.params);
    const { status } = portfolioStatusPatchSchema.parse(request.body);
    const { portfolio, product } = await findOwnProduct(db, actor, id, p);
    if (!canTransition(product.status, status, 'user')) throw conflict(transitionRefusal(product.status, status));
    const updated = await db
      .updateTable('portfolio_products')
      .set({ status, updated_at: new Date() })
      .where('portfolio_id', '=', id)
      .where('product', '=', p)
      .where('status', '=', product.status) // a concurrent change wins; this one then reports the conflict
      .returning(['product', 'status'])
      .executeTakeFirst();
    if (!updated) throw conflict('This portfolio changed while you were updating it. Reload and try again.');
    return toStub(portfolio, updated);
  });

  app.put('/caribou/portfolio/:id/product/:p/rerun_portfolio', { config: { policy: 'portfolio:write' } }, async (request, reply) => {
    const actor = actorOf(request);
    const { id, p } = productParams.parse(request.params);
    const { product } = await findOwnProduct(db, actor, id, p);
    const run = await startRun(db, services.scorer, { portfolioId: id, product: product.product as never, requestedBy: actor.userId, chunkSize: services.chunkSize, rerun: true });
    if (!run) throw conflict('This portfolio is not ready to be rerun yet.');
    await queueRunChunks(db, services.queue, run.runId);
    return reply.status(202).send({ portfolioId: id, product: p, runId: run.runId, status: 'IN_PROGRESS', statusLabel: fileStatusLabel('IN_PROGRESS') });
  });

  app.patch('/caribou/portfolio/:id', { config: { policy: 'portfolio:write' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = idParams.parse(request.params);
    const body = portfolioPatchSchema.parse(request.body);
    const portfolio = await findOwnPortfolio(db, actor, id);
    let organizationId = portfolio.organization_id;
    if (body.organizationId !== undefined && body.organizationId !== portfolio.organization_id) {
      if (!actor.isInternalAdmin) throw forbidden('Only internal administrators can move a portfolio to another organisation.');
      const org = await db.selectFrom('organizations').select('id').where('id', '=', body.organizationId).executeTakeFirst();
      if (!org) throw notFound('This organisation was not found.');
      organizationId = org.id;
    }
    const name = body.name ?? portfolio.name;
    if (await nameTaken(db, organizationId, name, id)) throw conflict(NAME_TAKEN);
    try {
      const updated = await db
        .updateTable('portfolios')
        .set({ name, organization_id: organizationId, updated_at: new Date() })
        .where('id', '=', id)
        .returning(['id', 'name', 'organization_id'])
        .executeTakeFirstOrThrow();
      return { id: updated.id, name: updated.name, organizationId: updated.organization_id };
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(NAME_TAKEN);
      throw error;
    }
  });

  // Removes one product's results; the portfolio goes when its last product does.
  app.delete('/caribou/portfolio/:id/product/:p', { config: { policy: 'portfolio:write' } }, async (request, reply) => {
    const actor = actorOf(request);
    const { id, p } = productParams.parse(request.params);
    await findOwnProduct(db, actor, id, p);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('portfolio_products').where('portfolio_id', '=', id).where('product', '=', p).execute();
      await trx.deleteFrom('portfolio_runs').where('portfolio_id', '=', id).where('product', '=', p).execute();
      const left = await trx.selectFrom('portfolio_products').select('product').where('portfolio_id', '=', id).executeTakeFirst();
      if (!left) await trx.deleteFrom('portfolios').where('id', '=', id).execute();
    });
    return reply.status(204).send();
  });

  await registerPortfolioReviewRoutes(app, services);
  await registerPortfolioExportRoutes(app, services);
  await registerJobRoutes(app, services);
  await registerPortfolioMapRoutes(app);
}
