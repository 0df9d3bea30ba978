import { z } from 'zod';
import { commaList, text } from './text.js';
import { FILE_STATUSES } from './enums.js';

/** Request schemas of the portfolio calls (SPEC §7). Numbers may arrive as strings in queries. */
const id = z.coerce.number().int().positive();

export const portfolioCreateSchema = z.object({
  name: text().trim().min(1, 'Give the portfolio a name.').max(200, 'The name can be at most 200 characters.'),
  description: text().max(2000).optional().default(''),
  portfolioType: text().max(100).optional().default(''),
  /** Comma-joined product keys, e.g. "zfire,zhail". */
  products: text().min(1, 'Choose at least one product.'),
  uploadedFileName: text().min(1, 'Upload a file first.'),
  assignedOrganizationId: id.optional(),
  /** Which column holds what, as the person chose it (issue 43); the detected mapping when absent. */
  columnMapping: z.lazy(() => columnMappingInputSchema).optional(),
  /** A saved mapping of the organisation (GET /caribou/portfolio/mappings) to read the file with. */
  mappingId: id.optional(),
});
export type PortfolioCreate = z.input<typeof portfolioCreateSchema>;

export const portfolioNameCheckSchema = z.object({
  organizationId: id,
  portfolioName: text().trim().min(1, 'Give the portfolio a name.').max(200),
});

export const portfolioStatusPatchSchema = z.object({ status: z.enum(FILE_STATUSES) });

export const portfolioPatchSchema = z
  .object({
    name: text().trim().min(1).max(200).optional(),
    organizationId: id.optional(),
  })
  .refine((body) => body.name !== undefined || body.organizationId !== undefined, 'Send a new name or organizationId.');

export const PORTFOLIO_EXPORT_EXTRA_COLUMNS = [
  'score',
  'risk_level',
  'confidence',
  'top_factors',
  'geocode_precision',
  'model_version',
  'problem',
] as const;

export const portfolioExportChoiceSchema = z.object({
  data: z.object({ columns: z.array(text()).min(1, 'Choose at least one column.') }),
});

/** GET …/export and PUT …/update_export: the file type (CSV unless asked). */
export const portfolioExportFormatQuerySchema = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

const page = z.coerce.number().int().min(1).default(1);
const itemsPerPage = z.coerce.number().int().min(1).max(500).default(25);

export const portfolioListQuerySchema = z.object({
  product: commaList,
  status: commaList,
  organization: commaList,
  search: text().max(200).optional(),
  page,
  itemsPerPage,
});

export const portfolioPageQuerySchema = z.object({ page, itemsPerPage, product: text().optional() });

export const portfolioPropertiesQuerySchema = z.object({
  page,
  itemsPerPage,
  product: text().optional(),
  riskLevel: commaList,
  sort: z.enum(['rowNumber', 'ref', 'score', 'riskLevel', 'confidence']).default('rowNumber'),
  order: z.enum(['asc', 'desc']).default('asc'),
});

export const JOB_STATES = ['queued', 'running', 'suspended', 'complete'] as const;
export type JobState = (typeof JOB_STATES)[number];
export type JobFilter = 'all' | JobState;

export const jobsQuerySchema = z.object({
  filter: z.enum(['all', ...JOB_STATES]).default('all'),
  organization: z.coerce.number().int().positive().optional(),
  page,
  itemsPerPage,
});

/**
 * Internal admins send this request header with GET /caribou/portfolios (SPEC §6: "a request
 * header carries the role group") to list every organisation's portfolios.
 */
export const PORTFOLIO_ROLE_GROUP_HEADER = 'x-role-group';
/** The role group of internal ({product}) admins, as in the login token's groups. */
export const INTERNAL_ADMIN_ROLE_GROUP = 'zview-admins';

/** GET /caribou/portfolio/{id}/map: where the results map's vector tiles are. */
export const portfolioMapQuerySchema = z.object({ product: text().min(1, 'Name the product whose results to show.') });

const tileCoordinate = z.coerce
  .number()
  .int()
  .min(0)
  .max(2 ** 22);
export const portfolioTileParamsSchema = z
  .object({
    id: z.coerce.number().int().positive(),
    z: z.coerce.number().int().min(0).max(22),
    x: tileCoordinate,
    y: tileCoordinate,
  })
  .refine((t) => t.x < 2 ** t.z && t.y < 2 ** t.z, 'The tile x and y must be below 2^z.');

