import { MAP, MESSAGES } from '@zview/contracts';

/** 50 polls of 200 ms: a style that has not loaded within 10 s is treated as failed. */
export const STYLE_WAIT_MAX_ATTEMPTS = 50;

export class StyleLoadError extends Error {
  constructor() {
    super(MESSAGES.styleDidNotLoad);
    this.name = 'StyleLoadError';
  }
}

/**
 * Resolves once `isStyleLoaded()` is true, checking every 200 ms (SPEC §8); rejects with
 * 'Max attempts reached. Style did not load.' after `maxAttempts` checks.
 */
export function waitForStyle(
  isStyleLoaded: () => boolean,
  {
    intervalMs = MAP.styleWaitIntervalMs,
    maxAttempts = STYLE_WAIT_MAX_ATTEMPTS,
    signal,
  }: { intervalMs?: number; maxAttempts?: number; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    let attempts = 0;
    const check = () => {
      if (signal?.aborted) return;
      if (isStyleLoaded()) return resolve();
      attempts += 1;
      if (attempts >= maxAttempts) return reject(new StyleLoadError());
      setTimeout(check, intervalMs);
    };
    check();
  });
}
