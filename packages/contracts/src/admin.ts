import { z } from 'zod';
import { assessmentResponseSchema } from './property.js';
import { ORGANIZATION_ROLES } from './policy-rules.js';
import { FEATURE_KEYS, PRODUCT_KEYS, STANDARD_PRODUCTS } from './products.js';
import { commaItems } from './text.js';

/**
 * Staff administration (SPEC §7 "Customers (internal)", "Mocks", GET/POST /caribou/organizations):
 * customers with their product switches, agreements and users, the audit trail, mock responses
 * and mock cases. Only internal admins reach these calls, except GET /caribou/mocks/addresses.
 */

/** Control characters other than tab, line feed and carriage return (NUL included). */
export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127) return true;
  }
  return false;
}

/** Text a person types: trimmed, no control characters (NUL included), bounded. */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !hasControlCharacters(value), 'must not contain control characters');
const requiredText = (max: number) => text(max).pipe(z.string().min(1, 'must not be empty'));
const optionalText = (max: number) =>
  z
    .union([text(max), z.null()])
    .optional()
    .transform((value) => (value === '' ? null : value));
const isoDate = z.iso.date({ message: 'must be a date (YYYY-MM-DD)' });
const positiveId = z.coerce
  .number({ error: 'must be a positive integer' })
  .int('must be a positive integer')
  .min(1, 'must be a positive integer')
  .max(2_147_483_647, 'is too large');

export const customerIdParamsSchema = z.object({ id: positiveId });
export const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(320)
  .pipe(z.email({ message: 'must be an email address' }));

/* ---------- Customers ---------- */

export const CUSTOMER_SORT_FIELDS = ['name', 'id', 'createdAt', 'userCount'] as const;
export const CUSTOMER_PAGE_SIZES = [10, 25, 50, 100] as const;