export const portfolioTileQuerySchema = z.object({
  product: text().min(1),
  run: z.coerce.number().int().positive().optional(),
  exp: text().optional(),
  sig: text().optional(),
});

/** How the columns of an uploaded file locate its rows (what the dry run recognised). */
export type PortfolioLayout = 'oed' | 'address' | 'street_city_state_zip' | 'coordinates';

/** The fields an uploaded file's columns can be recognised as (apps/server/src/domain/portfolio/columns.ts). */
export const LOCATION_FIELDS = [
  'id',
  'address',
  'street',
  'city',
  'state',
  'zip',
  'country',
  'latitude',
  'longitude',
] as const;
export type LocationField = (typeof LOCATION_FIELDS)[number];

/** Building attributes (OED names) handed to the scorer when present. */
export const ATTRIBUTE_FIELDS = [
  'buildingTiv',
  'occupancyCode',
  'constructionCode',
  'yearBuilt',
  'roofCover',
  'numberOfStoreys',
  'floorArea',
  'contentsTiv',
  'biTiv',
  'otherTiv',
] as const;
export type AttributeField = (typeof ATTRIBUTE_FIELDS)[number];

export type RecognisedField = LocationField | AttributeField;

/** How a portfolio's columns were recognised (stored with the portfolio: portfolios.column_mapping). */
export interface ColumnMapping {
  /** The header exactly as uploaded (order kept). */
  header: string[];
  /** Field → index of the column that holds it. */
  fields: Partial<Record<RecognisedField, number>>;
  /** Columns not recognised: kept and exported as they are. */
  unknownColumns: number[];
  /** null when the file has no usable location column at all. */
  layout: PortfolioLayout | null;
}

export const RECOGNISED_FIELDS = [...LOCATION_FIELDS, ...ATTRIBUTE_FIELDS] as const;

/**
 * A mapping as a person or an API client states it (issue 43): each field → the name of the
 * column that holds it, exactly as in the file's header. Fields left out are not read; columns
 * not named are kept as they are.
 */
export const columnMappingInputSchema = z
  .object({
    fields: z.partialRecord(z.enum(RECOGNISED_FIELDS), text().min(1).max(500)),
  })
  .strict();
export type ColumnMappingInput = z.infer<typeof columnMappingInputSchema>;

/** POST /caribou/portfolio/uploads/{name}/check: the dry run with a mapping of the person's own. */
export const uploadCheckRequestSchema = z
  .object({ columnMapping: columnMappingInputSchema.optional(), mappingId: id.optional() })
  .strict();

// ---------------------------------------------------------------------------------------------
// Response schemas of the portfolio calls: the server declares them on its routes (checked in
// tests, and the source of the OpenAPI document) and the web client parses/types its answers
// with them. Never hand-write a copy of these types.

const isoDate = z.string();
const fileStatus = z.enum(FILE_STATUSES);
const riskLevel = z.enum(['low', 'medium', 'high', 'none']);
const paged = { total: z.number(), page: z.number(), itemsPerPage: z.number() };

export const runProgressSchema = z.object({ committed: z.number(), total: z.number(), percent: z.number() });
export type RunProgress = z.infer<typeof runProgressSchema>;

/** What create, add-products and status changes answer: one product of a portfolio. */
export const portfolioProductStubSchema = z.object({
  portfolioId: z.number(),
  name: z.string(),
  product: z.string(),
  status: fileStatus,
  statusLabel: z.string().nullable(),
  organizationId: z.number(),
  createdAt: isoDate,
});
export type PortfolioProductStub = z.infer<typeof portfolioProductStubSchema>;
export const portfolioProductStubsSchema = z.array(portfolioProductStubSchema);

