import { z } from 'zod';

/**
 * Data discovery ("zorro", SPEC §2/§6/§7): regulatory rate filings searched, read and compared.
 * Request and response schemas of every /api/zorro call, shared by the server and the web app.
 */
export const ZORRO_LINES = ['homeowners', 'dwelling fire', 'commercial property', 'farmowners', 'mobile home'] as const;
export const ZORRO_FILING_TYPES = ['rate', 'rule', 'form', 'rate/rule'] as const;
export const ZORRO_STATUSES = ['approved', 'pending', 'withdrawn', 'disapproved'] as const;
/** The hazard a cited model scores (filter "cited a wildfire model"). */
export const ZORRO_MODEL_CATEGORIES = [
  'wildfire',
  'hail',
  'wind',
  'roof age',
  'flood',
  'storm',
  'catastrophe',
] as const;
export const ZORRO_DOCUMENT_KINDS = [
  'actuarial memorandum',
  'rate pages',
  'rule manual',
  'model documentation',
  'objection letter',
  'other',
] as const;
export const ZORRO_SORTS = ['relevance', 'submitted', 'effective', 'rateChange', 'company', 'state', 'status'] as const;
/** Marks around a highlighted term in `highlight` passages (control characters never stored in text). */
export const ZORRO_MARK_START = '\u0002';
export const ZORRO_MARK_END = '\u0003';
export const ZORRO_MAX_PAGE_SIZE = 1000;

/**
 * A rate change as shown everywhere (explorer text, its figure chips, the finder): one decimal and a
 * sign, so a chip and a sentence never show the same figure two ways ("+13.9%", "−2.4%"). A cut has
 * a real minus sign (U+2212), as every signed change in the product; one that rounds to 0 has none.
 * Exports keep the raw number.
 */
export const formatRateChange = (x: number | null | undefined) => {
  if (x === null || x === undefined || Number.isNaN(Number(x))) return '—';
  const rounded = Number(Number(x).toFixed(1));
  return `${rounded > 0 ? '+' : rounded < 0 ? '−' : ''}${Math.abs(rounded).toFixed(1)}%`;
};

/** Printable text: no NUL or other control characters (tabs and newlines allowed). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const zorroText = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters.`)
    .refine((s) => !CONTROL.test(s), 'Control characters are not allowed.');

/** A query parameter given once or repeated (`state=CA&state=CO`), or comma-joined. */
const list = <T extends z.ZodType<string, string>>(item: T, max = 60) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) =>
      v === undefined
        ? []
        : (Array.isArray(v) ? v : [v])
            .flatMap((s) => s.split(','))
            .map((s) => s.trim())
            .filter(Boolean),
    )
    .pipe(z.array(item).max(max, `At most ${max} values.`));

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'Not a date.');
const rate = z.coerce
  .number()
  .min(-100, 'A rate change is at least -100%.')
  .max(1000, 'A rate change is at most 1000%.');
const stateCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'A state is a two-letter code.')
  // overwrite, not transform: still a string to JSON Schema (the answers echo these filters).
  .overwrite((s) => s.toUpperCase());

/** Filters shared by search, facets, grid and the explorer. */
export const zorroFiltersSchema = z.object({
  q: zorroText(300).optional(),
  state: list(stateCode),
  company: zorroText(200).optional(),
  group: list(zorroText(200)),
  line: list(z.enum(ZORRO_LINES)),
  type: list(z.enum(ZORRO_FILING_TYPES)),
  status: list(z.enum(ZORRO_STATUSES)),
  /** A cited model or vendor name, e.g. "Z-FIRE". */
  model: list(zorroText(100)),
  category: list(z.enum(ZORRO_MODEL_CATEGORIES)),
  submittedFrom: isoDate.optional(),
  submittedTo: isoDate.optional(),
  effectiveFrom: isoDate.optional(),
  effectiveTo: isoDate.optional(),
  rateMin: rate.optional(),
  rateMax: rate.optional(),
  /** Chip ids of readings of `q` the person removed (issue 40): their words are searched as words. */
  ignore: list(zorroText(300), 40),
});
export type ZorroFilters = z.output<typeof zorroFiltersSchema>;
export type ZorroFiltersInput = z.input<typeof zorroFiltersSchema>;

/**
 * What was read from the search box or a question (issue 40): each reading is a chip the person can
 * remove; its id then goes back in `ignore`, and its words are searched as words.
 */
