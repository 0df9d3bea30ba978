import { z } from 'zod';
import { ANALYTICS } from './constants.js';

/**
 * Product analytics (SPEC §7 "Analytics"): the tracked event names, and the batch the web app's
 * analytics client (packages/analytics) posts to the server, which stores it.
 */
export const TRACKED_EVENTS = [
  'submit_request',
  'get_help',
  'view_latest_data',
  'expand_view',
  'pin_location_change',
  'confidence_icon',
  'page_print',
  'move_save_map_pin',
  'street_view',
  'map_image_tab',
  'logo_click',
  'no_webgl_supported_browser',
  'portfolio_filters_applied',
  'login_completed',
  'logout_completed',
  'page_view',
  'toggled_search_by_coordinates',
  'appeal_clicked',
  'new_score_calculated',
  'features_modified',
  'feature_manipulated',
  'draft_saved',
  'draft_retrieved',
  'appeal_published',
  // Not in SPEC's list (which says "include"): the upload → export funnel of the usage dashboard.
  'portfolio_uploaded',
  'portfolio_exported',
  // Data discovery (SPEC §7 "many zorro_* events"): one name per action named there.
  'zorro_search_zero_results',
  'zorro_file_finder_filter',
  'zorro_view_sources',
  'zorro_retry_prompt',
  'zorro_table_cell_click',
  'zorro_filing_finder_back',
  'zorro_selected_filing',
  'zorro_delete_conversation',
  'zorro_rename_conversation',
  'zorro_create_conversation',
  'zorro_toggle_sidebar',
  'zorro_loosen_filter',
] as const;
/**
 * The data-discovery tool's events (SPEC §7 "Many zorro_* events also exist"): any name with the
 * zorro_ prefix is a tracked name, so that feature names its own events without a change here.
 */
export type ZorroEventName = `zorro_${string}`;
export type TrackedEventName = (typeof TRACKED_EVENTS)[number] | ZorroEventName;

export function isTrackedEventName(name: string): name is TrackedEventName {
  return (TRACKED_EVENTS as readonly string[]).includes(name) || /^zorro_[a-z0-9_]{1,80}$/.test(name);
}

export const ANALYTICS_MESSAGE_TYPES = ['alias', 'group', 'identify', 'page', 'screen', 'track'] as const;

/** The HTTP API limit of a Segment-compatible collector (the client cuts its batches at 480 KB). */
export const COLLECTOR_MAX_BATCH_BYTES = 480 * 1024;
/** Response header in which the server echoes the pull-request overrides a request carried. */
export const PR_OVERRIDE_ECHO_HEADER = 'x-pr-override';

const jsonBytes = (value: unknown) => {
  try {
    return new TextEncoder().encode(JSON.stringify(value)).length;
  } catch {
    return Infinity; // Too deeply nested to serialise: over any limit.
  }
};
// No control characters in names and ids (they end up in text columns and dashboards).
// eslint-disable-next-line no-control-regex -- control characters are exactly what it refuses
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;
const name = (max: number) => z.string().min(1).max(max).regex(NO_CONTROL, 'must not contain control characters');
// Segment allows numeric ids; they are stored as text.
const id = z.union([name(200), z.number().finite().transform(String)]);
const record = z.record(z.string(), z.unknown());

/**
 * One message of the Segment spec (common fields + the fields of each type). Unknown fields
 * (e.g. _metadata of the official libraries) are ignored.
 */
export const segmentMessageSchema = z
  .object({
    type: z.enum(ANALYTICS_MESSAGE_TYPES),
    messageId: name(200).optional(),
    userId: id.nullish(),
    anonymousId: id.nullish(),
    timestamp: z.iso.datetime({ offset: true }).optional(),
    event: name(200).optional(),
    name: name(200).nullish(),
    category: name(200).nullish(),
    groupId: id.optional(),
    previousId: id.optional(),
    properties: record.optional(),
    traits: record.optional(),
    context: record.optional(),
    integrations: record.optional(),
  })
  .superRefine((message, ctx) => {
    const need = (ok: unknown, text: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', message: text });
    };
    if (message.type === 'alias')
      need(message.userId && message.previousId, 'an alias message needs userId and previousId');
    else need(message.userId || message.anonymousId, `a ${message.type} message needs userId or anonymousId`);
    if (message.type === 'track') need(message.event, 'a track message needs an event name');
    if (message.type === 'group') need(message.groupId, 'a group message needs a groupId');
    if (jsonBytes(message) > ANALYTICS.maxEventBytes)
      ctx.addIssue({
        code: 'custom',
        message: `a message is over the ${ANALYTICS.maxEventBytes / 1024} KB limit per event`,
      });
  });
export type SegmentMessageInput = z.infer<typeof segmentMessageSchema>;

/** The body of POST /v1/batch (the Segment HTTP tracking API's batch call). */
export const segmentBatchSchema = z.object({
  batch: z.array(segmentMessageSchema).min(1, 'batch must hold at least one message'),
  writeKey: z.string().max(200).optional(),
  sentAt: z.iso.datetime({ offset: true }).optional(),
  context: record.optional(),
});
export type SegmentBatchInput = z.infer<typeof segmentBatchSchema>;
export const segmentBatchResponseSchema = z.object({ success: z.literal(true) });

// ---- Usage analytics (the internal-admin dashboard) ----

/** GET, under /api. */
export const USAGE_ANALYTICS_PATH = '/usage-analytics';
const isoDay = z.iso.date();
export const USAGE_ANALYTICS_MAX_DAYS = 366;
export const usageAnalyticsQuerySchema = z
  .object({
    from: isoDay,
    to: isoDay,
    organizationId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['from'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < USAGE_ANALYTICS_MAX_DAYS, {
    message: `the range may span at most ${USAGE_ANALYTICS_MAX_DAYS} days`,
    path: ['to'],
  });
export type UsageAnalyticsQuery = z.infer<typeof usageAnalyticsQuerySchema>;

const funnelSchema = z.object({
  name: z.string(),
  steps: z.array(z.object({ event: z.string(), users: z.number().int() })),
});
export const usageAnalyticsSchema = z.object({
  from: isoDay,
  to: isoDay,
  organizationId: z.number().int().nullable(),
  eventsPerDay: z.array(z.object({ day: isoDay, events: z.number().int(), users: z.number().int() })),
  activeUsersByOrganization: z.array(
    z.object({
      organizationId: z.number().int().nullable(),
      organizationName: z.string().nullable(),
      users: z.number().int(),
      events: z.number().int(),
    }),
  ),
  topEvents: z.array(z.object({ event: z.string(), events: z.number().int(), users: z.number().int() })),
  funnels: z.array(funnelSchema),
  /** The newest events of the range (at most 100), with who and for which organisation. */
  recentEvents: z.array(
    z.object({
      occurredAt: z.string(),
      type: z.string(),
      event: z.string().nullable(),
      userId: z.string().nullable(),
      userEmail: z.string().nullable(),
      organizationId: z.number().int().nullable(),
      organizationName: z.string().nullable(),
    }),
  ),
  organizations: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type UsageAnalytics = z.infer<typeof usageAnalyticsSchema>;
/** The funnels of the dashboard: sign-in → lookup, and upload → export. */
export const USAGE_FUNNELS = [
  { name: 'Sign-in → lookup', steps: ['login_completed', 'submit_request'] },
  { name: 'Upload → export', steps: ['portfolio_uploaded', 'portfolio_exported'] },
] as const;
