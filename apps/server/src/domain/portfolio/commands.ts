import type { FileStatus } from '@zview/contracts';
import type { Readable } from 'node:stream';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/database.js';
import { transactionRetriedOnDeadlock } from '../../db/deadlock-retry.js';
import {
  deletePortfolio,
  deleteProductAndRuns,
  findOrganization,
  insertPortfolio,
  insertProducts,
  nameTaken,
  updatePortfolio,
  updateProductStatus,
} from '../../db/portfolios.js';
import { badRequest, conflict, forbidden, notFound, payloadTooLarge } from '../app-error.js';
import { ownPortfolio, ownProduct, PORTFOLIO_NOT_FOUND } from './access.js';
import type { ColumnMappingInput } from '@zview/contracts';
import { chooseMapping } from './mapping/saved.js';
import { parseProductList } from './products.js';
import { startRun } from './pipeline/runs.js';
import type { PortfolioDeps } from './services.js';
import { canTransition, transitionRefusal } from './status.js';
import { checkUpload, findUpload, storeUpload } from './uploads.js';

/**
 * The portfolio tool's commands: each is one thing a user does, with its checks and every write
 * it needs (in one transaction where there are several). Routes call exactly one of these.
 */
export const NAME_TAKEN = 'A portfolio with this name already exists in the organisation. Choose another name.';

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

async function orThrowNameTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(NAME_TAKEN);
    throw error;
  }
}

/** The organisation a create/name call targets: the acting one, or (internal admins only) another existing one. */
async function targetOrganization(
  db: Db,
  actor: Actor,
  requested: number | undefined,
): Promise<{ id: number; products: string[] }> {
  if (requested === undefined || requested === actor.organization.id)
    return { id: actor.organization.id, products: actor.organization.products };
  if (!actor.isInternalAdmin) throw forbidden('You can only create portfolios for your own organisation.');
  const org = await findOrganization(db, requested);
  if (!org) throw notFound('This organisation was not found.');
  return org;
}

function productsOrThrow(raw: string, enabled: readonly string[]) {
  const products = parseProductList(raw, enabled);
  if ('error' in products) throw badRequest(products.error);
  return products.products;
}

