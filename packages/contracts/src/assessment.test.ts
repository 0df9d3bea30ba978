import { describe, expect, it } from 'vitest';
import { scoreResultSchema } from './assessment.js';

const base = {
  product: 'zfire',
  score: 6.4,
  riskLevel: 'medium',
  baseScore: 3,
  confidence: { value: 0.9, label: 'high' },
  factors: [{ key: 'slope', name: 'Slope', value: 12, unit: 'deg', description: 'Moderate slope.', contribution: 3.4 }],
  modelVersion: 'zfire-2.3.0',
  asOf: '2026-07-01',
  unavailableReason: null,
};

describe('scoreResultSchema', () => {
  it('accepts a score and a none result', () => {
    expect(scoreResultSchema.parse(base)).toEqual(base);
    expect(
      scoreResultSchema.parse({
        ...base,
        score: null,
        riskLevel: 'none',
        factors: [],
        unavailableReason: 'No structure was detected on the parcel.',
      }).score,
    ).toBeNull();
  });

  it('rejects scores outside 1–10, unknown levels and products', () => {
    expect(() => scoreResultSchema.parse({ ...base, score: 10.5 })).toThrow();
    expect(() => scoreResultSchema.parse({ ...base, score: 0 })).toThrow();
    expect(() => scoreResultSchema.parse({ ...base, riskLevel: 'severe' })).toThrow();
    expect(() => scoreResultSchema.parse({ ...base, product: 'zquake' })).toThrow();
    expect(() => scoreResultSchema.parse({ ...base, confidence: { value: 1.2, label: 'high' } })).toThrow();
  });
});
