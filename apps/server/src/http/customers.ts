import {
  addAccessRequestSchema,
  addAccessResponseSchema,
  auditResponseSchema,
  customerProductsResponseSchema,
  customerSchema,
  customersMetadataResponseSchema,
  customersResponseSchema,
  customerUserSchema,
  customerUsersResponseSchema,
  organizationIdsResponseSchema,
  organizationNamesResponseSchema,
  productSwitchSchema,
  renameOrganizationResponseSchema,
  revokeAccessResponseSchema,
  addProductRequestSchema,
  auditQuerySchema,
  createCustomerRequestSchema,
  customerIdParamsSchema,
  customersQuerySchema,
  customerUserParamsSchema,
  organizationNamesRequestSchema,
  productParamsSchema,
  renameOrganizationRequestSchema,
  revokeAccessRequestSchema,
  updateCustomerRequestSchema,
  updateProductRequestSchema,
} from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { customerHistory, customerHistoryCsv } from '../domain/customers/audit.js';
import {
  createCustomer,
  customersMetadata,
  getCustomer,
  listOrganizationIds,
  namesOfOrganizations,
  renameOrganization,
  searchCustomers,
  updateCustomer,
} from '../domain/customers/customers.js';
import {
  getCustomerProduct,
  listCustomerProducts,
  refreshDatedProducts,
  setCustomerProduct,
} from '../domain/customers/products.js';
import { addAccess, customerUser, customerUsers, revokeAccess } from '../domain/customers/users.js';
import { mailSettings } from './password-reset.js';

const HOUR_MS = 3_600_000;

/**
 * Staff administration of customers (SPEC §7 "Customers (internal)"): /api/zauth-customer/…, and
 * GET/POST /api/caribou/organizations. Internal admins only ('customers:manage').
 */
