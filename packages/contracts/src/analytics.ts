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
export type TrackedEventName = (typeof TRACKED_EVENTS)[number];

export function isTrackedEventName(name: string): name is TrackedEventName {
  return (TRACKED_EVENTS as readonly string[]).includes(name);
}

export const ANALYTICS_MESSAGE_TYPES = ['alias', 'group', 'identify', 'page', 'screen', 'track'] as const;

/** Where the web app sends its batches on our own server (host = API_URL + '/api'). */
export const ANALYTICS_EVENTS_PATH = '/analytics/events';
/** Events per batch the server accepts (the client flushes at 15). */
export const ANALYTICS_MAX_BATCH_EVENTS = 100;

const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

export const analyticsEventSchema = z
  .object({
    type: z.enum(ANALYTICS_MESSAGE_TYPES),
    event: z.enum(TRACKED_EVENTS).optional(),
    anonymousId: z.string().max(100).optional(),
    userId: z.string().max(100).optional(),
    properties: z.record(z.string(), z.unknown()).optional(),
    traits: z.record(z.string(), z.unknown()).optional(),
    timestamp: z.iso.datetime({ offset: true }),
  })
  .refine((event) => event.type !== 'track' || event.event !== undefined, { message: 'A track message needs an event name', path: ['event'] })
  .refine((event) => jsonBytes(event) <= ANALYTICS.maxEventBytes, { message: `An analytics event must be at most ${ANALYTICS.maxEventBytes / 1024} KB` });
export type AnalyticsEventInput = z.infer<typeof analyticsEventSchema>;

export const analyticsBatchSchema = z.object({
  batch: z.array(analyticsEventSchema).min(1, 'batch must hold at least one event').max(ANALYTICS_MAX_BATCH_EVENTS, `batch must hold at most ${ANALYTICS_MAX_BATCH_EVENTS} events`),
  writeKey: z.string().max(200).optional(),
  sentAt: z.iso.datetime({ offset: true }).optional(),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;
