import type { RoofCondition, RoofMaterial } from '../property/features.js';
import type { RoofDamage } from './capture.js';
import { hashUnit } from './random.js';
import type { SceneBuilding } from './scene.js';

/** Colours of the rendered imagery: what each material and state looks like from the air. */

const MATERIAL_COLOURS: Record<RoofMaterial, string[]> = {
  asphalt_shingle: ['#5f5b57', '#6e5f52', '#4f5358', '#7a6a5a', '#565049'],
  wood_shake: ['#8a6a48', '#7d5f40', '#94744f'],
  metal: ['#a7b0b5', '#6f8a9a', '#8a3f36', '#4f6b57'],
  tile: ['#b5603b', '#a9583a', '#c0704a'],
  slate: ['#4a5058', '#3f454c'],
  membrane: ['#d8d8d2', '#cfd2cf'],
  unknown: ['#777570'],
};

const CONDITION_FADE: Record<RoofCondition, number> = { good: 0, fair: 0.15, poor: 0.32, unknown: 0.1 };

function parse(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function mix(a: string, b: string, t: number): string {
  const ca = parse(a);
  const cb = parse(b);
  const c = ca.map((v, i) => Math.round(v + (cb[i]! - v) * Math.max(0, Math.min(1, t))));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

export interface RoofLook {
  fill: string;
  /** Weathering blotches (poor or old roofs). */
  blotches: number;
  damage: RoofDamage;
}

/**
 * A roof's colour on a capture: its material's colour (one of a few, per building), faded by
 * condition and age. Before the current roof was installed, the capture shows the previous,
 * worn roof in another colour, so roof replacements are visible between captures.
 */
export function roofLook(building: SceneBuilding, capturedOn: string, damage: RoofDamage): RoofLook {
  const year = Number(capturedOn.slice(0, 4));
  const replacedLater = building.roofInstallYear !== null && building.roofInstallYear > year;
  const palette = MATERIAL_COLOURS[building.roofMaterial];
  const pick = Math.floor(hashUnit(building.id, replacedLater ? 'previous-roof' : 'roof') * palette.length);
  let fill = palette[pick]!;
  const condition: RoofCondition = replacedLater ? 'poor' : building.roofCondition;
  const age = replacedLater
    ? 25
    : building.roofInstallYear === null
      ? 12
      : Math.max(0, year - building.roofInstallYear);
  fill = mix(fill, '#9a978c', CONDITION_FADE[condition] + Math.min(age, 30) / 120);
  if (damage === 'burned') fill = '#2a2623';
  return { fill, blotches: condition === 'poor' ? 14 : condition === 'fair' ? 5 : 0, damage };
}