export async function registerCustomerRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const base = '/zauth-customer/customers';
  const policy = { policy: 'customers:manage' } as const;

  // Product switches with dates take effect as the calendar reaches them.
  const refresh = () =>
    void refreshDatedProducts(db).catch((err: unknown) =>
      app.log.warn({ err }, 'refreshing dated product switches failed'),
    );
  const timer = setInterval(refresh, HOUR_MS).unref();
  app.addHook('onReady', async () => refresh());
  app.addHook('onClose', async () => clearInterval(timer));

  app.get(base, { schema: { response: { 200: customersResponseSchema } }, config: policy }, async (request) =>
    searchCustomers(db, request.actor!, customersQuerySchema.parse(request.query)),
  );
  app.get(
    `${base}/metadata`,
    { schema: { response: { 200: customersMetadataResponseSchema } }, config: policy },
    async (request) => customersMetadata(db, request.actor!),
  );
  app.get(`${base}/:id`, { schema: { response: { 200: customerSchema } }, config: policy }, async (request) =>
    getCustomer(db, request.actor!, customerIdParamsSchema.parse(request.params).id),
  );

  app.post(base, { schema: { response: { 201: customerSchema } }, config: policy }, async (request, reply) => {
    const customer = await createCustomer(db, request.actor!, createCustomerRequestSchema.parse(request.body ?? {}));
    return reply.status(201).send(customer);
  });

  app.put(`${base}/:id`, { schema: { response: { 200: customerSchema } }, config: policy }, async (request) => {
    const { id } = customerIdParamsSchema.parse(request.params);
    return updateCustomer(db, request.actor!, id, updateCustomerRequestSchema.parse(request.body ?? {}));
  });

  app.get(
    `${base}/:id/products`,
    { schema: { response: { 200: customerProductsResponseSchema } }, config: policy },
    async (request) => ({
      products: await listCustomerProducts(db, request.actor!, customerIdParamsSchema.parse(request.params).id),
    }),
  );

  app.post(
    `${base}/:id/products`,
    { schema: { response: { 201: productSwitchSchema } }, config: policy },
    async (request, reply) => {
      const { id } = customerIdParamsSchema.parse(request.params);
      const { productId, ...change } = addProductRequestSchema.parse(request.body ?? {});
      return reply
        .status(201)
        .send(await setCustomerProduct(db, request.actor!, id, productId, change, 'customer.product_added'));
    },
  );

  app.get(
    `${base}/:id/products/:productId`,
    { schema: { response: { 200: productSwitchSchema } }, config: policy },
    async (request) => {
      const { id, productId } = productParamsSchema.parse(request.params);
      return getCustomerProduct(db, request.actor!, id, productId);
    },
  );

  app.put(
    `${base}/:id/products/:productId`,
    { schema: { response: { 200: productSwitchSchema } }, config: policy },
    async (request) => {
      const { id, productId } = productParamsSchema.parse(request.params);
      return setCustomerProduct(
        db,
        request.actor!,
        id,
        productId,
        updateProductRequestSchema.parse(request.body ?? {}),
        'customer.product_updated',
      );
    },
  );

  app.get(
    `${base}/:id/users`,
    { schema: { response: { 200: customerUsersResponseSchema } }, config: policy },
    async (request) => ({
      users: await customerUsers(db, request.actor!, customerIdParamsSchema.parse(request.params).id),
    }),
  );

  app.get(
    `${base}/:id/users/:userId`,
    { schema: { response: { 200: customerUserSchema } }, config: policy },
    async (request) => {
      const { id, userId } = customerUserParamsSchema.parse(request.params);
      return customerUser(db, request.actor!, id, userId);
    },
  );

  app.put(
    `${base}/:id/users/:userId/revoke-access`,
    { schema: { response: { 200: revokeAccessResponseSchema } }, config: policy },
    async (request) => {
      const { id, userId } = customerUserParamsSchema.parse(request.params);
      await revokeAccess(db, request.actor!, id, userId, revokeAccessRequestSchema.parse(request.body ?? {}).userId);
      return { status: 'revoked', userId };
    },
  );

  app.put(
    `${base}/:id/users/:userId/add-access`,
    { schema: { response: { 200: addAccessResponseSchema } }, config: policy },
    async (request) => {
      const { id, userId } = customerUserParamsSchema.parse(request.params);
      const { user } = addAccessRequestSchema.parse(request.body ?? {});
      return addAccess(db, request.actor!, id, userId, user, mailSettings(app));
    },
  );

  app.get(
    `${base}/:id/audit`,
    { schema: { response: { 200: auditResponseSchema } }, config: policy },
    async (request) => {
      const { id } = customerIdParamsSchema.parse(request.params);
      return customerHistory(db, request.actor!, id, auditQuerySchema.parse(request.query));
    },
  );

  app.get(`${base}/:id/audit.csv`, { config: { ...policy, rawResponse: true } }, async (request, reply) => {
    const { id } = customerIdParamsSchema.parse(request.params);
    const csv = await customerHistoryCsv(db, request.actor!, id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="customer_${id}_history.csv"`)
      .send(csv);
  });

  app.post(
    '/zauth-customer/organizations/names',
    { schema: { response: { 200: organizationNamesResponseSchema } }, config: policy },
    async (request) =>
      namesOfOrganizations(db, request.actor!, organizationNamesRequestSchema.parse(request.body ?? {}).ids),
  );

  app.get(
    '/caribou/organizations',
    { schema: { response: { 200: organizationIdsResponseSchema } }, config: policy },
    async (request) => listOrganizationIds(db, request.actor!),
  );

  // SPEC: answers false on failure (a bad id or name too: the caller only learns true or false).
  app.post(
    '/caribou/organizations/:id',
    { schema: { response: { 200: renameOrganizationResponseSchema } }, config: policy },
    async (request) => {
      const id = customerIdParamsSchema.safeParse(request.params);
      const body = renameOrganizationRequestSchema.safeParse(request.body ?? {});
      return renameOrganization(db, request.actor!, id.data?.id, body.data?.organizationName);
    },
  );
}
