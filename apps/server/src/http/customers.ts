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
  renameOrganizationParamsSchema,
  renameOrganizationLenientSchema,
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
import { fileResponse, withZod } from './route-config.js';

const HOUR_MS = 3_600_000;

/**
 * Staff administration of customers (SPEC §7 "Customers (internal)"): /api/zauth-customer/…, and
 * GET/POST /api/caribou/organizations. Internal admins only ('customers:manage').
 */
export async function registerCustomerRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
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

  app.get(
    base,
    {
      schema: {
        summary: 'Search customers',
        description: 'Internal admins: customer organisations matching the search, a page at a time.',
        querystring: customersQuerySchema,
        response: { 200: customersResponseSchema },
      },
      config: policy,
    },
    async (request) => searchCustomers(db, request.actor!, request.query),
  );
  app.get(
    `${base}/metadata`,
    {
      schema: {
        summary: 'Customer filters',
        description: 'Internal admins: the values the customer list can be filtered by.',
        response: { 200: customersMetadataResponseSchema },
      },
      config: policy,
    },
    async (request) => customersMetadata(db, request.actor!),
  );
  app.get(
    `${base}/:id`,
    {
      schema: {
        summary: 'A customer',
        description: 'Internal admins: one customer organisation with its settings.',
        params: customerIdParamsSchema,
        response: { 200: customerSchema },
      },
      config: policy,
    },
    async (request) => getCustomer(db, request.actor!, request.params.id),
  );

  app.post(
    base,
    {
      schema: {
        summary: 'Create a customer',
        description: 'Internal admins: a new customer organisation.',
        body: createCustomerRequestSchema,
        response: { 201: customerSchema },
      },
      config: policy,
    },
    async (request, reply) => reply.status(201).send(await createCustomer(db, request.actor!, request.body)),
  );

  app.put(
    `${base}/:id`,
    {
      schema: {
        summary: 'Update a customer',
        description: 'Internal admins: changes a customer organisation’s settings (audited).',
        params: customerIdParamsSchema,
        body: updateCustomerRequestSchema,
        response: { 200: customerSchema },
      },
      config: policy,
    },
    async (request) => updateCustomer(db, request.actor!, request.params.id, request.body),
  );

  app.get(
    `${base}/:id/products`,
    {
      schema: {
        summary: 'A customer’s products',
        description: 'Internal admins: the product switches of a customer organisation with their dates.',
        params: customerIdParamsSchema,
        response: { 200: customerProductsResponseSchema },
      },
      config: policy,
    },
    async (request) => ({ products: await listCustomerProducts(db, request.actor!, request.params.id) }),
  );

  app.post(
    `${base}/:id/products`,
    {
      schema: {
        summary: 'Add a product to a customer',
        description:
          'Internal admins: switches a product on for a customer organisation, from and until dates if given.',
        params: customerIdParamsSchema,
        body: addProductRequestSchema,
        response: { 201: productSwitchSchema },
      },
      config: policy,
    },
    async (request, reply) => {
      const { id } = request.params;
      const { productId, ...change } = request.body;
      return reply
        .status(201)
        .send(await setCustomerProduct(db, request.actor!, id, productId, change, 'customer.product_added'));
    },
  );

  app.get(
    `${base}/:id/products/:productId`,
    {
      schema: {
        summary: 'A customer’s product',
        description: 'Internal admins: one product switch of a customer organisation.',
        params: productParamsSchema,
        response: { 200: productSwitchSchema },
      },
      config: policy,
    },
    async (request) => {
      const { id, productId } = request.params;
      return getCustomerProduct(db, request.actor!, id, productId);
    },
  );

  app.put(
    `${base}/:id/products/:productId`,
    {
      schema: {
        summary: 'Update a customer’s product',
        description: 'Internal admins: changes a product switch of a customer organisation (on, off, dates).',
        params: productParamsSchema,
        body: updateProductRequestSchema,
        response: { 200: productSwitchSchema },
      },
      config: policy,
    },
    async (request) => {
      const { id, productId } = request.params;
      return setCustomerProduct(db, request.actor!, id, productId, request.body, 'customer.product_updated');
    },
  );

  app.get(
    `${base}/:id/users`,
    {
      schema: {
        summary: 'A customer’s users',
        description: 'Internal admins: the users of a customer organisation with their roles and statuses.',
        params: customerIdParamsSchema,
        response: { 200: customerUsersResponseSchema },
      },
      config: policy,
    },
    async (request) => ({ users: await customerUsers(db, request.actor!, request.params.id) }),
  );

  app.get(
    `${base}/:id/users/:userId`,
    {
      schema: {
        summary: 'A customer’s user',
        description: 'Internal admins: one user of a customer organisation.',
        params: customerUserParamsSchema,
        response: { 200: customerUserSchema },
      },
      config: policy,
    },
    async (request) => {
      const { id, userId } = request.params;
      return customerUser(db, request.actor!, id, userId);
    },
  );

  app.put(
    `${base}/:id/users/:userId/revoke-access`,
    {
      schema: {
        summary: 'Revoke a user’s access',
        description: 'Internal admins: removes a user from a customer organisation.',
        params: customerUserParamsSchema,
        body: revokeAccessRequestSchema,
        response: { 200: revokeAccessResponseSchema },
      },
      config: policy,
    },
    async (request) => {
      const { id, userId } = request.params;
      await revokeAccess(db, request.actor!, id, userId, request.body.userId);
      return { status: 'revoked' as const, userId };
    },
  );

  app.put(
    `${base}/:id/users/:userId/add-access`,
    {
      schema: {
        summary: 'Give a user access',
        description: 'Internal admins: adds a user to a customer organisation (invited by email when new).',
        params: customerUserParamsSchema,
        body: addAccessRequestSchema,
        response: { 200: addAccessResponseSchema },
      },
      config: policy,
    },
    async (request) => {
      const { id, userId } = request.params;
      return addAccess(db, request.actor!, id, userId, request.body.user, mailSettings(app));
    },
  );

  app.get(
    `${base}/:id/audit`,
    {
      schema: {
        summary: 'A customer’s history',
        description: 'Internal admins: the audit trail of a customer organisation, newest first, a page at a time.',
        params: customerIdParamsSchema,
        querystring: auditQuerySchema,
        response: { 200: auditResponseSchema },
      },
      config: policy,
    },
    async (request) => customerHistory(db, request.actor!, request.params.id, request.query),
  );

  app.get(
    `${base}/:id/audit.csv`,
    {
      schema: {
        summary: 'Download a customer’s history',
        description: 'Internal admins: the whole audit trail of a customer organisation as a CSV attachment.',
        params: customerIdParamsSchema,
        response: { 200: fileResponse('The history, as a CSV attachment', ['text/csv']) },
      },
      config: { ...policy, rawResponse: true },
    },
    async (request, reply) => {
      const { id } = request.params;
      const csv = await customerHistoryCsv(db, request.actor!, id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="customer_${id}_history.csv"`)
        .send(csv);
    },
  );

  app.post(
    '/zauth-customer/organizations/names',
    {
      schema: {
        summary: 'Names of organisations',
        description: 'Internal admins: the names of the organisations whose ids are given.',
        body: organizationNamesRequestSchema,
        response: { 200: organizationNamesResponseSchema },
      },
      config: policy,
    },
    async (request) => namesOfOrganizations(db, request.actor!, request.body.ids),
  );

  app.get(
    '/caribou/organizations',
    {
      schema: {
        summary: 'Organisation ids',
        description: 'Internal admins: the id and name of every organisation.',
        response: { 200: organizationIdsResponseSchema },
      },
      config: policy,
    },
    async (request) => listOrganizationIds(db, request.actor!),
  );

  // SPEC: answers false on failure (a bad id or name too: the caller only learns true or false).
  app.post(
    '/caribou/organizations/:id',
    {
      schema: {
        summary: 'Rename an organisation',
        description:
          'Internal admins: renames an organisation; answers true when renamed, false on any failure (SPEC).',
        params: renameOrganizationParamsSchema,
        body: renameOrganizationLenientSchema,
        response: { 200: renameOrganizationResponseSchema },
      },
      config: policy,
    },
    async (request) => renameOrganization(db, request.actor!, request.params.id, request.body.organizationName),
  );
}
