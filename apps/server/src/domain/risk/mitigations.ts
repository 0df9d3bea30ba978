import { MITIGATIONS, type MitigationKey } from '@zview/contracts';
import type { PropertyFeatures, RecordedMitigation } from '../property/features.js';
import { mainBuilding } from './model.js';

/**
 * What each mitigation does to a property's features: the one place the what-if, the recorded
 * mitigations (appeal manual inputs) and the models agree on. `apply` answers null when the
 * mitigation is already in place (nothing would change), so the what-if does not offer it.
 * Recorded mitigations set a flag the models' mitigation factors read; the others change the
 * features imagery gives (vegetation near the house, defensible space, FORTIFIED, yard).
 */
export interface MitigationEffect {
  key: MitigationKey;
  name: string;
  apply(features: PropertyFeatures): { features: PropertyFeatures; change: string } | null;
}

/** The 100 ft of defensible space CAL FIRE and the zfire model take as the standard. */
export const DEFENSIBLE_SPACE_STANDARD_FT = 100;

function recorded(key: RecordedMitigation): MitigationEffect {
  return {
    key,
    name: MITIGATIONS[key].name,
    apply(features) {
      if (features.mitigations?.[key] === true) return null;
      return {
        features: { ...features, mitigations: { ...features.mitigations, [key]: true } },
        change: `${MITIGATIONS[key].name}: not on record → in place`,
      };
    },
  };
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

export const MITIGATION_EFFECTS: Record<MitigationKey, MitigationEffect> = {
  class_a_roof: recorded('class_a_roof'),
  ember_resistant_zone: {
    key: 'ember_resistant_zone',
    name: MITIGATIONS.ember_resistant_zone.name,
    apply(features) {
      if (features.vegetationWithin5ft <= 0) return null;
      return {
        features: { ...features, vegetationWithin5ft: 0 },
        change: `Vegetation within 5 ft: ${pct(features.vegetationWithin5ft)} → 0%`,
      };
    },
  },
  enclosed_eaves: recorded('enclosed_eaves'),
  ember_resistant_vents: recorded('ember_resistant_vents'),
  multi_pane_windows: recorded('multi_pane_windows'),
  noncombustible_base: recorded('noncombustible_base'),
  outbuildings_30ft: recorded('outbuildings_30ft'),
  defensible_space: {
    key: 'defensible_space',
    name: MITIGATIONS.defensible_space.name,
    apply(features) {
      if (!(features.defensibleSpaceFt < DEFENSIBLE_SPACE_STANDARD_FT)) return null;
      return {
        features: { ...features, defensibleSpaceFt: DEFENSIBLE_SPACE_STANDARD_FT },
        change: `Defensible space: ${Math.round(features.defensibleSpaceFt)} ft → ${DEFENSIBLE_SPACE_STANDARD_FT} ft`,
      };
    },
  },
  firewise_community: recorded('firewise_community'),
  fire_risk_reduction_community: recorded('fire_risk_reduction_community'),
  opening_protection: recorded('opening_protection'),
  roof_to_wall_connections: recorded('roof_to_wall_connections'),
  sealed_roof_deck: recorded('sealed_roof_deck'),
  impact_rated_roof: recorded('impact_rated_roof'),
  fortified_roof: {
    key: 'fortified_roof',
    name: MITIGATIONS.fortified_roof.name,
    apply(features) {
      const main = mainBuilding(features);
      if (!main || main.fortified !== 'none') return null;
      return {
        features: {
          ...features,
          buildings: features.buildings.map((b) => (b === main ? { ...b, fortified: 'roof' as const } : b)),
        },
        change: 'FORTIFIED designation: none → FORTIFIED Roof',
      };
    },
  },
  clear_yard: {
    key: 'clear_yard',
    name: MITIGATIONS.clear_yard.name,
    apply(features) {
      if (!features.hasDebris && !features.hasTrampoline) return null;
      const items = [features.hasTrampoline && 'trampoline', features.hasDebris && 'debris'].filter(Boolean);
      return {
        features: { ...features, hasDebris: false, hasTrampoline: false },
        change: `Yard: ${items.join(' and ')} removed or secured`,
      };
    },
  },
};

/** The features with each of `keys` applied in turn (those already in place change nothing). */
export function applyMitigations(features: PropertyFeatures, keys: readonly MitigationKey[]): PropertyFeatures {
  let changed = features;
  for (const key of keys) changed = MITIGATION_EFFECTS[key].apply(changed)?.features ?? changed;
  return changed;
}
