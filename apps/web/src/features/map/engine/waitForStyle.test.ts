import { MESSAGES } from '@zview/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitForStyle } from './waitForStyle';

describe('waitForStyle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks every 200 ms until the style has loaded', async () => {
    let loaded = false;
    const check = vi.fn(() => loaded);
    const done = vi.fn();
    void waitForStyle(check).then(done);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(199);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(2);
    loaded = true;
    await vi.advanceTimersByTimeAsync(200);
    expect(done).toHaveBeenCalled();
  });

  it("fails with 'Max attempts reached. Style did not load.' after the last attempt", async () => {
    const result = waitForStyle(() => false, { maxAttempts: 5 });
    const assertion = expect(result).rejects.toThrow(MESSAGES.styleDidNotLoad);
    await vi.advanceTimersByTimeAsync(5 * 200);
    await assertion;
  });

  it('stops polling when aborted', async () => {
    const controller = new AbortController();
    const check = vi.fn(() => false);
    void waitForStyle(check, { signal: controller.signal });
    controller.abort();
    await vi.advanceTimersByTimeAsync(2000);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('resolves as soon as the map says its style changed, not at the next poll (issue 21)', async () => {
    let loaded = false;
    let notify: (() => void) | undefined;
    const unsubscribe = vi.fn();
    const done = vi.fn();
    void waitForStyle(() => loaded, {
      wake: (check) => {
        notify = check;
        return unsubscribe;
      },
    }).then(done);
    await vi.advanceTimersByTimeAsync(50);
    loaded = true;
    notify!();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalled();
    expect(unsubscribe).toHaveBeenCalled();
  });
});