export const ZORRO_CHIP_KINDS = [
  'company',
  'group',
  'state',
  'line',
  'type',
  'status',
  'dates',
  'rate',
  'category',
  'model',
] as const;
export const zorroUnderstoodChipSchema = z.object({
  id: z.string(),
  kind: z.enum(ZORRO_CHIP_KINDS),
  label: z.string(),
  /** The words it was read from, as typed. */
  text: z.string(),
});
export type ZorroUnderstoodChip = z.infer<typeof zorroUnderstoodChipSchema>;
export const zorroUnderstoodSchema = z.object({
  chips: z.array(zorroUnderstoodChipSchema),
  /** The words searched after the reading (stop words out). */
  words: z.string(),
  /** Words no filing (under the filters) holds together with the others: left out so something is found. */
  dropped: z.array(z.string()),
  /** Readings left out because, with them, nothing matched (still listed in `chips`). */
  relaxed: z.array(z.string()),
});
export type ZorroUnderstood = z.infer<typeof zorroUnderstoodSchema>;

export const zorroSearchQuerySchema = zorroFiltersSchema.extend({
  sort: z.enum(ZORRO_SORTS).default('relevance'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ZORRO_MAX_PAGE_SIZE).default(25),
});
export type ZorroSearchQuery = z.output<typeof zorroSearchQuerySchema>;

/** The grid's columns (what a CSV/XLSX export holds, in this order). */
export const ZORRO_GRID_COLUMNS = [
  'state',
  'company',
  'naicGroup',
  'trackingNumber',
  'line',
  'filingType',
  'submittedOn',
  'effectiveOn',
  'overallChange',
  'models',
  'status',
] as const;
export type ZorroGridColumn = (typeof ZORRO_GRID_COLUMNS)[number];

