import type { HazardProfile } from '../../domain/property/features.js';
import type { LngLat } from '../../domain/hazard/geo.js';
import type { Random } from '../random.js';
import type { RegionId } from '../regions.js';
import type { BuildingRow, PermitRow, PropertyRow } from '../rows.js';
import { dayOf, fromDay, WORLD_END_DAY, yearOfDay } from './dates.js';
import type { NeighbourhoodEnvironment } from './environment.js';
import type { Blob, LocalFrame } from './shapes.js';

export interface LotPlan {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** The street is on the low-y side of the lot (else the high-y side). */
  frontAtLowY: boolean;
}

export interface SiteEvent {
  kind: 'hail' | 'hurricane' | 'tornado' | 'wildfire' | 'flood';
  day: number;
  blob: Blob;
  magnitude: number;
}

interface PropertyContext {
  rng: Random;
  id: string;
  frame: LocalFrame;
  lot: LotPlan;
  env: NeighbourhoodEnvironment;
  region: RegionId;
  state: string;
  hazard: HazardProfile;
  siteEvents: SiteEvent[];
  orthoDays: number[];
}

type SiteColumns = Omit<
  PropertyRow,
  | 'id'
  | 'source'
  | 'neighbourhood_id'
  | 'house_number'
  | 'street'
  | 'unit'
  | 'city'
  | 'state'
  | 'zip'
  | 'address_line'
  | 'street_key'
  | 'normalized_address'
  | 'lat'
  | 'lng'
  | 'h3_cell'
>;

const SQM_TO_SQFT = 10.7639;
const CONTRACTORS = [
  'Summit Roofing Co',
  'Gulf Coast Exteriors',
  'Prairie Roof & Gutter',
  'Front Range Builders',
  'Pacific Crest Solar',
  'Magnolia Home Services',
  'Lone Star Pools',
  'Keystone Renovation',
];
const SOUTHEAST_FORTIFIED_STATES = new Set(['AL', 'MS', 'LA', 'SC', 'NC', 'GA']);

/**
 * One property: parcel, 1–3 buildings, site features as of the latest capture, and the permits
 * that explain how it changed (roof replacements after storms, solar, pools, clearing).
 */
