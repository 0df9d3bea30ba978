import { MITIGATIONS, type AppealFeature, type ManualInputs, type ProductKey } from '@zview/contracts';
import { badRequest } from '../app-error.js';
import type { BuildingFeatures, PropertyFeatures, RecordedMitigation } from '../property/features.js';
import { RISK_MODELS } from '../risk/index.js';
import { mainBuilding } from '../risk/model.js';

/**
 * The features an appeal may change, in one place: each names the model factors it feeds
 * (`factors`), how to read it from a property's features and how to set it. A feature is
 * editable for a product when the product's model has one of those factors; a categorical
 * feature takes the categories of that model factor (its contribution table), so the domain
 * follows the model definition. Numeric domains: years 1800..next year, distances ≥ 0, shares
 * 0–100 %.
 */
type Value = number | string | boolean;
type Domain = AppealFeature['domain'];

interface EditableFeature {
  key: string;
  name: string;
  unit: string | null;
  /** Model factor keys this feature feeds. */
  factors: string[];
  /** The domain; categories are read from the model factor of the same key. */
  domain: Domain | 'categories-of-factor';
  read(features: PropertyFeatures): Value | null;
  apply(features: PropertyFeatures, value: Value): PropertyFeatures;
}

const nextYear = () => new Date().getUTCFullYear() + 1;
const YEAR = (): Domain => ({ kind: 'number', min: 1800, max: nextYear(), integer: true });
const distance = (max: number): Domain => ({ kind: 'number', min: 0, max, integer: false });
const SHARE: Domain = { kind: 'number', min: 0, max: 100, integer: false };

