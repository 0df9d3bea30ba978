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
    wake,
  }: {
    intervalMs?: number;
    maxAttempts?: number;
    signal?: AbortSignal;
    /**
     * Also checks whenever this notifies (e.g. maplibre's 'styledata'), so a style that loads
     * between two polls is seen at once instead of up to 200 ms later. Returns its unsubscriber.
     */
    wake?: (check: () => void) => () => void;
  } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    let attempts = 0;
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let unsubscribe: (() => void) | undefined;
    const finish = () => {
      settled = true;
      clearTimeout(timer);
      unsubscribe?.();
    };
    const loaded = () => {
      if (settled || signal?.aborted) return false;
      if (!isStyleLoaded()) return false;
      finish();
      resolve();
      return true;
    };
    const poll = () => {
      if (settled || signal?.aborted) return finish();
      if (loaded()) return;
      attempts += 1;
      if (attempts >= maxAttempts) {
        finish();
        return reject(new StyleLoadError());
      }
      timer = setTimeout(poll, intervalMs);
    };
    poll();
    if (!settled && wake) unsubscribe = wake(() => void loaded());
  });
}