export const customersQuerySchema = z.object({
  search: text(200).optional(),
  /** A product or feature key the customer has enabled. */
  product: z.enum(FEATURE_KEYS).optional(),
  trial: z.enum(['true', 'false']).optional(),
  sort: z.enum(CUSTOMER_SORT_FIELDS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(25),
});
export type CustomersQuery = z.output<typeof customersQuerySchema>;

export const customerSchema = z.object({
  id: z.number(),
  name: z.string(),
  isTrial: z.boolean(),
  /** The effective enabled product and feature keys (SPEC §3 Organization.products). */
  products: z.array(z.string()),
  contactEmail: z.string().nullable(),
  accountManager: z.string().nullable(),
  notes: z.string().nullable(),
  userCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

export const customersResponseSchema = z.object({
  results: z.array(customerSchema),
  total: z.number(),
  page: z.number(),
  itemsPerPage: z.number(),
});
export type CustomersResponse = z.infer<typeof customersResponseSchema>;

export const customersMetadataResponseSchema = z.object({
  total: z.number(),
  trial: z.number(),
  /** Customers per enabled product or feature key (facets of the list's product filter). */
  products: z.array(z.object({ product: z.string(), count: z.number() })),
});
export type CustomersMetadata = z.infer<typeof customersMetadataResponseSchema>;

export const createCustomerRequestSchema = z.object({
  name: requiredText(200),
  isTrial: z.boolean().default(false),
  contactEmail: z
    .union([email, z.literal(''), z.null()])
    .optional()
    .transform((v) => (v === '' ? null : v)),
  accountManager: optionalText(200),
  notes: optionalText(2000),
  /** Keys switched on from today. */
  products: z.array(z.enum(FEATURE_KEYS)).max(FEATURE_KEYS.length).default([]),
});
export type CreateCustomerRequest = z.input<typeof createCustomerRequestSchema>;

export const updateCustomerRequestSchema = z
  .object({
    name: requiredText(200).optional(),
    isTrial: z.boolean().optional(),
    contactEmail: z
      .union([email, z.literal(''), z.null()])
      .optional()
      .transform((v) => (v === '' ? null : v)),
    accountManager: optionalText(200),
    notes: optionalText(2000),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'nothing to update');
export type UpdateCustomerRequest = z.input<typeof updateCustomerRequestSchema>;

/* ---------- Products & features of a customer ---------- */

/** Keys a customer can have switched on: SPEC's feature keys ('zfire|prefill' follows zfire). */
export const SWITCHABLE_KEYS = FEATURE_KEYS;
/** Products billed per use, which carry an agreement (billing reads it). */
export const BILLABLE_PRODUCTS = STANDARD_PRODUCTS;

export const agreementSchema = z.object({
  contractStart: isoDate,
  contractEnd: isoDate.nullable().default(null),
  committedAnnualVolume: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must not be negative')
    .max(1e12, 'is too large'),
  billReruns: z.boolean().default(false),
});
export type Agreement = z.infer<typeof agreementSchema>;

export const productSwitchSchema = z.object({
  productId: z.string(),
  /** Switched on (within its dates). */
  enabled: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** On today: enabled and within its dates; what organizations.products holds. */
  effective: z.boolean(),
  billable: z.boolean(),
  agreement: agreementSchema.nullable(),
});
export type ProductSwitch = z.infer<typeof productSwitchSchema>;
export const customerProductsResponseSchema = z.object({ products: z.array(productSwitchSchema) });

const switchFields = {
  enabled: z.boolean({ error: 'must be true or false' }),
  startDate: isoDate.nullable().optional(),
  endDate: isoDate.nullable().optional(),
  /** Billable products only; null removes the agreement. */
  agreement: agreementSchema.nullable().optional(),
};
const datesInOrder = (body: { startDate?: string | null; endDate?: string | null }) =>
  !body.startDate || !body.endDate || body.endDate > body.startDate;
export const updateProductRequestSchema = z
  .object(switchFields)
  .refine(datesInOrder, { message: 'must be after startDate', path: ['endDate'] });
export type UpdateProductRequest = z.input<typeof updateProductRequestSchema>;
export const addProductRequestSchema = z
  .object({
    productId: z.enum(SWITCHABLE_KEYS, { error: 'must be a product or feature key' }),
    ...switchFields,
    enabled: switchFields.enabled.default(true),
  })
  .refine(datesInOrder, { message: 'must be after startDate', path: ['endDate'] });
export type AddProductRequest = z.input<typeof addProductRequestSchema>;
export const productParamsSchema = z.object({
  id: positiveId,
  productId: z.enum(SWITCHABLE_KEYS, { error: 'must be a product or feature key' }),
});

/* ---------- Users of a customer ---------- */

export const customerUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ORGANIZATION_ROLES),
  status: z.enum(['active', 'deactivated']),
  isZviewAdmin: z.boolean(),
});
export type CustomerUser = z.infer<typeof customerUserSchema>;
export const customerUsersResponseSchema = z.object({ users: z.array(customerUserSchema) });

/** `{userId}` of the user routes: a user id, or 'new' to add-access by email. */
export const customerUserParamsSchema = z.object({
  id: positiveId,
  userId: z.union([z.uuid({ message: 'must be a user id' }), z.literal('new')]),
});
export const revokeAccessRequestSchema = z.object({ userId: z.uuid({ message: 'must be a user id' }) });
export const revokeAccessResponseSchema = z.object({ status: z.literal('revoked'), userId: z.string() });
export const addAccessRequestSchema = z.object({
  user: z.object({
    email,
    firstName: requiredText(100).optional(),
    lastName: requiredText(100).optional(),
    role: z.enum(ORGANIZATION_ROLES).default('member'),
  }),
});
export type AddAccessRequest = z.input<typeof addAccessRequestSchema>;
export const addAccessResponseSchema = z.object({ user: customerUserSchema, invited: z.boolean() });

/** POST /zauth-customer/organizations/names */
export const organizationNamesRequestSchema = z.object({
  ids: z.array(positiveId).min(1, 'must list at least one id').max(1000),
});
export const organizationNamesResponseSchema = z.object({
  organizations: z.array(z.object({ id: z.number(), name: z.string() })),
});

/** GET /caribou/organizations; POST /caribou/organizations/{id} answers true, or false on failure. */
export const organizationIdsResponseSchema = z.object({ organizationIds: z.array(z.number()) });
export const renameOrganizationRequestSchema = z.object({ organizationName: requiredText(200) });
export const renameOrganizationResponseSchema = z.boolean();
/**
 * POST /api/caribou/organizations/:id as declared: SPEC has it answer false on any failure, a bad
 * id or name included, so these never fail validation: an invalid part arrives as undefined.
 */
export const renameOrganizationParamsSchema = z.object({ id: positiveId.optional().catch(undefined) });
export const renameOrganizationLenientSchema = z
  .object({ organizationName: requiredText(200).optional().catch(undefined) })
  .catch({ organizationName: undefined });

/* ---------- Audit trail ---------- */

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actorUserId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  organizationId: z.number().nullable(),
  action: z.string(),
  subject: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(200).default(50),
});
export const auditResponseSchema = z.object({ entries: z.array(auditEntrySchema), total: z.number() });

/* ---------- Mocks ---------- */

