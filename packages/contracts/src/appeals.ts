import { z } from 'zod';
import { scoreResultSchema } from './assessment.js';
import { PRODUCT_KEYS } from './products.js';
import { commaList } from './text.js';

/**
 * Appeals (SPEC §3 "Appeal input: h3Index, product, featureName, manualInputs", §4 appeals flow,
 * §7 /caribou/appeals calls): a challenge of one product's score for one property by an
 * organisation, from draft to a published score version.
 */

/** Where an appeal stands. Open states: draft, submitted, under_review. */
export const APPEAL_STATUSES = [
  'draft',
  'submitted',
  'under_review',
  'accepted',
  'rejected',
  'reverted',
  'expired',
] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
export const OPEN_APPEAL_STATUSES = ['draft', 'submitted', 'under_review'] as const satisfies readonly AppealStatus[];
export const APPEAL_STATUS_LABELS: Record<AppealStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  under_review: 'Under review',
  accepted: 'Accepted (published)',
  rejected: 'Rejected',
  reverted: 'Draft reverted',
  expired: 'Expired',
};

/** Deadline of an appeal when the organisation has not chosen one. */
export const DEFAULT_APPEAL_DEADLINE_DAYS = 30;
/** Evidence files: photos, PDFs (receipts, inspection reports). */
export const APPEAL_EVIDENCE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export const APPEAL_EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;
export const APPEAL_EVIDENCE_MAX_FILES = 10;