/** GET /caribou/portfolios */
export const portfolioListSchema = z.object({
  portfolios: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      description: z.string(),
      portfolioType: z.string(),
      organizationId: z.number(),
      organizationName: z.string(),
      originalFileName: z.string(),
      rowCount: z.number().nullable(),
      createdAt: isoDate,
      processingError: z.string().nullable(),
      products: z.array(
        z.object({
          product: z.string(),
          status: fileStatus,
          statusLabel: z.string().nullable(),
          progress: runProgressSchema.nullable(),
        }),
      ),
    }),
  ),
  ...paged,
});
export type PortfolioList = z.infer<typeof portfolioListSchema>;
export type PortfolioListItem = PortfolioList['portfolios'][number];
export type PortfolioListProduct = PortfolioListItem['products'][number];

const filterOption = z.object({
  value: z.union([z.string(), z.number()]),
  display: z.string(),
  count: z.number().optional(),
});
export type FilterOption = z.infer<typeof filterOption>;
/** GET /caribou/portfolios/metadata: the list's filters (Filter kinds: product, status, organization). */
export const portfolioListMetadataSchema = z.object({
  filters: z.object({
    product: z.array(filterOption),
    status: z.array(filterOption),
    organization: z.array(filterOption),
  }),
});
export type PortfolioListMetadata = z.infer<typeof portfolioListMetadataSchema>;

const riskCounts = z.object({ low: z.number(), medium: z.number(), high: z.number(), none: z.number() });
export type RiskCounts = z.infer<typeof riskCounts>;

/** GET /caribou/portfolio/{id}/metadata */
export const portfolioMetadataSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  portfolioType: z.string(),
  organizationId: z.number(),
  rowCount: z.number().nullable(),
  columns: z.array(z.string()),
  layout: z.string().nullable(),
  createdAt: isoDate,
  processingError: z.string().nullable(),
  statusCounts: z.record(z.string(), z.number()),
  unusableRows: z.number(),
  geocodePrecision: z.record(z.string(), z.number()),
  products: z.array(
    z.object({
      product: z.string(),
      status: fileStatus,
      statusLabel: z.string().nullable(),
      currentRunId: z.number().nullable(),
      /** The saved export column choice (PUT …/export), or null for the default. */
      exportColumns: z.array(z.string()).nullable(),
      exportedAt: isoDate.nullable(),
      progress: runProgressSchema.nullable(),
      riskLevels: riskCounts,
      errorCount: z.number(),
      runs: z.array(
        z.object({
          runId: z.number(),
          modelVersion: z.string().nullable(),
          dataDate: z.string().nullable(),
          previousRunId: z.number().nullable(),
          changedCount: z.number().nullable(),
          startedAt: isoDate,
          completedAt: isoDate.nullable(),
          suspended: z.boolean(),
          progress: runProgressSchema.nullable(),
        }),
      ),
    }),
  ),
});
export type PortfolioMetadata = z.infer<typeof portfolioMetadataSchema>;
export type PortfolioMetadataProduct = PortfolioMetadata['products'][number];

const topFactors = z.array(z.object({ name: z.string(), contribution: z.number() }));

/** GET /caribou/portfolio/{id}/properties */
export const propertiesPageSchema = z.object({
  product: z.string().nullable(),
  properties: z.array(
    z.object({
      rowNumber: z.number(),
      ref: z.string().nullable(),
      address: z.string().nullable(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      geocodePrecision: z.string().nullable(),
      score: z.number().nullable(),
      riskLevel: riskLevel.nullable(),
      confidence: z.number().nullable(),
      topFactors,
      modelVersion: z.string().nullable(),
    }),
  ),
  ...paged,
});
export type PropertiesPage = z.infer<typeof propertiesPageSchema>;
export type PortfolioProperty = PropertiesPage['properties'][number];

/** GET /caribou/portfolio/{id}/errors */
export const errorsPageSchema = z.object({
  product: z.string().nullable(),
  errors: z.array(
    z.object({ rowNumber: z.number(), ref: z.string().nullable(), address: z.string().nullable(), reason: z.string() }),
  ),
  ...paged,
});
export type ErrorsPage = z.infer<typeof errorsPageSchema>;

/** GET /caribou/portfolio/{id}/autocomplete */
export const portfolioSuggestionsSchema = z.object({
  suggestions: z.array(z.object({ rowNumber: z.number(), ref: z.string().nullable(), address: z.string().nullable() })),
});
export type PortfolioSuggestions = z.infer<typeof portfolioSuggestionsSchema>;

/** GET /caribou/portfolio/{id}/raw */
export const rawRowsPageSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.object({ rowNumber: z.number(), values: z.array(z.string()) })),
  ...paged,
});

