import { describe, expect, it } from 'vitest';
import { useTestApp } from './app.js';

/**
 * Every /api route declares its answer as a zod schema from packages/contracts (the source of the
 * OpenAPI document), or is explicitly exempt with `config.rawResponse` (streams, files, 204s).
 */

const { app } = await useTestApp();

describe('response contracts', () => {
  const api = () =>
    app.routeContracts.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS');

  it('every /api route declares a response schema or is exempt (streams, files)', () => {
    const missing = api()
      .filter((r) => !r.response && !r.exempt)
      .map((r) => `${r.method} ${r.url}`);
    expect(api().length).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it('the portfolio routes all declare theirs', () => {
    const portfolio = api().filter(
      (r) => r.url.startsWith('/api/caribou/portfolio') || r.url.startsWith('/api/caribou/jobs'),
    );
    expect(portfolio.length).toBeGreaterThan(20);
    expect(portfolio.filter((r) => !r.response && !r.exempt)).toEqual([]);
  });
});