/** Text a person typed: no control characters (NUL and friends), trimmed. */
const plainText = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters.`)
    // eslint-disable-next-line no-control-regex
    .refine((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s), 'Control characters are not allowed.')
    .transform((s) => s.trim());

const h3Index = z.string().regex(/^[0-9a-f]{15}$/, 'h3Index must be an H3 cell (15 hexadecimal characters).');
const propertyId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'propertyId is not a property id.');
const product = z.enum(PRODUCT_KEYS);
const featureName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9_]+$/, 'featureName must be a feature key such as roof_material.');

/** A manual input's value: its type and domain are checked against the model's feature on the server. */
export const manualInputValueSchema = z.union([z.number().finite(), z.string().max(64), z.boolean()]);
export const manualInputsSchema = z
  .record(featureName, manualInputValueSchema)
  .refine((inputs) => Object.keys(inputs).length <= 32, 'At most 32 manual inputs.');
export type ManualInputs = z.infer<typeof manualInputsSchema>;

/** The property and product an appeal is about. h3Index is SPEC's key; propertyId picks the property inside the cell. */
export const appealSubjectSchema = z.object({ h3Index, propertyId, product });
export type AppealSubject = z.infer<typeof appealSubjectSchema>;

/** GET /caribou/appeals/draft_details */
export const draftDetailsQuerySchema = appealSubjectSchema.extend({ featureName: featureName.optional() });

/** POST recalculate, features_modification, publish_features_modification, push_appeal (SPEC's Appeal input). */
export const APPEAL_KINDS = ['appeal', 'mitigation'] as const;
export type AppealKind = (typeof APPEAL_KINDS)[number];

export const appealInputSchema = appealSubjectSchema.extend({
  featureName: featureName.optional(),
  /** 'mitigation': a request to credit recorded mitigations (10 CCR 2644.9 list…); it has a re-score-by deadline. */
  kind: z.enum(APPEAL_KINDS).optional(),
  manualInputs: manualInputsSchema,
  reason: plainText(2000).optional(),
});
export type AppealInput = z.input<typeof appealInputSchema>;

/** POST revert_draft, push_draft, review, reject, expire: the appeal by id, or the open appeal of a subject. */
export const appealRefSchema = z
  .object({
    appealId: z.coerce
      .number()
      .int()
      .positive()
      .max(2 ** 31 - 1)
      .optional(),
    h3Index: h3Index.optional(),
    propertyId: propertyId.optional(),
    product: product.optional(),
    note: plainText(2000).optional(),
  })
  .refine(
    (ref) => ref.appealId !== undefined || (ref.propertyId !== undefined && ref.product !== undefined),
    'Send appealId, or propertyId and product of the open appeal.',
  );
export type AppealRef = z.input<typeof appealRefSchema>;

export const appealIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
export const evidenceParamsSchema = appealIdParamsSchema.extend({
  evidenceId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

export const appealListQuerySchema = z.object({
  status: commaList.pipe(z.array(z.enum(APPEAL_STATUSES))),
  product: product.optional(),
  propertyId: propertyId.optional(),
  overdue: z.enum(['true', 'false']).optional(),
  kind: z.enum(APPEAL_KINDS).optional(),
  /** 'deadline': the deadline queue, nearest unmet statutory deadline first. */
  sort: z.enum(['created', 'deadline']).default('created'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(25),
});

export const auditExportQuerySchema = z.object({ propertyId: propertyId.optional() });
export const appealSettingsSchema = z.object({
  deadlineDays: z.number().int().min(1, 'At least 1 day.').max(365, 'At most 365 days.'),
});

/** One editable feature of a model: its current value and the values it may take. */
export const appealFeatureSchema = z.object({
  key: z.string(),
  name: z.string(),
  unit: z.string().nullable(),
  domain: z.union([
    z.object({ kind: z.literal('category'), values: z.array(z.string()) }),
    z.object({ kind: z.literal('number'), min: z.number(), max: z.number(), integer: z.boolean() }),
    z.object({ kind: z.literal('boolean') }),
  ]),
  /** What the model uses today (before any manual input). */
  current: manualInputValueSchema.nullable(),
  /** What a published appeal already set, if any. */
  published: manualInputValueSchema.nullable(),
});
export type AppealFeature = z.infer<typeof appealFeatureSchema>;

export const appealUserSchema = z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable();

export const appealSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  propertyId: z.string(),
  h3Index: z.string(),
  address: z.string().nullable(),
  product,
  featureName: z.string().nullable(),
  status: z.enum(APPEAL_STATUSES),
  manualInputs: manualInputsSchema,
  reason: z.string(),
  createdBy: appealUserSchema,
  assignee: appealUserSchema,
  openedAt: z.string(),
  updatedAt: z.string(),
  deadlineAt: z.string(),
  overdue: z.boolean(),
  decidedAt: z.string().nullable(),
  scoreBefore: z.number().nullable(),
  scoreAfter: z.number().nullable(),
  evidenceCount: z.number().int(),
  /** Issue 42: appeal or mitigation request, and its statutory timers (absent on appeals opened before them). */
  kind: z.enum(APPEAL_KINDS).optional(),
  timers: z
    .object({
      state: z.string().nullable(),
      /** The IANA time zone the deadlines are counted in (the property's state): a deadline is the end of a day there. */
      timeZone: z.string().nullable(),
      acknowledgeBy: z.string().nullable(),
      decideBy: z.string().nullable(),
      rescoreBy: z.string().nullable(),
      acknowledgedAt: z.string().nullable(),
      rescoredAt: z.string().nullable(),
      /** The nearest deadline not met yet, and whether it has passed. */
      next: z
        .object({ kind: z.enum(['acknowledge', 'decide', 'rescore']), at: z.string(), overdue: z.boolean() })
        .nullable(),
      /** Deadlines met late or passed unmet. */
      missed: z.array(z.enum(['acknowledge', 'decide', 'rescore'])),
    })
    .optional(),
});
export type Appeal = z.infer<typeof appealSchema>;

/** Per state ('*' = every other state): days to acknowledge, decide and re-score (defaults HB25-1182: 10, 30, 30). */
export const appealTimerRowSchema = z.object({
  state: z.string().regex(/^([A-Z]{2}|\*)$/, "state must be a two-letter state code or '*'."),
  acknowledgeDays: z.number().int().min(1, 'At least 1 day.').max(365, 'At most 365 days.'),
  decideDays: z.number().int().min(1, 'At least 1 day.').max(365, 'At most 365 days.'),
  rescoreDays: z.number().int().min(1, 'At least 1 day.').max(365, 'At most 365 days.'),
});
export const appealTimerSettingsSchema = z.object({
  rows: z
    .array(appealTimerRowSchema)
    .max(60)
    .refine((rows) => new Set(rows.map((r) => r.state)).size === rows.length, 'One row per state.'),
});
export type AppealTimerSettings = z.infer<typeof appealTimerSettingsSchema>;
export const appealTimerSettingsResponseSchema = appealTimerSettingsSchema.extend({
  defaults: appealTimerRowSchema.omit({ state: true }),
});

/** GET /caribou/appeals/regulator_export.csv: appeals opened in [from, to) (dates, YYYY-MM-DD). */
export const regulatorExportQuerySchema = z
  .object({
    from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'from must be a date (YYYY-MM-DD).'),
    to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'to must be a date (YYYY-MM-DD).'),
  })
  .refine((q) => !Number.isNaN(Date.parse(q.from)) && !Number.isNaN(Date.parse(q.to)), 'Not a calendar date.')
  .refine((q) => q.from < q.to, 'from must be before to.');

export const appealEvidenceSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  mediaType: z.enum(APPEAL_EVIDENCE_TYPES),
  sizeBytes: z.number().int(),
  uploadedBy: appealUserSchema,
  uploadedAt: z.string(),
  url: z.string(),
});
export type AppealEvidence = z.infer<typeof appealEvidenceSchema>;

export const APPEAL_ACTIONS = [
  'created',
  'draft_saved',
  'evidence_added',
  'reverted',
  'submitted',
  'review_started',
  'published',
  'rejected',
  'expired',
  'rescored',
  'acknowledged',
  'deadline_met',
  'reminder_sent',
] as const;
export const appealEventSchema = z.object({
  id: z.number().int(),
  appealId: z.number().int(),
  action: z.enum(APPEAL_ACTIONS),
  fromStatus: z.enum(APPEAL_STATUSES).nullable(),
  toStatus: z.enum(APPEAL_STATUSES),
  actor: appealUserSchema,
  at: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AppealEvent = z.infer<typeof appealEventSchema>;

export const scoreVersionSchema = z.object({
  version: z.number().int(),
  appealId: z.number().int(),
  score: z.number().nullable(),
  riskLevel: z.string(),
  modelVersion: z.string(),
  manualInputs: manualInputsSchema,
  publishedAt: z.string(),
  publishedBy: appealUserSchema,
});
export type ScoreVersion = z.infer<typeof scoreVersionSchema>;

/** What each transition of the open appeal the caller may do now (the UI shows its buttons from this). */
export const appealAllowedSchema = z.object({
  saveDraft: z.boolean(),
  revertDraft: z.boolean(),
  pushDraft: z.boolean(),
  pushAppeal: z.boolean(),
  review: z.boolean(),
  publish: z.boolean(),
  reject: z.boolean(),
  expire: z.boolean(),
});
export type AppealAllowed = z.infer<typeof appealAllowedSchema>;

/** GET draft_details */
export const draftDetailsResponseSchema = z.object({
  features: z.array(appealFeatureSchema),
  /** The open appeal (draft, submitted, under review) of this property and product, if any. */
  appeal: appealSchema.nullable(),
  allowed: appealAllowedSchema,
  current: scoreResultSchema,
  versions: z.array(scoreVersionSchema),
});
export type DraftDetailsResponse = z.infer<typeof draftDetailsResponseSchema>;

/** POST recalculate: the current score and the one the manual inputs give, side by side (nothing stored). */
export const recalculateResponseSchema = z.object({
  current: scoreResultSchema,
  recalculated: scoreResultSchema,
  manualInputs: manualInputsSchema,
});
export type RecalculateResponse = z.infer<typeof recalculateResponseSchema>;

/** Answer of every call that changes an appeal. */
/** `version`: the score version a publish stored. */
export const appealChangeResponseSchema = z.object({ appeal: appealSchema, version: z.number().int().nullable() });
export type AppealChangeResponse = z.infer<typeof appealChangeResponseSchema>;

export const appealListResponseSchema = z.object({ total: z.number().int(), results: z.array(appealSchema) });
export type AppealListResponse = z.infer<typeof appealListResponseSchema>;

export const appealDetailResponseSchema = z.object({
  appeal: appealSchema,
  evidence: z.array(appealEvidenceSchema),
  timeline: z.array(appealEventSchema),
  versions: z.array(scoreVersionSchema),
  allowed: appealAllowedSchema,
});
export type AppealDetailResponse = z.infer<typeof appealDetailResponseSchema>;

export const appealEvidenceResponseSchema = z.object({ evidence: appealEvidenceSchema });
export const appealSettingsResponseSchema = appealSettingsSchema;