const propertyResult = z.object({
  runId: z.number(),
  score: z.number().nullable(),
  riskLevel: riskLevel.nullable(),
  confidence: z.number().nullable(),
  topFactors,
  modelVersion: z.string().nullable(),
  dataDate: z.string().nullable(),
  scoredAt: isoDate,
  problem: z.string().nullable(),
});
export type PropertyResult = z.infer<typeof propertyResult>;

/** GET /caribou/portfolio/{batch}/property/{property}/{product} */
export const portfolioPropertyDetailSchema = z.object({
  portfolioId: z.number(),
  product: z.string(),
  rowNumber: z.number(),
  ref: z.string().nullable(),
  address: z.string().nullable(),
  values: z.record(z.string(), z.string()),
  geocode: z.object({
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    precision: z.string().nullable(),
    problem: z.string().nullable(),
  }),
  problem: z.string().nullable(),
  result: propertyResult.nullable(),
  history: z.array(propertyResult),
});
export type PortfolioPropertyDetail = z.infer<typeof portfolioPropertyDetailSchema>;

/** POST /caribou/portfolios/names */
export const portfolioNameCheckResultSchema = z.object({ available: z.boolean(), message: z.string().optional() });
/** PATCH /caribou/portfolio/{id} */
export const portfolioPatchResultSchema = z.object({ id: z.number(), name: z.string(), organizationId: z.number() });
/** PUT …/rerun_portfolio (202) */
export const portfolioRerunResultSchema = z.object({
  portfolioId: z.number(),
  product: z.string(),
  runId: z.number(),
  status: fileStatus,
  statusLabel: z.string().nullable().optional(),
});
/** PUT …/export: the saved column choice. */
export const portfolioExportChoiceResultSchema = z.object({ columns: z.array(z.string()) });
/** PUT …/update_export: the export mark (sizeBytes of the stored CSV; null for XLSX). */
export const portfolioExportMarkSchema = z.object({ exportedAt: isoDate, sizeBytes: z.number().nullable() });

/** GET /caribou/portfolio/{id}/map: where the results map's vector tiles are. */
export const portfolioMapSourceSchema = z.object({
  /** Signed tile URL template ({z}/{x}/{y}) for MapLibre; valid for about an hour. */
  tiles: z.array(z.string()),
  /** The source-layer name inside the tiles. */
  layer: z.string(),
  /** West, south, east, north of the placed properties, or null before geocoding. */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  /** From this zoom the tiles hold single properties instead of clusters. */
  pointsMinZoom: z.number(),
  maxzoom: z.number(),
  runId: z.number().nullable(),
});
export type PortfolioMapSource = z.infer<typeof portfolioMapSourceSchema>;

/** The dry run of an uploaded file: GET /caribou/portfolio/uploads/{name}/check. */
export const uploadCheckSchema = z.object({
  uploadedFileName: z.string(),
  originalFileName: z.string(),
  sizeBytes: z.number(),
  delimiter: z.string(),
  hasBom: z.boolean(),
  /** The text encoding the file was read in: UTF-8, UTF-16, Windows-1252 (Western European). */
  encoding: z.string().optional(),
  layout: z.enum(['oed', 'address', 'street_city_state_zip', 'coordinates']).nullable(),
  recognisedColumns: z.array(z.object({ column: z.string(), meaning: z.string() })),
  keptColumns: z.array(z.string()),
  idColumn: z.string().nullable(),
  totalRows: z.number().nullable(),
  usableRows: z.number().nullable(),
  failingRowCount: z.number().nullable(),
  failingRows: z.array(z.object({ rowNumber: z.number(), ref: z.string().nullable(), reason: z.string() })),
  summary: z.string(),
  /** Every column of the file with the field it is read as (null: kept as it is) and its first values (issue 43). */
  columns: z
    .array(z.object({ name: z.string(), field: z.enum(RECOGNISED_FIELDS).nullable(), samples: z.array(z.string()) }))
    .optional(),
  /** The mapping the check read the file with, as field → column name (send it back to create). */
  mapping: columnMappingInputSchema.optional(),
  /** The organisation's saved mapping applied because the file has the same headers, if any. */
  appliedMapping: z.object({ id: z.number(), name: z.string() }).nullable().optional(),
  /** Why the chosen mapping cannot be used (a column named twice, no location…), if it cannot. */
  mappingProblems: z.array(z.string()).optional(),
});
export type UploadCheck = z.infer<typeof uploadCheckSchema>;

