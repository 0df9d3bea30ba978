import { z } from 'zod';
import { FILE_STATUSES } from './enums.js';

/** Request schemas of the portfolio calls (SPEC §7). Numbers may arrive as strings in queries. */
const id = z.coerce.number().int().positive();

export const portfolioCreateSchema = z.object({
  name: z.string().trim().min(1, 'Give the portfolio a name.').max(200, 'The name can be at most 200 characters.'),
  description: z.string().max(2000).optional().default(''),
  portfolioType: z.string().max(100).optional().default(''),
  /** Comma-joined product keys, e.g. "zfire,zhail". */
  products: z.string().min(1, 'Choose at least one product.'),
  uploadedFileName: z.string().min(1, 'Upload a file first.'),
  assignedOrganizationId: id.optional(),
});
export type PortfolioCreate = z.input<typeof portfolioCreateSchema>;

export const portfolioNameCheckSchema = z.object({
  organizationId: id,
  portfolioName: z.string().trim().min(1, 'Give the portfolio a name.').max(200),
});

export const portfolioStatusPatchSchema = z.object({ status: z.enum(FILE_STATUSES) });

export const portfolioPatchSchema = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    organizationId: id.optional(),
  })
  .refine((body) => body.name !== undefined || body.organizationId !== undefined, 'Send a new name or organizationId.');

export const PORTFOLIO_EXPORT_EXTRA_COLUMNS = ['score', 'risk_level', 'confidence', 'top_factors', 'geocode_precision', 'model_version', 'problem'] as const;

export const portfolioExportChoiceSchema = z.object({
  data: z.object({ columns: z.array(z.string()).min(1, 'Choose at least one column.') }),
});

/** GET …/export and PUT …/update_export: the file type (CSV unless asked). */
export const portfolioExportFormatQuerySchema = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

const page = z.coerce.number().int().min(1).default(1);
const itemsPerPage = z.coerce.number().int().min(1).max(500).default(25);
const csvList = z
  .string()
  .optional()
  .transform((v) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : []));

export const portfolioListQuerySchema = z.object({
  product: csvList,
  status: csvList,
  organization: csvList,
  search: z.string().max(200).optional(),
  page,
  itemsPerPage,
});

export const portfolioPageQuerySchema = z.object({ page, itemsPerPage, product: z.string().optional() });

export const portfolioPropertiesQuerySchema = z.object({
  page,
  itemsPerPage,
  product: z.string().optional(),
  riskLevel: csvList,
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

/** GET /caribou/jobs: one job per portfolio scoring run (internal admins, every organisation). */
export interface Job {
  id: number;
  type: 'portfolio-run';
  state: JobState;
  portfolioId: number;
  portfolioName: string;
  organizationId: number;
  organizationName: string;
  product: string;
  modelVersion: string;
  /** Committed chunks of all. */
  progress: { committed: number; total: number };
  createdAt: string;
  completedAt: string | null;
  suspendedAt: string | null;
}

export interface JobsPage {
  jobs: Job[];
  total: number;
  page: number;
  itemsPerPage: number;
}

export interface PortfolioProductStub {
  portfolioId: number;
  name: string;
  product: string;
  status: (typeof FILE_STATUSES)[number];
  statusLabel: string | null;
  organizationId: number;
  createdAt: string;
}

/**
 * Internal admins send this request header with GET /caribou/portfolios (SPEC §6: "a request
 * header carries the role group") to list every organisation's portfolios.
 */
export const PORTFOLIO_ROLE_GROUP_HEADER = 'x-role-group';
/** The role group of internal ({product}) admins, as in the login token's groups. */
export const INTERNAL_ADMIN_ROLE_GROUP = 'zview-admins';

/** GET /caribou/portfolio/{id}/map: where the results map's vector tiles are. */
export const portfolioMapQuerySchema = z.object({ product: z.string().min(1, 'Name the product whose results to show.') });

export interface PortfolioMapSource {
  /** Signed tile URL template ({z}/{x}/{y}) for MapLibre; valid for about an hour. */
  tiles: string[];
  /** The source-layer name inside the tiles. */
  layer: string;
  /** West, south, east, north of the placed properties, or null before geocoding. */
  bounds: [number, number, number, number] | null;
  /** From this zoom the tiles hold single properties instead of clusters. */
  pointsMinZoom: number;
  maxzoom: number;
  runId: number | null;
}

const tileCoordinate = z.coerce.number().int().min(0).max(2 ** 22);
export const portfolioTileParamsSchema = z
  .object({ id: z.coerce.number().int().positive(), z: z.coerce.number().int().min(0).max(22), x: tileCoordinate, y: tileCoordinate })
  .refine((t) => t.x < 2 ** t.z && t.y < 2 ** t.z, 'The tile x and y must be below 2^z.');

export const portfolioTileQuerySchema = z.object({
  product: z.string().min(1),
  run: z.coerce.number().int().positive().optional(),
  exp: z.string().optional(),
  sig: z.string().optional(),
});

/** How the columns of an uploaded file locate its rows (what the dry run recognised). */
export type PortfolioLayout = 'oed' | 'address' | 'street_city_state_zip' | 'coordinates';

/** The fields an uploaded file's columns can be recognised as (apps/server/src/domain/portfolio/columns.ts). */
export const LOCATION_FIELDS = ['id', 'address', 'street', 'city', 'state', 'zip', 'country', 'latitude', 'longitude'] as const;
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

/** The dry run of an uploaded file: GET /caribou/portfolio/uploads/{name}/check. */
export interface UploadCheck {
  uploadedFileName: string;
  originalFileName: string;
  sizeBytes: number;
  delimiter: string;
  hasBom: boolean;
  layout: PortfolioLayout | null;
  recognisedColumns: { column: string; meaning: string }[];
  keptColumns: string[];
  idColumn: string | null;
  totalRows: number | null;
  usableRows: number | null;
  failingRowCount: number | null;
  failingRows: { rowNumber: number; ref: string | null; reason: string }[];
  summary: string;
}

/** The answer of POST /caribou/portfolio/csv: the stored name that create takes, and its check. */
export interface UploadResult {
  uploadedFileName: string;
  originalFileName: string;
  sizeBytes: number;
  check: UploadCheck;
}