/** The assessment API versions a mock case may target (/caribou/v3/property/assessment/zview). */
export const MOCK_API_VERSIONS = ['v3'] as const;
export const MOCK_LOCATION_TYPES = ['address', 'coordinates'] as const;

/** A mock response's payload: an assessment answer (SPEC's assessment response schema). */
export const mockPayloadSchema = assessmentResponseSchema;

export const mockResponseSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  caseCount: z.number(),
});
export const mockResponseSchema = mockResponseSummarySchema.extend({ payload: z.unknown() });
export type MockResponse = z.infer<typeof mockResponseSchema>;
export const mockResponsesResponseSchema = z.object({ results: z.array(mockResponseSummarySchema) });
export const mockResponseRequestSchema = z.object({
  name: requiredText(200),
  /** Validated against mockPayloadSchema by the server (a 400 names the bad field). */
  payload: z.unknown(),
});
export type MockResponseRequest = z.input<typeof mockResponseRequestSchema>;
export const mockResponseParamsSchema = z.object({ id: positiveId });
export const mockResponseDeletedSchema = z.object({ status: z.literal('deleted'), id: z.number() });

/** Products of a case: an array of product keys, or comma-joined. */
const mockProducts = z.preprocess(
  (value) => (typeof value === 'string' ? commaItems(value) : value),
  z
    .array(z.enum(PRODUCT_KEYS, { error: 'must be product keys' }))
    .min(1, 'must list at least one product')
    .max(PRODUCT_KEYS.length),
);

/** A mock case (SPEC §3): coordinates are 'lng,lat' (the form swaps what people type, SPEC §5). */
export const mockCaseSchema = z.object({
  location: z.string(),
  location_type: z.enum(MOCK_LOCATION_TYPES),
  apiVersion: z.string(),
  mockResponseId: z.number(),
  products: z.array(z.string()),
  mockResponseName: z.string().optional(),
});
export type MockCase = z.infer<typeof mockCaseSchema>;
export const mockCasesResponseSchema = z.object({ results: z.array(mockCaseSchema) });

const lngLatText = /^\s*-?\d{1,3}(\.\d+)?\s*,\s*-?\d{1,3}(\.\d+)?\s*$/;
export const mockCaseRequestSchema = z
  .object({
    location: requiredText(300),
    location_type: z.enum(MOCK_LOCATION_TYPES),
    apiVersion: z.enum(MOCK_API_VERSIONS, { error: `must be one of ${MOCK_API_VERSIONS.join(', ')}` }).default('v3'),
    mockResponseId: positiveId,
    products: mockProducts,
  })
  .superRefine((body, ctx) => {
    if (body.location_type !== 'coordinates') return;
    const [lng, lat] = body.location.split(',').map(Number) as [number, number];
    if (!lngLatText.test(body.location) || Math.abs(lng) > 180 || Math.abs(lat) > 90) {
      ctx.addIssue({ code: 'custom', path: ['location'], message: "must be coordinates 'lng,lat'" });
    }
  });
export type MockCaseRequest = z.input<typeof mockCaseRequestSchema>;
export const deleteMockCaseParamsSchema = z.object({ mockResponseId: positiveId });
export const mockCaseDeletedSchema = z.object({ status: z.literal('deleted'), mockResponseId: z.number() });
export const deleteMockCaseQuerySchema = z.object({
  location: requiredText(300),
  location_type: z.enum(MOCK_LOCATION_TYPES),
  apiVersion: z.enum(MOCK_API_VERSIONS).default('v3'),
  products: mockProducts,
});

/** GET /caribou/mocks/addresses: mock locations with their products (every signed-in user). */
export const mockAddressSchema = z.object({
  location: z.string(),
  location_type: z.enum(MOCK_LOCATION_TYPES),
  apiVersion: z.string(),
  products: z.array(z.string()),
  /** What the property view's search takes: the address, or 'lat,lng'. */
  lookupLocation: z.string(),
});
export const mockAddressesResponseSchema = z.object({ results: z.array(mockAddressSchema) });
export type MockAddress = z.infer<typeof mockAddressSchema>;

/** 'lat,lng' as typed → 'lng,lat' as a mock case stores it (SPEC §5). Null when not a pair. */
export function latLngToLngLat(textValue: string): string | null {
  const parts = textValue.split(',').map((p) => p.trim());
  if (parts.length !== 2 || parts.some((p) => p === '' || !Number.isFinite(Number(p)))) return null;
  const [lat, lng] = parts.map(Number) as [number, number];
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return `${parts[1]},${parts[0]}`;
}