/** The answer of POST /caribou/portfolio/csv: the stored name that create takes, and its check. */
export const uploadResultSchema = z.object({
  uploadedFileName: z.string(),
  originalFileName: z.string(),
  sizeBytes: z.number(),
  check: uploadCheckSchema,
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** GET /caribou/jobs: the portfolios' background work (internal admins, every organisation). */
/**
 * A portfolio's file read (ingest; its id is the portfolio's), one of its scoring runs (the run's id),
 * or the analysis of a product's current run once it completed (exposure, aggregates, rings; the run's id).
 */
export const JOB_TYPES = ['portfolio-ingest', 'portfolio-run', 'portfolio-analysis'] as const;
export type JobType = (typeof JOB_TYPES)[number];
export const jobSchema = z.object({
  id: z.number(),
  type: z.enum(JOB_TYPES),
  state: z.enum(JOB_STATES),
  portfolioId: z.number(),
  portfolioName: z.string(),
  organizationId: z.number(),
  organizationName: z.string(),
  product: z.string(),
  modelVersion: z.string(),
  /** Committed chunks of all (a file read: 1 of 1 once read; an analysis: its parts built, of 3). */
  progress: z.object({ committed: z.number(), total: z.number() }),
  createdAt: isoDate,
  completedAt: isoDate.nullable(),
  suspendedAt: isoDate.nullable(),
});
export type Job = z.infer<typeof jobSchema>;
export const jobsPageSchema = z.object({ jobs: z.array(jobSchema), ...paged });
export type JobsPage = z.infer<typeof jobsPageSchema>;
/** GET /caribou/jobs/metadata */
export const jobsMetadataSchema = z.object({
  filters: z.array(z.enum(['all', ...JOB_STATES])),
  counts: z.record(z.enum(JOB_STATES), z.number()),
});
export type JobsMetadata = z.infer<typeof jobsMetadataSchema>;
/** POST /caribou/jobs/{id}/suspend and /resume */
export const jobStateChangeSchema = z.object({ id: z.number(), state: z.enum(JOB_STATES) });
/** Which kind of job the id names (a scoring run by default, as before the file read was a job). */
export const jobStateChangeQuerySchema = z.object({ type: z.enum(JOB_TYPES).default('portfolio-run') });

/** Path parameters of the portfolio routes: a portfolio, a product of it, an uploaded file. */
export const portfolioIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const portfolioProductParamsSchema = z.object({ id: z.coerce.number().int().positive(), p: z.string().min(1) });
export const uploadNameParamsSchema = z.object({ name: z.string().min(1).max(100) });
/** GET /caribou/portfolio/:id/autocomplete: addresses of the portfolio matching `q`. */
export const portfolioAutocompleteQuerySchema = z.object({
  q: z.string().trim().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
/** GET /caribou/portfolio/:batch/property/:property/:product: one row of a portfolio for one product. */
export const portfolioPropertyParamsSchema = z.object({
  batch: z.coerce.number().int().positive(),
  property: z.coerce.number().int().positive(),
  product: z.string().min(1),
});
/** POST /api/caribou/portfolios: staff may create for another organisation with `target_resource_org_id`. */
export const portfolioCreateQuerySchema = z.object({
  target_resource_org_id: z.coerce.number().int().positive().optional(),
});

/**
 * POST /api/caribou/portfolios/:id/product/:p as declared: the organisation comes from the body or
 * `target_resource_org_id`; any part missing or malformed answers 'Missing required parameters'
 * (SPEC), so these accept anything and the handler checks the whole (addProductsSchema).
 */
export const addProductsBodySchema = z
  .object({ organizationId: z.unknown().optional() })
  .catch({ organizationId: undefined });
export const addProductsQuerySchema = z.object({ target_resource_org_id: z.unknown().optional() });
export const addProductsSchema = z.object({
  id: z.coerce.number().int().positive(),
  p: z.string().min(1),
  organizationId: z.coerce.number().int().positive(),
});