/** GET /api/zorro/export: every filing matching the filters, in the grid's order, streamed as CSV or XLSX. */
export const zorroExportQuerySchema = zorroFiltersSchema.extend({
  sort: z.enum(ZORRO_SORTS).default('submitted'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  format: z.enum(['csv', 'xlsx']).default('csv'),
  columns: list(z.enum(ZORRO_GRID_COLUMNS), ZORRO_GRID_COLUMNS.length),
});
export type ZorroExportQuery = z.output<typeof zorroExportQuerySchema>;

export const zorroHitSchema = z.object({
  documentId: z.number(),
  documentTitle: z.string(),
  page: z.number(),
  /** The matching passage with terms between ZORRO_MARK_START and ZORRO_MARK_END. */
  highlight: z.string(),
});
export type ZorroHit = z.infer<typeof zorroHitSchema>;

export const zorroFilingSummarySchema = z.object({
  id: z.number(),
  trackingNumber: z.string(),
  title: z.string(),
  state: z.string(),
  company: z.string(),
  naicGroup: z.string(),
  line: z.string(),
  filingType: z.string(),
  status: z.string(),
  submittedOn: z.string(),
  dispositionOn: z.string().nullable(),
  effectiveOn: z.string().nullable(),
  overallChange: z.number().nullable(),
  models: z.array(z.string()),
  categories: z.array(z.string()),
  sample: z.boolean(),
  hit: zorroHitSchema.nullable(),
});
export type ZorroFilingSummary = z.infer<typeof zorroFilingSummarySchema>;

/**
 * When many filings fit a search equally (a short query such as "Keystone Home Hawaii" whose words
 * are all read as filters: nothing tells its filings apart), how many do, and the fields that split
 * them, each value a one-click filter.
 */
export const ZORRO_NARROW_FIELDS = ['year', 'line', 'type', 'status', 'state', 'company'] as const;
export const zorroNarrowingSchema = z.object({
  /** How many filings fit the search as well as the first result. */
  tied: z.number(),
  facets: z.array(
    z.object({
      field: z.enum(ZORRO_NARROW_FIELDS),
      /** The most frequent values among the tied filings (years newest first), with their counts. */
      values: z.array(z.object({ value: z.string(), count: z.number() })),
      /** How many other values are not listed. */
      more: z.number(),
    }),
  ),
});
export type ZorroNarrowing = z.infer<typeof zorroNarrowingSchema>;

export const zorroSearchResponseSchema = z.object({
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  results: z.array(zorroFilingSummarySchema),
  /** How the search box was read (absent without search words). */
  understood: zorroUnderstoodSchema.optional(),
  /** Present when several filings fit the search box's text equally well, on the first page of a relevance sort. */
  narrow: zorroNarrowingSchema.optional(),
});
export type ZorroSearchResponse = z.infer<typeof zorroSearchResponseSchema>;

const facet = z.array(z.object({ value: z.string(), count: z.number() }));
export const zorroFiltersResponseSchema = z.object({
  total: z.number(),
  facets: z.object({
    state: facet,
    line: facet,
    type: facet,
    status: facet,
    model: facet,
    category: facet,
    group: facet,
  }),
  ranges: z.object({
    submitted: z.object({ min: z.string().nullable(), max: z.string().nullable() }),
    rateChange: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
  }),
});
export type ZorroFiltersResponse = z.infer<typeof zorroFiltersResponseSchema>;

export const zorroFilingSchema = zorroFilingSummarySchema.omit({ hit: true }).extend({
  naicCode: z.string().nullable(),
  vendors: z.array(z.string()),
  source: z.string(),
  coverages: z.array(z.object({ coverage: z.string(), change: z.number() })),
  objections: z.array(
    z.object({
      seq: z.number(),
      objectedOn: z.string().nullable(),
      objection: z.string(),
      respondedOn: z.string().nullable(),
      response: z.string().nullable(),
    }),
  ),
  documents: z.array(z.object({ id: z.number(), kind: z.string(), title: z.string(), pageCount: z.number() })),
});
export type ZorroFiling = z.infer<typeof zorroFilingSchema>;

export const zorroDocumentQuerySchema = z.object({ q: zorroText(300).optional() });
export const zorroDocumentSchema = z.object({
  id: z.number(),
  filingId: z.number(),
  trackingNumber: z.string(),
  kind: z.string(),
  title: z.string(),
  pages: z.array(z.object({ number: z.number(), text: z.string(), matches: z.boolean() })),
});
export type ZorroDocument = z.infer<typeof zorroDocumentSchema>;

export const zorroIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

// Explorer ---------------------------------------------------------------------------------------

export const zorroConversationSchema = z.object({
  id: z.number(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ZorroConversation = z.infer<typeof zorroConversationSchema>;
export const zorroConversationsResponseSchema = z.object({ conversations: z.array(zorroConversationSchema) });
export const zorroConversationCreateSchema = z.object({ title: zorroText(120).trim().min(1).optional() });
export const zorroConversationRenameSchema = z.object({
  title: zorroText(120).trim().min(1, 'Give the conversation a name.'),
});
export const zorroAskSchema = z.object({
  question: zorroText(1000).trim().min(3, 'Ask a question of at least 3 characters.'),
});

export const zorroCitationSchema = z.object({
  n: z.number(),
  filingId: z.number(),
  trackingNumber: z.string(),
  company: z.string(),
  state: z.string(),
  documentId: z.number(),
  documentTitle: z.string(),
  page: z.number(),
  passage: z.string(),
});
export type ZorroCitation = z.infer<typeof zorroCitationSchema>;

export const zorroFiguresSchema = z.object({
  count: z.number(),
  /** How many of them state an overall rate change (form filings often do not); absent in answers saved before it. */
  rateChangeCount: z.number().optional(),
  medianRateChange: z.number().nullable(),
  averageRateChange: z.number().nullable(),
  minRateChange: z.number().nullable(),
  maxRateChange: z.number().nullable(),
  firstSubmitted: z.string().nullable(),
  lastSubmitted: z.string().nullable(),
});
export type ZorroFigures = z.infer<typeof zorroFiguresSchema>;

export const zorroSuggestionSchema = z.object({ filter: z.string(), label: z.string(), count: z.number() });

export const zorroAnswerSchema = z.object({
  mode: z.enum(['extractive', 'llm']),
  /** The filters read from the question (state, line, category, dates…), as a human sentence too. */
  interpreted: z.object({
    filters: zorroFiltersSchema.partial().loose(),
    description: z.string(),
    keywords: z.string(),
  }),
  figures: zorroFiguresSchema,
  /** Every sentence of the answer with the citation numbers it rests on. */
  sentences: z.array(z.object({ text: z.string(), citations: z.array(z.number()) })),
  citations: z.array(zorroCitationSchema),
  zeroResults: z.boolean(),
  suggestions: z.array(zorroSuggestionSchema),
  /** Sentences of an LLM answer dropped because they cited nothing retrieved. */
  droppedClaims: z.number(),
});
export type ZorroAnswer = z.infer<typeof zorroAnswerSchema>;

export const zorroMessageSchema = z.object({
  id: z.number(),
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  answer: zorroAnswerSchema.nullable(),
  createdAt: z.string(),
});
export type ZorroMessage = z.infer<typeof zorroMessageSchema>;
export const zorroMessagesResponseSchema = z.object({
  conversation: zorroConversationSchema,
  messages: z.array(zorroMessageSchema),
});
export const zorroAskResponseSchema = z.object({ question: zorroMessageSchema, answer: zorroMessageSchema });
