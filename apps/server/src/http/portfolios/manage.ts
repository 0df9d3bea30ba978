import { guardUploadStream } from '../upload-guard.js';
import {
  fileStatusLabel,
  MESSAGES,
  portfolioCreateSchema,
  portfolioNameCheckResultSchema,
  portfolioNameCheckSchema,
  portfolioPatchResultSchema,
  portfolioPatchSchema,
  portfolioProductStubSchema,
  portfolioProductStubsSchema,
  portfolioRerunResultSchema,
  portfolioStatusPatchSchema,
  uploadCheckSchema,
  uploadResultSchema,
} from '@zview/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  addProducts,
  checkName,
  checkUploadedFile,
  createPortfolio,
  deleteProduct,
  rerunProduct,
  setProductStatus,
  updatePortfolioDetails,
  uploadFile,
} from '../../domain/portfolio/commands.js';
import { badRequest } from '../errors.js';
import { actorOf, depsOf, idParams, productParams } from './context.js';
import { presentStub } from './presenters.js';

/**
 * The multipart upload of both doors, the app's (/api) and the keyed API's (/v1): the file is
 * streamed to the blob store under a generated name, then checked as CSV.
 */
export function receiveUpload(app: FastifyInstance) {
  const deps = depsOf(app);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data in a field named "file".');
    const file = await request.file();
    if (!file || file.fieldname !== 'file') throw badRequest('Send the file in a field named "file".');
    const stream = guardUploadStream(request, file.file, app.ctx.config.bodyIdleTimeoutMs);
    const { upload, check } = await uploadFile(deps, actorOf(request), {
      name: file.filename,
      stream,
      truncated: () => file.file.truncated,
    });
    return reply.status(201).send({
      uploadedFileName: upload.name,
      originalFileName: upload.originalName,
      sizeBytes: upload.sizeBytes,
      check,
    });
  };
}

/** Upload, create, add products, rename/move, status, rerun and delete. */
export async function registerPortfolioManageRoutes(app: FastifyInstance) {
  const deps = depsOf(app);
  const { db } = deps;

  // Upload: streamed to the blob store under a generated name, then checked as CSV.
  app.post(
    '/caribou/portfolio/csv',
    { schema: { response: { 201: uploadResultSchema } }, config: { policy: 'portfolio:write' } },
    receiveUpload(app),
  );

  // Dry run: reads every row of an uploaded file and reports what was recognised and which rows will fail.
  app.get(
    '/caribou/portfolio/uploads/:name/check',
    { schema: { response: { 200: uploadCheckSchema } }, config: { policy: 'portfolio:read' } },
    async (request) => {
      const { name } = z.object({ name: z.string().min(1).max(100) }).parse(request.params);
      return checkUploadedFile(deps, actorOf(request), name);
    },
  );

  app.post(
    '/caribou/portfolios/names',
    { schema: { response: { 200: portfolioNameCheckResultSchema } }, config: { policy: 'portfolio:read' } },
    async (request) => {
      return checkName(db, actorOf(request), portfolioNameCheckSchema.parse(request.body));
    },
  );

  app.post(
    '/caribou/portfolios',
    { schema: { response: { 201: portfolioProductStubsSchema } }, config: { policy: 'portfolio:write' } },
    async (request, reply) => {
      const body = portfolioCreateSchema.parse(request.body);
      const query = z
        .object({ target_resource_org_id: z.coerce.number().int().positive().optional() })
        .parse(request.query);
      const created = await createPortfolio(deps, actorOf(request), {
        ...body,
        organizationId: body.assignedOrganizationId ?? query.target_resource_org_id,
      });
      return reply.status(201).send(created.stubs.map((stub) => presentStub(created.portfolio, stub)));
    },
  );

  // Adds products to an existing portfolio; they are scored from the rows already read.
  app.post(
    '/caribou/portfolios/:id/product/:p',
    { schema: { response: { 201: portfolioProductStubsSchema } }, config: { policy: 'portfolio:write' } },
    async (request, reply) => {
      const params = request.params as { id?: string; p?: string };
      const organizationId =
        ((request.body ?? {}) as { organizationId?: unknown }).organizationId ??
        (request.query as { target_resource_org_id?: string }).target_resource_org_id;
      const parsed = z
        .object({
          id: z.coerce.number().int().positive(),
          p: z.string().min(1),
          organizationId: z.coerce.number().int().positive(),
        })
        .safeParse({ id: params.id, p: params.p, organizationId });
      if (!parsed.success) throw badRequest(MESSAGES.missingRequiredParameters);
      const added = await addProducts(deps, actorOf(request), {
        id: parsed.data.id,
        products: parsed.data.p,
        organizationId: parsed.data.organizationId,
      });
      return reply.status(201).send(added.stubs.map((stub) => presentStub(added.portfolio, stub)));
    },
  );

  app.patch(
    '/caribou/portfolio/:id/product/:p/status',
    { schema: { response: { 200: portfolioProductStubSchema } }, config: { policy: 'portfolio:write' } },
    async (request) => {
      const { id, p } = productParams.parse(request.params);
      const { status } = portfolioStatusPatchSchema.parse(request.body);
      const { portfolio, stub } = await setProductStatus(db, actorOf(request), { id, product: p, status });
      return presentStub(portfolio, stub);
    },
  );

  app.put(
    '/caribou/portfolio/:id/product/:p/rerun_portfolio',
    { schema: { response: { 202: portfolioRerunResultSchema } }, config: { policy: 'portfolio:write' } },
    async (request, reply) => {
      const { id, p } = productParams.parse(request.params);
      const run = await rerunProduct(deps, actorOf(request), { id, product: p });
      return reply.status(202).send({
        portfolioId: id,
        product: p,
        runId: run.runId,
        status: 'IN_PROGRESS',
        statusLabel: fileStatusLabel('IN_PROGRESS'),
      });
    },
  );

  app.patch(
    '/caribou/portfolio/:id',
    { schema: { response: { 200: portfolioPatchResultSchema } }, config: { policy: 'portfolio:write' } },
    async (request) => {
      const { id } = idParams.parse(request.params);
      const updated = await updatePortfolioDetails(db, actorOf(request), {
        id,
        ...portfolioPatchSchema.parse(request.body),
      });
      return { id: updated.id, name: updated.name, organizationId: updated.organization_id };
    },
  );

  // Removes one product's results; the portfolio goes when its last product does.
  app.delete(
    '/caribou/portfolio/:id/product/:p',
    { config: { policy: 'portfolio:write', rawResponse: true } },
    async (request, reply) => {
      const { id, p } = productParams.parse(request.params);
      await deleteProduct(db, actorOf(request), { id, product: p });
      return reply.status(204).send();
    },
  );
}