/** Stores an uploaded file (streamed) and checks its header. */
/** `truncated`: whether the multipart parser cut the file at the size limit (asked once it is stored). */
export async function uploadFile(
  deps: PortfolioDeps,
  actor: Actor,
  file: { name: string; stream: Readable; truncated: () => boolean },
) {
  const tooLarge = () =>
    payloadTooLarge(
      `This file is larger than the ${Math.round(deps.maxUploadBytes / 1024 / 1024)} MB limit. Split it into smaller files and upload each one.`,
    );
  let stored;
  try {
    stored = await storeUpload(
      { db: deps.db, blobs: deps.blobs, limits: deps.uploadLimits },
      {
        organizationId: actor.organization.id,
        userId: actor.userId,
        originalName: file.name || 'portfolio.csv',
        stream: file.stream,
      },
    );
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  if (file.truncated()) throw tooLarge();
  const chosen = await chooseMapping(deps.db, actor.organization.id, stored.upload.header, {});
  return { upload: stored.upload, check: await checkUpload(deps.blobs, stored.upload, { readRows: false, chosen }) };
}

/** How a person asks for a file to be read: their own mapping, or a saved one's id (issue 43). */
export interface MappingChoice {
  columnMapping?: ColumnMappingInput;
  mappingId?: number;
}

/**
 * The dry run: reads every row of an uploaded file of the acting organisation, with the mapping
 * chosen (else the organisation's saved one for this header, else the detected one).
 */
export async function checkUploadedFile(deps: PortfolioDeps, actor: Actor, name: string, choice: MappingChoice = {}) {
  const upload = await findUpload(deps.db, actor.organization.id, name);
  const chosen = await chooseMapping(deps.db, actor.organization.id, upload.header, choice);
  return checkUpload(deps.blobs, upload, { readRows: true, chosen });
}

export async function checkName(db: Db, actor: Actor, input: { organizationId: number; portfolioName: string }) {
  const org = await targetOrganization(db, actor, input.organizationId);
  const taken = await nameTaken(db, org.id, input.portfolioName);
  return { available: !taken, ...(taken ? { message: NAME_TAKEN } : {}) };
}

export interface CreatePortfolioInput {
  name: string;
  description: string;
  portfolioType: string;
  products: string;
  uploadedFileName: string;
  organizationId: number | undefined;
  columnMapping?: ColumnMappingInput;
  mappingId?: number;
}

/** Creates a portfolio and its products from an uploaded file, then queues reading it. */
export async function createPortfolio(deps: PortfolioDeps, actor: Actor, input: CreatePortfolioInput) {
  const org = await targetOrganization(deps.db, actor, input.organizationId);
  const products = productsOrThrow(input.products, org.products);
  const upload = await findUpload(deps.db, actor.organization.id, input.uploadedFileName);
  const { mapping, problems } = await chooseMapping(deps.db, actor.organization.id, upload.header, input);
  if (problems.length) throw badRequest(problems.join(' '));
  const created = await orThrowNameTaken(() =>
    deps.db.transaction().execute(async (trx) => {
      const portfolio = await insertPortfolio(trx, {
        organization_id: org.id,
        name: input.name,
        description: input.description,
        portfolio_type: input.portfolioType,
        uploaded_file_name: upload.name,
        created_by: actor.userId,
        header: JSON.stringify(upload.header),
        column_mapping: JSON.stringify(mapping),
      });
      return { portfolio, stubs: await insertProducts(trx, portfolio.id, products) };
    }),
  );
  await deps.work.ingest(created.portfolio.id);
  return created;
}

/** Adds products to an existing portfolio; they are scored from the rows already read. */
export async function addProducts(
  deps: PortfolioDeps,
  actor: Actor,
  input: { id: number; products: string; organizationId: number },
) {
  if (input.organizationId !== actor.organization.id) throw notFound(PORTFOLIO_NOT_FOUND);
  const portfolio = await ownPortfolio(deps.db, actor, input.id, 'portfolio:write');
  const products = productsOrThrow(input.products, actor.organization.products);
  const stubs = await insertProducts(deps.db, portfolio.id, products, { skipExisting: true });
  if (!stubs.length) throw conflict('This portfolio already has these products.');
  await deps.work.ingest(portfolio.id);
  return { portfolio, stubs };
}

/** A status change the user asks for (PATCH …/status), within the allowed transitions. */
export async function setProductStatus(
  db: Db,
  actor: Actor,
  input: { id: number; product: string; status: FileStatus },
) {
  const { portfolio, product } = await ownProduct(db, actor, input.id, input.product, 'portfolio:write');
  if (!canTransition(product.status, input.status, 'user'))
    throw conflict(transitionRefusal(product.status, input.status));
  const updated = await updateProductStatus(db, input.id, input.product, product.status, input.status);
  if (!updated) throw conflict('This portfolio changed while you were updating it. Reload and try again.');
  return { portfolio, stub: updated };
}

/** Scores a product again with the current model and data. */
export async function rerunProduct(deps: PortfolioDeps, actor: Actor, input: { id: number; product: string }) {
  const { product } = await ownProduct(deps.db, actor, input.id, input.product, 'portfolio:write');
  const run = await startRun(deps.db, deps.scorer, {
    portfolioId: input.id,
    product: product.product as never,
    requestedBy: actor.userId,
    chunkSize: deps.chunkSize,
    rerun: true,
  });
  if (!run) throw conflict('This portfolio is not ready to be rerun yet.');
  await deps.work.runChunks(run.runId);
  return run;
}

/** Renames a portfolio or (internal admins) moves it to another organisation. */
export async function updatePortfolioDetails(
  db: Db,
  actor: Actor,
  input: { id: number; name?: string; organizationId?: number },
) {
  const portfolio = await ownPortfolio(db, actor, input.id, 'portfolio:write');
  let organizationId = portfolio.organization_id;
  if (input.organizationId !== undefined && input.organizationId !== portfolio.organization_id) {
    if (!actor.isInternalAdmin)
      throw forbidden('Only internal administrators can move a portfolio to another organisation.');
    const org = await findOrganization(db, input.organizationId);
    if (!org) throw notFound('This organisation was not found.');
    organizationId = org.id;
  }
  const name = input.name ?? portfolio.name;
  if (await nameTaken(db, organizationId, name, input.id)) throw conflict(NAME_TAKEN);
  return orThrowNameTaken(() => updatePortfolio(db, input.id, { name, organization_id: organizationId }));
}

/** Removes one product's results; the portfolio goes when its last product does. */
export async function deleteProduct(db: Db, actor: Actor, input: { id: number; product: string }) {
  await ownProduct(db, actor, input.id, input.product, 'portfolio:write');
  await transactionRetriedOnDeadlock(db, async (trx) => {
    const left = await deleteProductAndRuns(trx, input.id, input.product);
    if (!left) await deletePortfolio(trx, input.id);
  });
}
