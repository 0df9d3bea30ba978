import { describe, expect, it } from 'vitest';
import { API_POOL_CONNECTIONS, apiPoolSize } from './api-pool.js';

describe('the API pool of each API process', () => {
  it("is one process's pool shared out among the processes, never fewer than 4", () => {
    expect(API_POOL_CONNECTIONS).toBe(20);
    expect([1, 2, 3, 4, 5, 8, 16, 64].map(apiPoolSize)).toEqual([20, 10, 7, 5, 4, 4, 4, 4]);
  });

  it('keeps API_PROCESSES=auto on a 32-core machine within the embedded max_connections of 200', () => {
    expect(32 * apiPoolSize(32)).toBeLessThanOrEqual(128);
  });
});
