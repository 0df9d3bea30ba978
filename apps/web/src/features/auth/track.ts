// The app's one analytics seam (api/analytics.ts); re-exported for the auth feature's call sites.
export { flushAnalytics, logoutAnalytics, track } from '../../api/analytics';