/** The features with the main building replaced by `change(main)` (a copy; the input is shared). */
function withMain(features: PropertyFeatures, change: (main: BuildingFeatures) => BuildingFeatures): PropertyFeatures {
  const main = mainBuilding(features);
  if (!main) throw badRequest('No structure was detected on the parcel: building features cannot be changed.');
  return { ...features, buildings: features.buildings.map((b) => (b === main ? change({ ...b }) : b)) };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

export const EDITABLE_FEATURES: EditableFeature[] = [
  {
    key: 'roof_material',
    name: 'Roof material',
    unit: null,
    factors: ['roof_material'],
    domain: 'categories-of-factor',
    read: (f) => mainBuilding(f)?.roofMaterial ?? null,
    apply: (f, v) => withMain(f, (b) => ({ ...b, roofMaterial: v as BuildingFeatures['roofMaterial'] })),
  },
  {
    key: 'roof_condition',
    name: 'Roof condition',
    unit: null,
    factors: ['roof_condition'],
    domain: 'categories-of-factor',
    read: (f) => mainBuilding(f)?.roofCondition ?? null,
    apply: (f, v) => withMain(f, (b) => ({ ...b, roofCondition: v as BuildingFeatures['roofCondition'] })),
  },
  {
    key: 'roof_shape',
    name: 'Roof shape',
    unit: null,
    factors: ['roof_shape'],
    domain: 'categories-of-factor',
    read: (f) => mainBuilding(f)?.roofShape ?? null,
    apply: (f, v) => withMain(f, (b) => ({ ...b, roofShape: v as BuildingFeatures['roofShape'] })),
  },
  {
    key: 'fortified',
    name: 'FORTIFIED designation',
    unit: null,
    factors: ['fortified'],
    domain: 'categories-of-factor',
    read: (f) => mainBuilding(f)?.fortified ?? null,
    apply: (f, v) => withMain(f, (b) => ({ ...b, fortified: v as BuildingFeatures['fortified'] })),
  },
  {
    key: 'roof_install_year',
    name: 'Roof install year',
    unit: null,
    factors: ['roof_age'],
    domain: YEAR(),
    read: (f) => mainBuilding(f)?.roofInstallYear ?? null,
    // A documented install year outranks permits and imagery: it is what the appeal proves.
    apply: (f, v) =>
      withMain(f, (b) => ({
        ...b,
        roofInstallYear: v as number,
        roofEvidence: [
          {
            source: 'permit',
            year: v as number,
            reference: 'appeal',
            description: 'Roof install year documented in an appeal',
          },
        ],
      })),
  },
  {
    key: 'year_built',
    name: 'Year built',
    unit: null,
    factors: ['building_age'],
    domain: YEAR(),
    read: (f) => f.yearBuilt,
    apply: (f, v) => ({ ...f, yearBuilt: v as number }),
  },
  {
    key: 'solar_panels',
    name: 'Solar panels',
    unit: null,
    factors: ['solar_panels'],
    domain: { kind: 'boolean' },
    read: (f) => mainBuilding(f)?.hasSolar ?? null,
    apply: (f, v) => withMain(f, (b) => ({ ...b, hasSolar: v as boolean })),
  },
  {
    key: 'building_height',
    name: 'Building height',
    unit: 'ft',
    factors: ['building_height'],
    domain: distance(2000),
    read: (f) => (mainBuilding(f) ? Math.round(mainBuilding(f)!.heightFt) : null),
    apply: (f, v) => withMain(f, (b) => ({ ...b, heightFt: v as number })),
  },
  {
    key: 'vegetation_cover',
    name: 'Vegetation cover',
    unit: '%',
    factors: ['vegetation_cover'],
    domain: SHARE,
    read: (f) => Math.round(f.vegetationCover * 100),
    apply: (f, v) => ({ ...f, vegetationCover: round3((v as number) / 100) }),
  },
  {
    key: 'vegetation_within_5ft',
    name: 'Vegetation within 5 ft',
    unit: '%',
    factors: ['vegetation_within_5ft', 'vegetation_overhang', 'tree_overhang'],
    domain: SHARE,
    read: (f) => Math.round(f.vegetationWithin5ft * 100),
    apply: (f, v) => ({ ...f, vegetationWithin5ft: round3((v as number) / 100) }),
  },
  {
    key: 'defensible_space',
    name: 'Defensible space',
    unit: 'ft',
    factors: ['defensible_space'],
    domain: distance(5280),
    read: (f) => f.defensibleSpaceFt,
    apply: (f, v) => ({ ...f, defensibleSpaceFt: v as number }),
  },
  {
    key: 'fire_station_distance',
    name: 'Distance to fire station',
    unit: 'mi',
    factors: ['fire_station_distance'],
    domain: distance(500),
    read: (f) => f.distanceToFireStationMi,
    apply: (f, v) => ({ ...f, distanceToFireStationMi: v as number }),
  },
  {
    key: 'distance_to_water',
    name: 'Distance to water',
    unit: 'ft',
    factors: ['distance_to_water'],
    domain: distance(1_000_000),
    read: (f) => f.distanceToWaterFt,
    apply: (f, v) => ({ ...f, distanceToWaterFt: v as number }),
  },
  {
    key: 'coast_distance',
    name: 'Distance to coast',
    unit: 'mi',
    factors: ['coast_distance', 'storm_surge'],
    domain: distance(5000),
    read: (f) => f.distanceToCoastMi,
    apply: (f, v) => ({ ...f, distanceToCoastMi: v as number }),
  },
  {
    key: 'elevation',
    name: 'Elevation',
    unit: 'ft',
    factors: ['elevation'],
    domain: { kind: 'number', min: -1500, max: 30_000, integer: false },
    read: (f) => f.elevationFt,
    apply: (f, v) => ({ ...f, elevationFt: v as number }),
  },
  {
    key: 'slope',
    name: 'Slope',
    unit: 'deg',
    factors: ['slope', 'terrain_slope'],
    domain: { kind: 'number', min: 0, max: 90, integer: false },
    read: (f) => f.slopeDeg,
    apply: (f, v) => ({ ...f, slopeDeg: v as number }),
  },
  {
    key: 'trampoline',
    name: 'Trampoline',
    unit: null,
    factors: ['trampoline', 'yard_projectiles'],
    domain: { kind: 'boolean' },
    read: (f) => f.hasTrampoline,
    apply: (f, v) => ({ ...f, hasTrampoline: v as boolean }),
  },
  {
    key: 'pool',
    name: 'Swimming pool',
    unit: null,
    factors: ['pool'],
    domain: { kind: 'boolean' },
    read: (f) => f.hasPool,
    apply: (f, v) => ({ ...f, hasPool: v as boolean }),
  },
  {
    key: 'yard_debris',
    name: 'Yard debris',
    unit: null,
    factors: ['yard_debris', 'yard_projectiles'],
    domain: { kind: 'boolean' },
    read: (f) => f.hasDebris,
    apply: (f, v) => ({ ...f, hasDebris: v as boolean }),
  },
];

/**
 * The mitigations a model reads as recorded facts (vents, eaves, shutters…): a boolean each,
 * editable for a product whose model has a mitigation factor crediting it (its
 * `mitigationKeys`), so the list follows the models (issue 42).
 */
function recordedMitigationFeatures(): EditableFeature[] {
  const factorsOf = new Map<RecordedMitigation, Set<string>>();
  for (const model of Object.values(RISK_MODELS))
    for (const factor of model.factors) {
      const keys = (factor as { mitigationKeys?: RecordedMitigation[] }).mitigationKeys ?? [];
      for (const key of keys) factorsOf.set(key, (factorsOf.get(key) ?? new Set()).add(factor.key));
    }
  return [...factorsOf].map(([key, factors]) => ({
    key,
    name: MITIGATIONS[key].name,
    unit: null,
    factors: [...factors],
    domain: { kind: 'boolean' },
    read: (f) => f.mitigations?.[key] === true,
    apply: (f, v) => ({ ...f, mitigations: { ...f.mitigations, [key]: v as boolean } }),
  }));
}
EDITABLE_FEATURES.push(...recordedMitigationFeatures());

/** The domain of `feature` for `product`'s model; null when the model does not use it. */
function domainFor(product: ProductKey, feature: EditableFeature): Domain | null {
  const model = RISK_MODELS[product];
  const factor = model.factors.find((f) => feature.factors.includes(f.key));
  if (!factor) return null;
  if (feature.domain !== 'categories-of-factor') return feature.domain;
  if (!('values' in factor.range)) return null;
  // 'unknown' is what imagery could not tell; an appeal states what is there.
  return { kind: 'category', values: factor.range.values.filter((v) => v !== 'unknown') };
}

/** The features a product's model lets an appeal change, with their domains. */
export function editableFeatures(product: ProductKey): (EditableFeature & { resolved: Domain })[] {
  return EDITABLE_FEATURES.flatMap((feature) => {
    const resolved = domainFor(product, feature);
    return resolved ? [{ ...feature, resolved }] : [];
  });
}

/**
 * Checks every manual input against its feature's domain for the product; throws 400 naming
 * each wrong one. Returns the inputs normalised (numbers as numbers).
 */
export function validateManualInputs(product: ProductKey, inputs: ManualInputs): ManualInputs {
  const features = new Map(editableFeatures(product).map((f) => [f.key, f]));
  const problems: string[] = [];
  const clean: ManualInputs = {};
  for (const [key, value] of Object.entries(inputs)) {
    const feature = features.get(key);
    if (!feature) {
      problems.push(
        `${key}: not a feature of the ${product} model that an appeal can change (${[...features.keys()].join(', ')}).`,
      );
      continue;
    }
    const domain = feature.resolved;
    if (domain.kind === 'category') {
      if (typeof value !== 'string' || !domain.values.includes(value))
        problems.push(`${key}: must be one of ${domain.values.join(', ')}.`);
      else clean[key] = value;
    } else if (domain.kind === 'boolean') {
      if (typeof value !== 'boolean') problems.push(`${key}: must be true or false.`);
      else clean[key] = value;
    } else {
      if (typeof value !== 'number' || !Number.isFinite(value)) problems.push(`${key}: must be a number.`);
      else if (domain.integer && !Number.isInteger(value)) problems.push(`${key}: must be a whole number.`);
      else if (value < domain.min || value > domain.max)
        problems.push(`${key}: must be between ${domain.min} and ${domain.max}.`);
      else clean[key] = value;
    }
  }
  if (problems.length) throw badRequest(problems.join(' '), { problems });
  return clean;
}

/**
 * The part of `inputs` (already valid for some product) that `product`'s model reads and
 * accepts: what an appeal of one product carries over to another.
 */
export function inputsFor(product: ProductKey, inputs: ManualInputs): ManualInputs {
  const own: ManualInputs = {};
  for (const [key, value] of Object.entries(inputs)) {
    try {
      Object.assign(own, validateManualInputs(product, { [key]: value }));
    } catch {
      // Not a feature of this model (or outside its domain): it does not carry over.
    }
  }
  return own;
}

/** The features with the manual inputs applied (inputs already validated for the product). */
export function applyManualInputs(
  product: ProductKey,
  features: PropertyFeatures,
  inputs: ManualInputs,
): PropertyFeatures {
  const byKey = new Map(editableFeatures(product).map((f) => [f.key, f]));
  let changed = features;
  for (const [key, value] of Object.entries(inputs)) {
    const feature = byKey.get(key);
    if (feature) changed = feature.apply(changed, value);
  }
  return changed;
}

/** The panel's list: each feature with today's value and the value a published appeal set. */
export function describeFeatures(
  product: ProductKey,
  features: PropertyFeatures,
  published: ManualInputs,
): AppealFeature[] {
  return editableFeatures(product).map((f) => ({
    key: f.key,
    name: f.name,
    unit: f.unit,
    domain: f.resolved,
    current: f.read(features),
    published: published[f.key] ?? null,
  }));
}
