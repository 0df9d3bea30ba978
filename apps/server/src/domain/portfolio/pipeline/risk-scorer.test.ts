import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../test/database.js';
import { RISK_MODELS } from '../../risk/index.js';
import { OUTSIDE_COVERAGE_AREA } from '../../geocoder/match.js';
import { riskModelScorer } from './risk-scorer.js';

const { db } = await useTestDatabase();

describe('riskModelScorer', () => {
  it('reports the current model version and the scoring date per product', () => {
    const scorer = riskModelScorer(db, { now: () => new Date('2026-03-04T10:00:00Z') });
    expect(scorer.modelInfo('zfire')).toEqual({ modelVersion: RISK_MODELS.zfire.modelVersion, dataDate: '2026-03-04' });
  });

  it('explains in words why a point far from every property is not scored (outside coverage)', async () => {
    const row = {
      rowNumber: 7,
      ref: null,
      address: null,
      street: null,
      city: null,
      state: null,
      zip: null,
      country: null,
      latitude: 10,
      longitude: 10,
      precision: 'coordinates' as const,
      attributes: {},
    };
    const scored = await riskModelScorer(db).scoreRows([row], ['zfire', 'zwind'], {
      organizationId: 1,
      portfolioId: 1,
      runId: 1,
      modelVersion: 'x',
    });
    expect(scored).toEqual([
      expect.objectContaining({
        rowNumber: 7,
        product: 'zfire',
        score: null,
        riskLevel: 'none',
        problem: OUTSIDE_COVERAGE_AREA,
      }),
      expect.objectContaining({
        rowNumber: 7,
        product: 'zwind',
        score: null,
        riskLevel: 'none',
        problem: OUTSIDE_COVERAGE_AREA,
      }),
    ]);
  });
});