export function generateProperty(ctx: PropertyContext): {
  point: LngLat;
  property: SiteColumns;
  buildings: BuildingRow[];
  permits: PermitRow[];
} {
  const { rng, frame, lot, env } = ctx;
  const permits: PermitRow[] = [];
  const addPermit = (
    permit: Omit<PermitRow, 'id' | 'property_id' | 'contractor' | 'replaced_roof_material'> & {
      replaced_roof_material?: string;
    },
  ) => {
    permits.push({
      id: `${ctx.id}-${permits.length + 1}`,
      property_id: ctx.id,
      contractor: rng.pick(CONTRACTORS),
      replaced_roof_material: null,
      ...permit,
    });
  };

  const yearBuilt = Math.min(2025, Math.max(1925, env.eraYear + rng.int(-2, 5)));
  const width = lot.x1 - lot.x0;
  const depth = lot.y1 - lot.y0;
  const stories = rng.chance(yearBuilt > 1985 ? 0.45 : 0.25) ? 2 : 1;
  const sqft = rng.range(1100, yearBuilt > 1990 ? 3600 : 2600);
  const houseWidth = Math.min(width - 4, width * rng.range(0.5, 0.72));
  const houseDepth = Math.min(depth * 0.55, Math.max(8, sqft / SQM_TO_SQFT / stories / houseWidth));
  const setback = rng.range(5, 9);
  const hx0 = lot.x0 + (width - houseWidth) / 2 + rng.range(-1, 1);
  const hy0 = lot.frontAtLowY ? lot.y0 + setback : lot.y1 - setback - houseDepth;
  const center: [number, number] = [hx0 + houseWidth / 2, hy0 + houseDepth / 2];
  const point = frame.toLngLat(center[0], center[1]);

  // Storm damage inside an event's footprint leads to roof replacements a few months later.
  const inside = ctx.siteEvents.filter((event) => event.blob.contains(center[0], center[1]));
  const roofDays: { day: number; material?: string; fortify?: boolean; reason: string }[] = [];
  const life = rng.int(16, 28);
  if (yearBuilt + life <= 2026) {
    const year = Math.max(yearBuilt + life, 2004 + rng.int(0, 20));
    if (year <= 2026)
      roofDays.push({ day: dayOf(year, rng.int(1, 12), rng.int(1, 28)), reason: 'Re-roof (end of service life)' });
  }
  let burned = false;
  let clearedDay: number | null = null;
  for (const event of inside) {
    if ((event.kind === 'hail' && event.magnitude >= 1.25) || event.kind === 'hurricane' || event.kind === 'tornado') {
      if (rng.chance(event.kind === 'hail' ? 0.45 : 0.4)) {
        const label = event.kind === 'hail' ? 'hail' : event.kind === 'tornado' ? 'tornado' : 'hurricane';
        roofDays.push({
          day: event.day + rng.int(20, 200),
          material: event.kind === 'hail' && rng.chance(0.2) ? 'metal' : undefined,
          fortify: event.kind !== 'hail' && SOUTHEAST_FORTIFIED_STATES.has(ctx.state) && rng.chance(0.3),
          reason: `Roof replacement after ${label} damage`,
        });
      }
    } else if (event.kind === 'wildfire') {
      burned = rng.chance(0.5);
      if (burned)
        roofDays.push({
          day: event.day + rng.int(120, 400),
          reason: 'Rebuild after wildfire',
          material: rng.chance(0.6) ? 'metal' : 'tile',
        });
      clearedDay = event.day + rng.int(15, 90);
    } else if (event.kind === 'flood' && rng.chance(0.5)) {
      const day = event.day + rng.int(10, 90);
      if (day <= WORLD_END_DAY)
        addPermit({
          kind: 'flood_repair',
          description: 'Flood damage repair: drywall, flooring, HVAC',
          issued_on: fromDay(day),
          completed_on: fromDay(Math.min(WORLD_END_DAY, day + rng.int(14, 90))),
          valuation_usd: rng.int(8, 60) * 1000,
          building_rank: 1,
          roof_material: null,
        });
    }
  }
  // A fire within a kilometre: owners clear vegetation around the house in the months after.
  const nearbyFire = ctx.siteEvents.find((e) => e.kind === 'wildfire' && e.blob.contains(center[0], center[1], 1000));
  if (!burned && nearbyFire && rng.chance(0.45)) clearedDay = nearbyFire.day + rng.int(30, 300);
  if (clearedDay === null && ctx.region === 'west_wildfire' && rng.chance(0.12))
    clearedDay = rng.int(ctx.orthoDays[0]!, WORLD_END_DAY);
  if (clearedDay !== null && clearedDay > WORLD_END_DAY) clearedDay = null;

  let roofMaterial = rng.weighted(env.roofMaterials);
  const roofShape =
    roofMaterial === 'membrane'
      ? 'flat'
      : rng.weighted([
          ['gable', 48],
          ['hip', ctx.hazard.wind > 0.3 ? 45 : 30],
          ['gambrel', 4],
          ['mansard', 3],
          ['flat', 3],
        ] as const);
  let roofInstallYear = yearBuilt;
  let fortified: 'none' | 'roof' | 'silver' | 'gold' = 'none';
  let fortifiedOn: string | null = null;
  const wantsFortified = SOUTHEAST_FORTIFIED_STATES.has(ctx.state) && ctx.hazard.wind > 0.3 && rng.chance(0.1);
  roofDays.sort((a, b) => a.day - b.day);
  roofDays.forEach((roof, k) => {
    if (roof.day > WORLD_END_DAY) return;
    const material =
      roof.material ??
      (rng.chance(0.85)
        ? roofMaterial === 'wood_shake'
          ? 'asphalt_shingle'
          : roofMaterial
        : rng.weighted(env.roofMaterials));
    const replaced = roofMaterial;
    roofMaterial = material;
    const completed = Math.min(WORLD_END_DAY, roof.day + rng.int(2, 21));
    roofInstallYear = yearOfDay(completed);
    const fortify = roof.fortify || (wantsFortified && k === roofDays.length - 1 && roofInstallYear >= 2012);
    if (fortify) {
      fortified = rng.weighted([
        ['roof', 60],
        ['silver', 30],
        ['gold', 10],
      ] as const);
      fortifiedOn = fromDay(completed);
    }
    addPermit({
      kind: 'roof_replacement',
      description: `${roof.reason}: ${material.replace('_', ' ')}${fortify ? ' to the IBHS FORTIFIED Roof standard' : ''}`,
      issued_on: fromDay(roof.day),
      completed_on: fromDay(completed),
      valuation_usd: rng.int(9, 38) * 1000,
      building_rank: 1,
      roof_material: material,
      replaced_roof_material: replaced,
    });
  });
  const roofAge = 2026 - roofInstallYear;
  const wear = rng.range(-4, 6);
  const roofCondition = roofAge + wear < 10 ? 'good' : roofAge + wear < 22 ? 'fair' : 'poor';

  let hasSolar = rng.chance(env.solarChance) && roofMaterial !== 'wood_shake';
  if (hasSolar) {
    const day = dayOf(rng.int(Math.max(2012, roofInstallYear), 2026), rng.int(1, 12), rng.int(1, 28));
    if (day <= WORLD_END_DAY)
      addPermit({
        kind: 'solar',
        description: `Rooftop solar PV, ${rng.int(4, 12)} kW`,
        issued_on: fromDay(day),
        completed_on: fromDay(Math.min(WORLD_END_DAY, day + rng.int(10, 45))),
        valuation_usd: rng.int(12, 35) * 1000,
        building_rank: 1,
        roof_material: null,
      });
    else hasSolar = false;
  }
  const hasPool = rng.chance(env.poolChance);
  if (hasPool && rng.chance(0.3)) {
    const day = rng.int(ctx.orthoDays[0]!, WORLD_END_DAY - 60);
    addPermit({
      kind: 'pool',
      description: 'In-ground swimming pool',
      issued_on: fromDay(day),
      completed_on: fromDay(day + rng.int(30, 60)),
      valuation_usd: rng.int(35, 90) * 1000,
      building_rank: null,
      roof_material: null,
    });
  }
  if (rng.chance(0.15)) {
    const day = rng.int(dayOf(2014, 1, 1), WORLD_END_DAY - 30);
    const [kind, description] = rng.pick([
      ['hvac', 'HVAC system replacement'],
      ['electrical', 'Electrical service upgrade to 200 A'],
      ['plumbing', 'Water heater replacement'],
      ['addition', 'Single-storey rear addition'],
    ] as const);
    addPermit({
      kind,
      description,
      issued_on: fromDay(day),
      completed_on: fromDay(day + rng.int(1, 30)),
      valuation_usd: rng.int(2, 60) * 1000,
      building_rank: 1,
      roof_material: null,
    });
  }
  permits.sort((a, b) => a.issued_on.localeCompare(b.issued_on));

  const heightFt = Math.round((stories * rng.range(10, 12) + (roofShape === 'flat' ? 1 : rng.range(4, 9))) * 10) / 10;
  const buildings: BuildingRow[] = [
    building(ctx, 1, 'Primary structure', [hx0, hy0, hx0 + houseWidth, hy0 + houseDepth], {
      height_ft: heightFt,
      stories,
      roof_material: roofMaterial,
      roof_shape: roofShape,
      roof_condition: roofCondition,
      roof_install_year: roofInstallYear,
      fortified,
      fortified_on: fortifiedOn,
      has_solar: hasSolar,
      built_year: yearBuilt,
    }),
  ];
  const backY = lot.frontAtLowY ? lot.y1 - 3 : lot.y0 + 3;
  if (rng.chance(0.45) && depth - houseDepth - setback > 11) {
    const gx = rng.chance(0.5) ? lot.x0 + 1.5 : lot.x1 - 8;
    const gy0 = lot.frontAtLowY ? backY - 6.5 : backY;
    const builtYear = Math.min(2026, yearBuilt + rng.int(0, 15));
    buildings.push(
      building(ctx, buildings.length + 1, 'Detached garage', [gx, gy0, gx + 6.5, gy0 + 6.5], {
        height_ft: 13,
        stories: 1,
        roof_material: roofMaterial,
        roof_shape: 'gable',
        roof_condition: roofCondition,
        roof_install_year: Math.max(builtYear, roofInstallYear),
        fortified: 'none',
        fortified_on: null,
        has_solar: false,
        built_year: builtYear,
      }),
    );
  }
  if (rng.chance(0.3)) {
    const sx = buildings.length > 1 ? (lot.x0 + lot.x1) / 2 - 1.5 : lot.x0 + 2;
    const sy0 = lot.frontAtLowY ? backY - 3.5 : backY;
    const builtYear = Math.min(2026, Math.max(yearBuilt, rng.int(1990, 2026)));
    buildings.push(
      building(ctx, buildings.length + 1, 'Shed', [sx, sy0, sx + 3, sy0 + 3.5], {
        height_ft: 9,
        stories: 1,
        roof_material: rng.chance(0.6) ? 'metal' : 'asphalt_shingle',
        roof_shape: 'gable',
        roof_condition: rng.pick(['good', 'fair', 'poor']),
        roof_install_year: builtYear,
        fortified: 'none',
        fortified_on: null,
        has_solar: false,
        built_year: builtYear,
      }),
    );
  }

  const vegetation = clamp(env.vegetation + rng.range(-0.15, 0.15) - (clearedDay !== null ? 0.12 : 0), 0.02, 0.95);
  const within5 = clearedDay !== null ? rng.range(0, 0.08) : clamp(vegetation * rng.range(0.1, 0.8), 0, 0.9);
  const defensible = clearedDay !== null ? rng.range(30, 100) : clamp(rng.range(5, 80) * (1 - vegetation) + 3, 0, 100);
  const property: SiteColumns = {
    parcel: frame.rectangle(lot.x0, lot.y0, lot.x1, lot.y1),
    year_built: yearBuilt,
    vegetation_cover: round(vegetation, 3),
    vegetation_growth_per_year: round(rng.range(-0.01, 0.03), 4),
    defensible_space_ft: round(defensible, 1),
    vegetation_within_5ft: round(within5, 3),
    vegetation_cleared_on: clearedDay === null ? null : fromDay(clearedDay),
    slope_deg: round(clamp(env.slopeDeg + rng.range(-1.5, 1.5), 0, 45), 1),
    elevation_ft: round(Math.max(1, env.elevationFt + rng.range(-15, 15)), 0),
    distance_to_water_ft: round(Math.min(env.riverFt, rng.range(150, 9000)), 0),
    distance_to_coast_mi: round(env.coastMi, 2),
    distance_to_fire_station_mi: round(Math.max(0.1, env.fireStationMi + rng.range(-0.3, 0.3)), 2),
    has_pool: hasPool,
    has_trampoline: rng.chance(0.06),
    has_debris: rng.chance(roofCondition === 'poor' ? 0.12 : 0.03),
    estimated: [],
  };
  return { point, property, buildings, permits };
}

function building(
  ctx: PropertyContext,
  rank: number,
  label: string,
  [x0, y0, x1, y1]: [number, number, number, number],
  attributes: Omit<
    BuildingRow,
    'property_id' | 'rank' | 'label' | 'outline' | 'centroid_lat' | 'centroid_lng' | 'footprint_sqft'
  >,
): BuildingRow {
  const [lng, lat] = ctx.frame.toLngLat((x0 + x1) / 2, (y0 + y1) / 2);
  return {
    property_id: ctx.id,
    rank,
    label,
    outline: ctx.frame.rectangle(x0, y0, x1, y1),
    centroid_lat: lat,
    centroid_lng: lng,
    footprint_sqft: Math.round((x1 - x0) * (y1 - y0) * SQM_TO_SQFT),
    ...attributes,
  };
}

function clamp(x: number, min: number, max: number) {
  return Math.min(max, Math.max(min, x));
}

function round(x: number, digits: number) {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
