import { MITIGATIONS } from '@zview/contracts';
import type { RecordedMitigation, RoofMaterial } from '../property/features.js';
import type { FactorDefinition, ScoringContext } from './model.js';

/**
 * The credit a model gives for recorded mitigations (issue 42): one factor per product summing
 * the credits of the mitigations on record (`PropertyFeatures.mitigations`). Every credit is ≤ 0,
 * so recording a mitigation never raises a score; none on record is 0, so a property without
 * records scores as before. Credits that another factor already gives are not given twice: a
 * FORTIFIED Silver or Gold designation already covers openings and the roof-to-wall load path,
 * any FORTIFIED designation covers the sealed deck and the impact-rated covering, and a roof
 * already of a Class A material earns no Class A credit.
 */
export interface MitigationCredit {
  /** Score points (≤ 0) for the mitigation on record in this context. */
  credit(ctx: ScoringContext): number;
}

const fixed = (points: number): MitigationCredit => ({ credit: () => points });
const onRecord = (ctx: ScoringContext, key: RecordedMitigation) => ctx.features.mitigations?.[key] === true;

export function mitigationFactor(opts: {
  key: string;
  name: string;
  hazard: string;
  credits: Partial<Record<RecordedMitigation, MitigationCredit>>;
  /** Keys of which only the largest credit counts (e.g. two community designations). */
  exclusiveGroups?: RecordedMitigation[][];
  minCredit: number;
}): FactorDefinition & { mitigationKeys: RecordedMitigation[] } {
  const keys = Object.keys(opts.credits) as RecordedMitigation[];
  for (const key of keys) if (!(key in MITIGATIONS)) throw new Error(`Unknown mitigation ${key}`);
  return {
    key: opts.key,
    name: opts.name,
    unit: 'items',
    range: { min: 0, max: keys.length },
    contributionRange: { min: opts.minCredit, max: 0 },
    description: `Recorded ${opts.hazard} mitigations (with evidence) and the credit the model gives them.`,
    mitigationKeys: keys,
    evaluate(ctx) {
      const present = keys.filter((k) => onRecord(ctx, k));
      const credits = new Map(present.map((k) => [k, Math.min(0, opts.credits[k]!.credit(ctx))]));
      for (const group of opts.exclusiveGroups ?? []) {
        const inGroup = group.filter((k) => credits.has(k));
        const best = Math.min(0, ...inGroup.map((k) => credits.get(k)!));
        inGroup.forEach((k, i) => credits.set(k, i === 0 ? best : 0));
      }
      let contribution = 0;
      for (const c of credits.values()) contribution += c;
      return {
        value: present.length,
        contribution,
        description: present.length
          ? `On record: ${present.map((k) => MITIGATIONS[k].name.toLowerCase()).join(', ')}.`
          : `No ${opts.hazard} mitigations on record.`,
      };
    },
  };
}

/**
 * Class A credit: brings the roof factor's contribution down to a Class A material's (`classA`);
 * nothing when the material already is Class A (or better) in the model's table.
 */
export function classARoofCredit(table: Record<RoofMaterial, number>, classA: number, prefillAs: RoofMaterial) {
  return {
    credit(ctx: ScoringContext) {
      const observed = ctx.main?.roofMaterial ?? 'unknown';
      const material = observed === 'unknown' && ctx.prefill ? prefillAs : observed;
      return Math.min(0, classA - table[material]);
    },
  };
}

export const creditUnlessFortified = (points: number, covering: readonly string[]): MitigationCredit => ({
  credit: (ctx) => (covering.includes(ctx.main?.fortified ?? 'none') ? 0 : points),
});

export { fixed as fixedCredit };
