import type { ScoreChangeDto } from '@zview/contracts';
import type { ChangeRow } from '../db/score-changes.js';
import { featuresReadBy } from '../domain/monitoring/features-read.js';

const level = (l: string) => (['low', 'medium', 'high', 'none'].includes(l) ? l : 'none') as ScoreChangeDto['oldLevel'];

/** A score change as the API shows it. */
export function presentChange(c: ChangeRow): ScoreChangeDto {
  return {
    id: String(c.id),
    changedAt: c.changed_at.toISOString(),
    effectiveOn: c.effective_on.toISOString().slice(0, 10),
    portfolioId: c.portfolio_id,
    product: c.product,
    rowNumber: c.row_number,
    ref: c.ref,
    address: c.address || null,
    propertyId: c.property_id,
    oldScore: c.old_score,
    newScore: c.new_score,
    oldLevel: level(c.old_level),
    newLevel: level(c.new_level),
    delta: c.old_score === null || c.new_score === null ? null : Math.round((c.new_score - c.old_score) * 10) / 10,
    factors: c.factors,
    // What the change moved that this product's model reads (a capture's trees are not Z-HAIL's).
    features: featuresReadBy(c.product, c.features),
    cause: c.cause,
    causeId: c.cause_id,
    modelVersion: c.new_model_version,
  };
}
