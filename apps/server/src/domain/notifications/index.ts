/** The notification centre, alert rules, email digests and webhooks (issue 41). Others call notify(). */
export { notify, type NotifyInput } from './notify.js';
