import { z } from 'zod';
import { whatIfParamsSchema } from './mitigation.js';
import { STANDARD_PRODUCTS } from './products.js';

/**
 * Score notices and property reports as PDF (issue 42). A notice explains one product's score of
 * one property in plain language; its wording follows the template of the property's state
 * (Colorado and California have their own rules; every other state takes the default), and an
 * organisation may replace the text blocks of each template (group admins).
 */
export const NOTICE_TEMPLATES = ['CO', 'CA', 'default'] as const;
export type NoticeTemplate = (typeof NOTICE_TEMPLATES)[number];

/** The template of a property's two-letter state. */
export function noticeTemplateOf(state: string): NoticeTemplate {
  return state === 'CO' || state === 'CA' ? state : 'default';
}

/** The blocks an organisation may edit, in the order the notice prints them. */
export const NOTICE_BLOCKS = {
  introduction: 'Introduction',
  how_to_appeal: 'How to appeal',
  contact: 'Contact',
} as const;
export type NoticeBlock = keyof typeof NOTICE_BLOCKS;
export const NOTICE_BLOCK_KEYS = Object.keys(NOTICE_BLOCKS) as NoticeBlock[];

/** Longest text block an organisation may store (characters). */
export const NOTICE_BLOCK_MAX = 2000;

const DEFAULT_INTRODUCTION =
  'This notice explains the risk score we use for your property: what it is, why it was given, what you can do to lower it, and how to ask us to review it.';
const DEFAULT_CONTACT = 'Questions about this notice: contact your insurance agent or our customer service.';

/** The wording each template starts with, before an organisation edits it. */
export const NOTICE_DEFAULT_TEXTS: Record<NoticeTemplate, Record<NoticeBlock, string>> = {
  CO: {
    introduction: `${DEFAULT_INTRODUCTION} Colorado law (HB25-1182, 2025) gives you the right to this information when an insurer uses a wildfire model.`,
    how_to_appeal:
      'If a feature of your property is wrong, or you have completed a mitigation, you may appeal this score. Send us the correction with evidence (photos or documents). We will acknowledge your appeal and give you a decision within the periods below, and re-score your property after a verified mitigation.',
    contact: DEFAULT_CONTACT,
  },
  CA: {
    introduction: `${DEFAULT_INTRODUCTION} California's "Safer from Wildfires" regulation (10 CCR 2644.9) requires insurers to credit the mitigations listed in this notice.`,
    how_to_appeal:
      'If a feature of your property is wrong, or you have completed one of the mitigations listed by 10 CCR 2644.9, you may ask us to review this score. Send us the correction with evidence (photos or documents) and we will answer within the periods below.',
    contact: DEFAULT_CONTACT,
  },
  default: {
    introduction: DEFAULT_INTRODUCTION,
    how_to_appeal:
      'If a feature of your property is wrong, or you have completed a mitigation, you may appeal this score. Send us the correction with evidence (photos or documents) and we will answer within the periods below.',
    contact: DEFAULT_CONTACT,
  },
};

export const noticeTemplateSchema = z.enum(NOTICE_TEMPLATES);
export const noticeBlockSchema = z.enum(NOTICE_BLOCK_KEYS as [NoticeBlock, ...NoticeBlock[]]);

/** The products a notice may explain (the scored standard products). */
export const noticeProductSchema = z.enum(STANDARD_PRODUCTS);

export const noticeParamsSchema = whatIfParamsSchema;
export const noticeQuerySchema = z.object({ product: noticeProductSchema.default('zfire') });

/** One template's blocks as the organisation's notices print them. */
export const noticeTextsTemplateSchema = z.object({
  template: noticeTemplateSchema,
  blocks: z.array(
    z.object({
      block: noticeBlockSchema,
      title: z.string(),
      body: z.string(),
      /** The template's own wording (what a reset restores). */
      defaultBody: z.string(),
      /** True when the organisation replaced the wording. */
      edited: z.boolean(),
    }),
  ),
});
export const noticeTextsResponseSchema = z.object({ templates: z.array(noticeTextsTemplateSchema) });
export type NoticeTextsResponse = z.infer<typeof noticeTextsResponseSchema>;

/** A template's blocks to replace: a text, or null to go back to the template's wording. */
export const noticeTextsUpdateSchema = z.object({
  template: noticeTemplateSchema,
  blocks: z
    .partialRecord(
      noticeBlockSchema,
      z
        .string()
        .trim()
        .min(1, 'A text block cannot be empty; send null to restore the default wording.')
        .max(NOTICE_BLOCK_MAX, `A text block holds at most ${NOTICE_BLOCK_MAX} characters.`)
        .nullable(),
    )
    .refine((b) => Object.keys(b).length > 0, 'Name at least one block to change.'),
});
export type NoticeTextsUpdate = z.infer<typeof noticeTextsUpdateSchema>;

/** Most rows of a portfolio whose notices one ZIP holds. */
export const NOTICE_ZIP_MAX_ROWS = 200;

export const reportParamsSchema = whatIfParamsSchema;

/** The rows of a portfolio whose notices to put in one ZIP (row numbers as in the portfolio's results). */
export const noticeZipBodySchema = z.object({
  product: noticeProductSchema.default('zfire'),
  rows: z
    .array(z.number().int().min(1).max(10_000_000))
    .min(1, 'Select at least one row.')
    .max(
      NOTICE_ZIP_MAX_ROWS,
      `One ZIP holds the notices of at most ${NOTICE_ZIP_MAX_ROWS} rows: select fewer, or download them in parts.`,
    )
    .refine((rows) => new Set(rows).size === rows.length, 'Select each row once.'),
});
export type NoticeZipBody = z.infer<typeof noticeZipBodySchema>;
