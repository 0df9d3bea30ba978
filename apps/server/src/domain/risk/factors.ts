import type { FortifiedDesignation, RoofCondition, RoofMaterial, RoofShape } from '../property/features.js';
import { categories, pct, ramp, type FactorDefinition, type ScoringContext } from './model.js';
import { estimateRoofAge } from './roof-age-estimate.js';

/** Factors several products share, parameterised by how strongly each product reacts. */

const MATERIAL_NAMES: Record<RoofMaterial, string> = {
  asphalt_shingle: 'asphalt shingle',
  wood_shake: 'wood shake',
  metal: 'metal',
  tile: 'tile',
  slate: 'slate',
  membrane: 'membrane',
  unknown: 'unknown',
};

export function roofMaterialFactor(
  table: Record<RoofMaterial, number>,
  why: string,
  options: { prefillAs?: Exclude<RoofMaterial, 'unknown'> } = {},
): FactorDefinition {
  const cats = categories(table);
  return {
    key: 'roof_material',
    name: 'Roof material',
    unit: null,
    range: cats.range,
    contributionRange: cats.contributionRange,
    description: `Roof covering of the main building. ${why}`,
    evaluate(ctx) {
      const observed = ctx.main?.roofMaterial ?? 'unknown';
      const prefilled = observed === 'unknown' && ctx.prefill && options.prefillAs !== undefined;
      const material = prefilled ? options.prefillAs! : observed;
      const contribution = table[material];
      const description =
        material === 'unknown'
          ? 'The roof material could not be identified on imagery.'
          : `${prefilled ? 'Prefilled (regional default)' : 'Detected'}: ${MATERIAL_NAMES[material]} roof. ${why}`;
      return { value: material, contribution, description, ...(prefilled ? { prefilled: true } : {}) };
    },
  };
}

export function roofConditionFactor(table: Record<RoofCondition, number>, why: string): FactorDefinition {
  const cats = categories(table);
  return {
    key: 'roof_condition',
    name: 'Roof condition',
    unit: null,
    range: cats.range,
    contributionRange: cats.contributionRange,
    description: `Visible wear of the main roof (missing shingles, staining, patches). ${why}`,
    evaluate(ctx) {
      const condition = ctx.main?.roofCondition ?? 'unknown';
      const description =
        condition === 'unknown'
          ? 'The roof condition could not be read from imagery.'
          : `The roof looks ${condition} on imagery. ${why}`;
      return { value: condition, contribution: table[condition], description };
    },
  };
}

export function roofShapeFactor(table: Record<RoofShape, number>, why: string): FactorDefinition {
  const cats = categories(table);
  return {
    key: 'roof_shape',
    name: 'Roof shape',
    unit: null,
    range: cats.range,
    contributionRange: cats.contributionRange,
    description: `Geometry of the main roof. ${why}`,
    evaluate(ctx) {
      const shape = ctx.main?.roofShape ?? 'unknown';
      return {
        value: shape,
        contribution: table[shape],
        description:
          shape === 'unknown'
            ? 'The roof shape could not be identified.'
            : `${shape[0]!.toUpperCase()}${shape.slice(1)} roof. ${why}`,
      };
    },
  };
}

/**
 * Roof age: `newest` points for a roof installed this year rising linearly to `oldest` at
 * `fullAgeYears`; `unknown` when nothing dates the roof (kept between the two so a newly dated
 * roof can move the score either way).
 */
export function roofAgeFactor(opts: {
  newest: number;
  oldest: number;
  fullAgeYears: number;
  unknown: number;
  why: string;
}): FactorDefinition {
  return {
    key: 'roof_age',
    name: 'Roof age',
    unit: 'years',
    range: { min: 0, max: opts.fullAgeYears },
    contributionRange: { min: opts.newest, max: opts.oldest },
    description: `Years since the main roof was installed (permits, imagery changes, year built). ${opts.why}`,
    evaluate(ctx) {
      const estimate = estimateRoofAge(ctx.features, ctx.main, ctx.asOfYear);
      if (!estimate)
        return {
          value: null,
          contribution: opts.unknown,
          description: 'Nothing dates the roof: neither permits, imagery changes nor the year built.',
        };
      const contribution = ramp(estimate.ageYears, 0, opts.fullAgeYears, opts.newest, opts.oldest);
      return {
        value: estimate.ageYears,
        contribution,
        description: `Roof installed around ${estimate.installYear} (${estimate.ageYears} years old). ${opts.why}`,
      };
    },
  };
}

const FORTIFIED_NAMES: Record<FortifiedDesignation, string> = {
  none: 'none',
  roof: 'FORTIFIED Roof',
  silver: 'FORTIFIED Silver',
  gold: 'FORTIFIED Gold',
};

/** IBHS FORTIFIED designation: only ever lowers the score (every credit is ≤ 0). */
export function fortifiedFactor(
  credits: Record<Exclude<FortifiedDesignation, 'none'>, number>,
  why: string,
): FactorDefinition {
  const table: Record<FortifiedDesignation, number> = { none: 0, ...credits };
  for (const value of Object.values(table))
    if (value > 0) throw new Error('A FORTIFIED credit must not raise the score');
  const cats = categories(table);
  return {
    key: 'fortified',
    name: 'FORTIFIED designation',
    unit: null,
    range: cats.range,
    contributionRange: cats.contributionRange,
    description: `IBHS FORTIFIED designation of the main building. ${why}`,
    evaluate(ctx) {
      const designation = ctx.main?.fortified ?? 'none';
      return {
        value: designation,
        contribution: table[designation],
        description:
          designation === 'none'
            ? 'No FORTIFIED designation on record.'
            : `${FORTIFIED_NAMES[designation]} designation. ${why}`,
      };
    },
  };
}

export function yardProjectilesFactor(each: number): FactorDefinition {
  return {
    key: 'yard_projectiles',
    name: 'Yard projectiles',
    unit: 'items',
    range: { min: 0, max: 2 },
    contributionRange: { min: 0, max: 2 * each },
    description: 'Trampolines and yard debris seen on imagery can become wind-borne projectiles.',
    evaluate(ctx) {
      const items = [ctx.features.hasTrampoline && 'a trampoline', ctx.features.hasDebris && 'yard debris'].filter(
        Boolean,
      ) as string[];
      return {
        value: items.length,
        contribution: items.length * each,
        description: items.length
          ? `Imagery shows ${items.join(' and ')} that strong wind can throw against the house.`
          : 'No loose objects seen in the yard.',
      };
    },
  };
}

/** A 0–1 hazard index of the location, ramped onto [low, high] points. */
export function hazardIndexFactor(opts: {
  key: string;
  name: string;
  read: (ctx: ScoringContext) => number;
  low: number;
  high: number;
  description: string;
  explain: (value: number) => string;
}): FactorDefinition {
  return {
    key: opts.key,
    name: opts.name,
    unit: '%',
    range: { min: 0, max: 100 },
    contributionRange: { min: opts.low, max: opts.high },
    description: opts.description,
    evaluate(ctx) {
      const value = opts.read(ctx);
      return {
        value: pct(value),
        contribution: ramp(value, 0, 1, opts.low, opts.high),
        description: opts.explain(value),
      };
    },
  };
}

export function describeLevel(value: number): string {
  return value >= 0.66 ? 'high' : value >= 0.33 ? 'moderate' : 'low';
}
