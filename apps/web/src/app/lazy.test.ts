import { MESSAGES, STORAGE_KEYS } from '@zview/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { importWithRetry } from './lazy';

/** SPEC §9: "Lazy-load retries: 2, with 400 ms delay" (a literal, so a changed constant fails here too). */
const RETRY_DELAY_MS = 400;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('lazy module loading', () => {
  it('retries twice, 400 ms apart, and succeeds when a retry does', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('chunk'))
      .mockRejectedValueOnce(new Error('chunk'))
      .mockResolvedValue({ default: 'page' });
    const promise = importWithRetry(load);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    await expect(promise).resolves.toEqual({ default: 'page' });
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("fails with 'Failed to load lazy module after 2 retries' after three attempts", async () => {
    const load = vi.fn().mockRejectedValue(new Error('chunk'));
    const reload = vi.fn();
    const promise = importWithRetry(load, { reload });
    const outcome = expect(promise).rejects.toThrow(MESSAGES.lazyModuleFailed(2));
    await vi.advanceTimersByTimeAsync(2 * RETRY_DELAY_MS);
    await outcome;
    expect(load).toHaveBeenCalledTimes(3);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page instead when a new version is deployed', async () => {
    localStorage.setItem(STORAGE_KEYS.versionUpdateNeeded, 'true');
    const reload = vi.fn();
    const settled = vi.fn();
    void importWithRetry(() => Promise.reject(new Error('chunk')), { reload }).then(settled, settled);
    await vi.advanceTimersByTimeAsync(2 * RETRY_DELAY_MS + 10);
    expect(reload).toHaveBeenCalledOnce();
    expect(settled).not.toHaveBeenCalled();
  });
});
