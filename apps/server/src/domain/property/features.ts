import type { MitigationKey } from '@zview/contracts';
import type { Selectable } from 'kysely';
import type { HazardCellsTable } from '../../db/world-schema.js';

/**
 * The shared vocabulary between the sample world / importers (which produce it), the risk
 * models (pure functions of it) and the imagery renderer (which draws it). Values are as of one
 * imagery capture date: historical look-back scores the features seen on an earlier capture.
 */
export type RoofMaterial = 'asphalt_shingle' | 'wood_shake' | 'metal' | 'tile' | 'slate' | 'membrane' | 'unknown';
export type RoofShape = 'gable' | 'hip' | 'flat' | 'gambrel' | 'mansard' | 'unknown';
export type RoofCondition = 'good' | 'fair' | 'poor' | 'unknown';
export type FortifiedDesignation = 'none' | 'roof' | 'silver' | 'gold';
/**
 * Mitigations the models read as a recorded fact (not visible on imagery). The other mitigation
 * keys of the contracts change existing features (vegetation near the house, defensible space,
 * FORTIFIED, yard debris) instead.
 */
export type RecordedMitigation = Exclude<
  MitigationKey,
  'ember_resistant_zone' | 'defensible_space' | 'fortified_roof' | 'clear_yard'
>;

export interface BuildingFeatures {
  /** 1 = main structure. */
  rank: number;
  label: string;
  /** GeoJSON polygon ring(s), [lng, lat]. */
  outline: GeoJSON.Polygon;
  centroid: GeoJSON.Point;
  footprintSqft: number;
  heightFt: number;
  stories: number;
  roofMaterial: RoofMaterial;
  roofShape: RoofShape;
  roofCondition: RoofCondition;
  /** Year the current roof was installed (from permits or imagery change). */
  roofInstallYear: number | null;
  fortified: FortifiedDesignation;
  hasSolar: boolean;
  /**
   * Optional (added by the risk models): what the roof install year rests on — roofing permits
   * and imagery captures where the roof visibly changed. Absent = unknown provenance.
   */
  roofEvidence?: RoofEvidenceRecord[];
}

export interface RoofEvidenceRecord {
  source: 'permit' | 'imagery';
  year: number;
  /** Permit number or imagery capture id. */
  reference?: string;
  /** e.g. 'Re-roof permit, asphalt shingle' or 'Roof colour and texture changed between captures'. */
  description?: string;
}

export interface PropertyFeatures {
  propertyId: string;
  yearBuilt: number | null;
  /** 0–1 share of the parcel (or of the 30 m ring) covered by vegetation. */
  vegetationCover: number;
  /** Defensible space: vegetation-free distance around the main building, in feet. */
  defensibleSpaceFt: number;
  /** Vegetation within 5 ft of the main building (0–1). */
  vegetationWithin5ft: number;
  slopeDeg: number;
  elevationFt: number;
  distanceToWaterFt: number;
  distanceToCoastMi: number;
  distanceToFireStationMi: number;
  hasPool: boolean;
  hasTrampoline: boolean;
  /** Yard debris detected on imagery. */
  hasDebris: boolean;
  buildings: BuildingFeatures[];
  /**
   * Optional: mitigations recorded for the property (through an appeal, with evidence; issue 42),
   * true when in place. Absent or false = not on record, which the models credit nothing.
   */
  mitigations?: Partial<Record<RecordedMitigation, boolean>>;
  /** Imagery capture date the features were read from (YYYY-MM-DD). */
  asOf: string;
}

/**
 * Hazard climatology at a location (illustrative fields shaped like the real patterns), each
 * 0–1 unless a unit is named: the hazard_cells row (db/world-schema.ts; wildfire, hail, wind:
 * hurricane / straight-line, storm: severe convective, flood, surge: coastal storm surge) in the
 * engines' names.
 */
export type HazardProfile = Pick<
  Selectable<HazardCellsTable>,
  'wildfire' | 'hail' | 'wind' | 'storm' | 'flood' | 'surge'
> & {
  /** H3 cell (resolution 7) the values were read from. */
  h3Index: string;
  /** Annual probability of hail ≥ 1 inch. */
  hailAnnualProbability: HazardCellsTable['hail_annual_probability'];
  /** 100-year 3-second gust in mph. */
  designWindMph: HazardCellsTable['design_wind_mph'];
};
