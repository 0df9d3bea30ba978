// Zod-free, so the web app's click tracking (part of the signed-in home page's first load) does not
// take in the analytics schemas and zod's full build with them (issue 45).

/** Data attribute whose click sends a tracked event (SPEC §7), and the one holding its JSON properties. */
export const ANALYTICS_ID_ATTRIBUTE = 'data-analytics-id';
export const ANALYTICS_PROPERTIES_ATTRIBUTE = 'data-analytics-properties';
