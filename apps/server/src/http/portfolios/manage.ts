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
  uploadNameParamsSchema,
  portfolioCreateQuerySchema,
  addProductsBodySchema,
  addProductsQuerySchema,
  addProductsSchema,
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
import { noContent, withZod } from '../route-config.js';

/** How the multipart upload is declared, for /api and /v1 (multipart: the file is read by the handler). */
export const uploadSchema = {
  summary: 'Upload a file of locations',
  description:
    'A CSV or XLSX file of locations for a portfolio, as multipart/form-data in a field named `file`; streamed to storage and checked as CSV.',
  consumes: ['multipart/form-data'],
  response: { 201: uploadResultSchema },
};

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
export async function registerPortfolioManageRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  const deps = depsOf(app);
  const { db } = deps;

  // Upload: streamed to the blob store under a generated name, then checked as CSV.
  app.post(
    '/caribou/portfolio/csv',
    { schema: uploadSchema, config: { policy: 'portfolio:write' } },
    receiveUpload(app),
  );

  // Dry run: reads every row of an uploaded file and reports what was recognised and which rows will fail.
  app.get(
    '/caribou/portfolio/uploads/:name/check',
    {
      schema: {
        summary: 'Check an uploaded file',
        description:
          'A dry run: reads every row of an uploaded file and reports what was recognised and which rows will fail.',
        params: uploadNameParamsSchema,
        response: { 200: uploadCheckSchema },
      },
      config: { policy: 'portfolio:read' },
    },
    async (request) => checkUploadedFile(deps, actorOf(request), request.params.name),
  );

  app.post(
    '/caribou/portfolios/names',
    {
      schema: {
        summary: 'Check a portfolio name',
        description: 'Whether a portfolio name is free in the organisation (names are unique per organisation).',
        body: portfolioNameCheckSchema,
        response: { 200: portfolioNameCheckResultSchema },
      },
      config: { policy: 'portfolio:read' },
    },
    async (request) => checkName(db, actorOf(request), request.body),
  );

  app.post(
    '/caribou/portfolios',
    {
      schema: {
        summary: 'Create a portfolio',
        description:
          'A portfolio from an uploaded file with the products to score; processing starts at once. Staff may create for another organisation.',
        querystring: portfolioCreateQuerySchema,
        body: portfolioCreateSchema,
        response: { 201: portfolioProductStubsSchema },
      },
      config: { policy: 'portfolio:write' },
    },
    async (request, reply) => {
      const { body, query } = request;
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
    {
      schema: {
        summary: 'Add products to a portfolio',
        description: `Scores more products from the rows already read. The organisation is \`organizationId\` of the body or \`target_resource_org_id\`; anything missing answers 400 '${MESSAGES.missingRequiredParameters}'.`,
        params: z.object({ id: z.string(), p: z.string() }),
        querystring: addProductsQuerySchema,
        body: addProductsBodySchema,
        response: { 201: portfolioProductStubsSchema },
      },
      config: { policy: 'portfolio:write' },
    },
    async (request, reply) => {
      const { id, p } = request.params;
      const organizationId = request.body.organizationId ?? request.query.target_resource_org_id;
      const parsed = addProductsSchema.safeParse({ id, p, organizationId });
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
    {
      schema: {
        summary: 'Set a product’s status',
        description: 'Changes a product’s status (e.g. marks results as reviewed).',
        params: productParams,
        body: portfolioStatusPatchSchema,
        response: { 200: portfolioProductStubSchema },
      },
      config: { policy: 'portfolio:write' },
    },
    async (request) => {
      const { id, p } = request.params;
      const { status } = request.body;
      const { portfolio, stub } = await setProductStatus(db, actorOf(request), { id, product: p, status });
      return presentStub(portfolio, stub);
    },
  );

  app.put(
    '/caribou/portfolio/:id/product/:p/rerun_portfolio',
    {
      schema: {
        summary: 'Rerun a product',
        description:
          'Scores a product of the portfolio again from its rows (a new run); answers at once, the run proceeds in the background.',
        params: productParams,
        response: { 202: portfolioRerunResultSchema },
      },
      config: { policy: 'portfolio:write' },
    },
    async (request, reply) => {
      const { id, p } = request.params;
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
    {
      schema: {
        summary: 'Rename or move a portfolio',
        description: 'Changes a portfolio’s name, or (staff) the organisation it belongs to.',
        params: idParams,
        body: portfolioPatchSchema,
        response: { 200: portfolioPatchResultSchema },
      },
      config: { policy: 'portfolio:write' },
    },
    async (request) => {
      const updated = await updatePortfolioDetails(db, actorOf(request), { id: request.params.id, ...request.body });
      return { id: updated.id, name: updated.name, organizationId: updated.organization_id };
    },
  );

  // Removes one product's results; the portfolio goes when its last product does.
  app.delete(
    '/caribou/portfolio/:id/product/:p',
    {
      schema: {
        summary: 'Delete a product’s results',
        description: 'Removes one product’s results; the portfolio goes when its last product does.',
        params: productParams,
        response: { 204: noContent('Deleted') },
      },
      config: { policy: 'portfolio:write', rawResponse: true },
    },
    async (request, reply) => {
      const { id, p } = request.params;
      await deleteProduct(db, actorOf(request), { id, product: p });
      return reply.status(204).send();
    },
  );
}
