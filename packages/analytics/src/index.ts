export { AnalyticsClient, type AnalyticsEvent, type AnalyticsOptions } from './client.js';
