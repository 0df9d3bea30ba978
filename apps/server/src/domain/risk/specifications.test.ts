import { modelSpecificationsResponseSchema, PRODUCT_KEYS } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { AS_OF, makeFeatures, makeHazard } from '../../../test/fixtures/features.js';
import { MODEL_SPECIFICATIONS, RISK_MODELS, scoreProduct } from './index.js';
import { buildContext } from './model.js';

describe('MODEL_SPECIFICATIONS', () => {
  it('publishes one valid specification per product with versioned models', () => {
    modelSpecificationsResponseSchema.parse({ specifications: MODEL_SPECIFICATIONS });
    expect(MODEL_SPECIFICATIONS.map((s) => s.product).sort()).toEqual([...PRODUCT_KEYS].sort());
    for (const spec of MODEL_SPECIFICATIONS) expect(spec.modelVersion).toMatch(/^[a-z_]+-\d+\.\d+\.\d+$/);
  });

  it('lists exactly the factors a score reports (besides the scale limit), each within its published contribution range', () => {
    for (const product of PRODUCT_KEYS) {
      const spec = MODEL_SPECIFICATIONS.find((s) => s.product === product)!;
      const result = scoreProduct(product, makeFeatures(), makeHazard(), AS_OF);
      expect(result.factors.map((f) => f.key).filter((k) => k !== 'scale_limit')).toEqual(
        spec.factors.map((f) => f.key),
      );
      const ctx = buildContext(makeFeatures(), makeHazard(), AS_OF, product === 'zfire|prefill');
      for (const factor of RISK_MODELS[product].factors) {
        const { contribution } = factor.evaluate(ctx);
        expect(contribution).toBeGreaterThanOrEqual(factor.contributionRange.min - 1e-9);
        expect(contribution).toBeLessThanOrEqual(factor.contributionRange.max + 1e-9);
      }
    }
  });
});
