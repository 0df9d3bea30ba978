/**
 * The discovery relevance sets (issue 40), one file per set: the tuned set with its held-out
 * quarter (tuned.ts), the fresh set (fresh.ts), the unseen set (unseen.ts) and the blind set
 * (blind.ts). Each case's facts are what its question states; the test (discovery-relevance.test.ts)
 * expects every filing of the corpus with those facts.
 */
export type { RelevanceCase, RelevanceFacts } from './types.js';
export { isHeldOut, RELEVANCE_SET } from './tuned.js';
export { FRESH_SET } from './fresh.js';
export { UNSEEN_SET } from './unseen.js';
export { BLIND_SET } from './blind.js';
