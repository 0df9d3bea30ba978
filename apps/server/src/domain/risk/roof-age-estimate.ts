import type { RoofEvidence } from '@zview/contracts';
import type { BuildingFeatures, PropertyFeatures } from '../property/features.js';

export interface RoofAgeEstimate {
  installYear: number;
  ageYears: number;
  evidence: RoofEvidence[];
  /** 0–1: permits are the strongest evidence, imagery changes next, the year built weakest. */
  confidence: number;
}

/**
 * Estimates when the roof seen at `asOfYear` was installed. Evidence dated after `asOfYear` is
 * ignored, so a historical look-back sees the roof that was there then. Order of trust: a
 * roofing permit, then a visible change between imagery captures, then the recorded install year,
 * then the year the house was built. Returns null when nothing dates the roof.
 */
export function estimateRoofAge(
  features: PropertyFeatures,
  building: BuildingFeatures | undefined,
  asOfYear: number,
): RoofAgeEstimate | null {
  if (!building) return null;
  const known = (building.roofEvidence ?? [])
    .filter((e) => Number.isInteger(e.year) && e.year <= asOfYear)
    .sort((a, b) => b.year - a.year || (a.source === 'permit' ? -1 : 1));
  const evidence: RoofEvidence[] = known.map((e) => ({
    source: e.source,
    year: e.year,
    reference: e.reference ?? null,
    description: e.description ?? (e.source === 'permit' ? 'Roofing permit' : 'Roof changed between imagery captures'),
  }));
  const latest = known[0];
  if (latest) {
    const corroborated = known.some((e) => e.source !== latest.source && Math.abs(e.year - latest.year) <= 1);
    const confidence = corroborated ? 0.95 : latest.source === 'permit' ? 0.9 : 0.75;
    return { installYear: latest.year, ageYears: Math.max(0, asOfYear - latest.year), evidence, confidence };
  }
  const recorded = building.roofInstallYear;
  if (recorded !== null && Number.isInteger(recorded) && recorded <= asOfYear) {
    return {
      installYear: recorded,
      ageYears: asOfYear - recorded,
      evidence: [
        {
          source: 'record',
          year: recorded,
          reference: null,
          description: 'Recorded roof install year (source not given)',
        },
      ],
      confidence: 0.6,
    };
  }
  const built = features.yearBuilt;
  if (built !== null && Number.isInteger(built) && built <= asOfYear) {
    return {
      installYear: built,
      ageYears: asOfYear - built,
      evidence: [
        {
          source: 'year_built',
          year: built,
          reference: null,
          description: 'No roofing permit or roof change on imagery: assumed original roof',
        },
      ],
      confidence: 0.4,
    };
  }
  return null;
}
