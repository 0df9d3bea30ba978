import {
  RISK_LEVEL_THRESHOLDS,
  assessmentResponseSchema,
  addressAutocompleteResponseSchema,
  buildingPermitsResponseSchema,
  ibhsEvaluationsResponseSchema,
  type AssessmentResponse,
  type Factor,
  type ImageItem,
  type ProductKey,
  type RiskLevel,
  type ScoreResult,
} from '@zview/contracts';

/**
 * Fixture answers of the property-view API, parsed by the contract schemas so they can never
 * drift from what the server must send. Used by component tests and by the browser test (which
 * answers /api calls with them through page.route) until the server routes land. Imports only
 * contracts: the e2e project imports this file too.
 */

const BOUNDS = { west: -105.2845, south: 40.0139, east: -105.2815, north: 40.0161 };

/** A small procedurally drawn "aerial photo" (SVG data URL), so fixtures need no files. */
export function fixtureImageUrl(seed: number, tint = '#5b7f3a'): string {
  const trees = Array.from({ length: 14 }, (_, i) => {
    const x = (i * 73 + seed * 31) % 400;
    const y = (i * 47 + seed * 59) % 300;
    return `<circle cx="${x}" cy="${y}" r="${14 + ((i + seed) % 4) * 4}" fill="#2f4f23" opacity="0.85"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300"><rect width="400" height="300" fill="${tint}"/>${trees}<rect x="0" y="236" width="400" height="34" fill="#8d8d86"/><rect x="0" y="251" width="400" height="3" fill="#e8e2c4"/><rect x="170" y="150" width="26" height="86" fill="#c9c2b3"/><polygon points="140,70 250,70 262,150 128,150" fill="#6e4b3a"/><line x1="195" y1="70" x2="195" y2="150" stroke="#4b3326" stroke-width="3"/><rect x="282" y="110" width="44" height="34" fill="#9aa3a8"/></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

function image(date: string, provider: string, seed: number, extra: Partial<ImageItem> = {}): ImageItem {
  const label = new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return {
    imageUrl: fixtureImageUrl(seed),
    imageBounds: BOUNDS,
    imageDateLabel: label,
    imageProvider: provider,
    captureId: `cap-${date}`,
    date,
    ...extra,
  };
}

function riskLevelOf(score: number): RiskLevel {
  if (score >= RISK_LEVEL_THRESHOLDS.high) return 'high';
  if (score >= RISK_LEVEL_THRESHOLDS.medium) return 'medium';
  return 'low';
}

type FactorInput = Omit<Factor, 'description'> & { description?: string };

/** A score whose factor contributions sum exactly to score − baseScore (the last factor absorbs rounding). */
export function scoreFixture(
  product: ProductKey,
  baseScore: number,
  factors: FactorInput[],
  extra: Partial<ScoreResult> = {},
): ScoreResult {
  const sum = factors.reduce((total, factor) => total + factor.contribution, 0);
  const score = Math.min(10, Math.max(1, Math.round((baseScore + sum) * 10) / 10));
  const adjusted = factors.map((factor) => ({ description: `${factor.name} as observed at the property.`, ...factor }));
  if (adjusted.length > 0) {
    const others = adjusted.slice(0, -1).reduce((total, factor) => total + factor.contribution, 0);
    adjusted[adjusted.length - 1]!.contribution = Math.round((score - baseScore - others) * 100) / 100;
  }
  return {
    product,
    score,
    riskLevel: riskLevelOf(score),
    baseScore,
    confidence: { value: 0.86, label: 'high' },
    factors: adjusted,
    modelVersion: `${product.replace('|', '-')}-2.3.0`,
    asOf: '2026-06-14',
    unavailableReason: null,
    ...extra,
  };
}

export const FIXTURE_ADDRESS = '1208 Cedar Ridge Dr, Boulder, CO 80302';

function products(asOf: string, shift: number): Record<string, ScoreResult> {
  const at = { asOf };
  return {
    zfire: scoreFixture(
      'zfire',
      5,
      [
        {
          key: 'vegetation_cover',
          name: 'Vegetation cover',
          value: 62,
          unit: '%',
          contribution: 1.9 - shift,
          description:
            'Share of the 30 m zone around the buildings covered by trees and shrubs; dense fuel near the structure raises fire risk.',
        },
        {
          key: 'slope',
          name: 'Slope',
          value: 18,
          unit: 'deg',
          contribution: 0.6,
          description: 'Fire spreads faster uphill; steep terrain below the home raises the score.',
        },
        {
          key: 'distance_to_wildland',
          name: 'Distance to wildland',
          value: 140,
          unit: 'ft',
          contribution: 0.9,
          description: 'Distance from the main building to continuous wildland vegetation.',
        },
        {
          key: 'roof_material',
          name: 'Roof material',
          value: 'Class A asphalt',
          unit: null,
          contribution: -0.7,
          description: 'A Class A fire-rated roof resists embers.',
        },
        {
          key: 'defensible_space',
          name: 'Defensible space',
          value: true,
          unit: null,
          contribution: -0.42,
          description: 'A cleared 5 ft zone around the structure lowers ember ignition.',
        },
      ],
      at,
    ),
    zhail: scoreFixture(
      'zhail',
      5,
      [
        {
          key: 'hail_frequency',
          name: 'Hail days per year',
          value: 3.2,
          unit: 'days',
          contribution: 0.8 - shift,
          description: 'Average days a year with hail of 1 inch or more within 5 miles.',
        },
        {
          key: 'roof_age',
          name: 'Roof age',
          value: 9,
          unit: 'years',
          contribution: 0.35,
          description: 'Older roofing is more brittle under hail impact.',
        },
        {
          key: 'roof_material',
          name: 'Roof material',
          value: 'Class A asphalt',
          unit: null,
          contribution: -0.15,
          description: 'Impact resistance of the roofing.',
        },
      ],
      at,
    ),
    zstorm: scoreFixture(
      'zstorm',
      5,
      [
        {
          key: 'storm_frequency',
          name: 'Severe storm frequency',
          value: 1.1,
          unit: 'per year',
          contribution: -0.9,
          description: 'Severe convective storms near the property per year.',
        },
        {
          key: 'tree_overhang',
          name: 'Tree overhang',
          value: 24,
          unit: '%',
          contribution: 0.5,
          description: 'Share of the roof under tree canopy: falling limbs in storms.',
        },
      ],
      at,
    ),
    zwind: scoreFixture(
      'zwind',
      5,
      [
        {
          key: 'design_wind_speed',
          name: 'Design wind speed',
          value: 115,
          unit: 'mph',
          contribution: 0.3,
          description: 'The 50-year gust for the location.',
        },
        {
          key: 'roof_shape',
          name: 'Roof shape',
          value: 'gable',
          unit: null,
          contribution: 0.4,
          description: 'Gable roofs lift more than hip roofs under high winds.',
        },
        {
          key: 'terrain_exposure',
          name: 'Terrain exposure',
          value: 'b',
          unit: null,
          contribution: -0.6,
          description: 'Suburban terrain shelters the building from wind.',
        },
      ],
      at,
    ),
    zwater: scoreFixture(
      'zwater',
      5,
      [
        {
          key: 'flood_zone',
          name: 'Flood zone',
          value: 'x',
          unit: null,
          contribution: -1.8,
          description: 'Outside the 500-year floodplain.',
        },
        {
          key: 'elevation_above_stream',
          name: 'Height above nearest stream',
          value: 42,
          unit: 'ft',
          contribution: -0.7,
          description: 'Height of the lowest floor above the nearest mapped stream.',
        },
      ],
      at,
    ),
    zproperty: scoreFixture(
      'zproperty',
      5,
      [
        {
          key: 'roof_condition',
          name: 'Roof condition',
          value: 'good',
          unit: null,
          contribution: -0.8 + shift,
          description: 'No visible staining, missing shingles or patching on the roof.',
        },
        {
          key: 'yard_debris',
          name: 'Yard debris',
          value: false,
          unit: null,
          contribution: -0.2,
          description: 'No debris or stored material seen in the yard.',
        },
        {
          key: 'pool',
          name: 'Swimming pool',
          value: false,
          unit: null,
          contribution: 0,
          description: 'Pools raise liability exposure.',
        },
        {
          key: 'solar_panels',
          name: 'Solar panels',
          value: true,
          unit: null,
          contribution: 0.3,
          description: 'Roof-mounted panels raise replacement cost.',
        },
      ],
      {
        ...at,
        attributes: [
          { key: 'roof_material', name: 'Roof material', value: 'Asphalt shingle', unit: null, building: 'A' },
          { key: 'roof_shape', name: 'Roof shape', value: 'Gable', unit: null, building: 'A' },
          { key: 'roof_area', name: 'Roof area', value: 2410, unit: 'sq ft', building: 'A' },
          { key: 'stories', name: 'Stories', value: 2, unit: null, building: 'A' },
          { key: 'footprint', name: 'Building footprint', value: 1650, unit: 'sq ft', building: 'A' },
          { key: 'outbuilding_area', name: 'Outbuilding footprint', value: 480, unit: 'sq ft', building: 'B' },
          { key: 'pool', name: 'Swimming pool', value: false, unit: null, building: null },
          { key: 'trampoline', name: 'Trampoline', value: false, unit: null, building: null },
        ],
        condition: { score: 7.8, label: 'good' },
      },
    ),
    roof_age: scoreFixture(
      'roof_age',
      5,
      [
        {
          key: 'roof_age_years',
          name: 'Roof age',
          value: shift ? 7 : 9,
          unit: 'years',
          contribution: -0.5 - shift,
          description: 'Estimated years since the roof covering was installed.',
        },
      ],
      {
        ...at,
        roofAge: {
          installYear: 2017,
          ageYears: 9,
          evidence: [
            {
              source: 'permit',
              year: 2017,
              description: 'Re-roof permit: tear-off and replace asphalt shingles',
              reference: 'BLD-2017-04412',
            },
            {
              source: 'imagery',
              year: 2017,
              description: 'Roof colour changed between the 2016 and 2017 captures',
              reference: 'cap-2017-07-02',
            },
            { source: 'year_built', year: 1994, description: 'Year built from the county assessor', reference: null },
          ],
        },
      },
    ),
  };
}

/** A complete, schema-valid assessment answer. */
export function assessmentFixture(options: { asOf?: string; enabled?: readonly string[] } = {}): AssessmentResponse {
  const asOf = options.asOf ?? '2026-06-14';
  const historical = asOf < '2026-06-14';
  const all = products(asOf, historical ? 0.4 : 0);
  const picked = options.enabled
    ? Object.fromEntries(Object.entries(all).filter(([key]) => options.enabled!.includes(key)))
    : all;
  return assessmentResponseSchema.parse({
    location: {
      locationType: 'address',
      input: FIXTURE_ADDRESS,
      propertyId: 'p-080302-1208',
      address: {
        line1: '1208 Cedar Ridge Dr',
        unit: null,
        city: 'Boulder',
        state: 'CO',
        zip: '80302',
        formatted: FIXTURE_ADDRESS,
      },
      point: { lat: 40.015, lng: -105.283 },
      precision: 'rooftop',
      confidence: 0.94,
      h3Index: '8a268cd92a67fff',
      parcel: {
        type: 'Polygon',
        coordinates: [
          [
            [-105.2835, 40.0145],
            [-105.2825, 40.0145],
            [-105.2825, 40.0155],
            [-105.2835, 40.0155],
            [-105.2835, 40.0145],
          ],
        ],
      },
      buildings: [],
    },
    asOf,
    availableDates: ['2026-06-14', '2025-05-30', '2024-06-02', '2022-07-18'],
    products: picked,
    imagery: {
      ortho: [image(asOf, 'Sample Aerial Survey', 1), image('2025-05-30', 'Sample Aerial Survey', 2)],
      oblique: (['north', 'east', 'south', 'west'] as const).map((direction, i) =>
        image('2026-06-14', 'Sample Oblique Co', 10 + i, { direction }),
      ),
      comparison: {
        event: { id: 'evt-hail-2025-07', kind: 'hail', date: '2025-07-21', description: 'Hail up to 1.75 in' },
        before: image('2025-05-30', 'Sample Aerial Survey', 2),
        after: image('2025-08-04', 'Sample Aerial Survey', 3),
      },
    },
    sampleData: true,
  });
}

export const autocompleteFixture = addressAutocompleteResponseSchema.parse({
  results: [
    { propertyId: 'p-080302-1208', address: FIXTURE_ADDRESS, lat: 40.015, lng: -105.283 },
    { propertyId: 'p-080302-1210', address: '1210 Cedar Ridge Dr, Boulder, CO 80302', lat: 40.0151, lng: -105.2832 },
  ],
});

export const buildingPermitsFixture = buildingPermitsResponseSchema.parse({
  results: [
    {
      id: 'bp-1',
      permitNumber: 'BLD-2017-04412',
      type: 'Re-roof',
      description: 'Tear-off and replace asphalt shingles',
      issuedOn: '2017-05-09',
      status: 'Finaled',
      valueUsd: 18400,
    },
    {
      id: 'bp-2',
      permitNumber: 'ELE-2021-01187',
      type: 'Solar',
      description: 'Roof-mounted 6.2 kW photovoltaic system',
      issuedOn: '2021-03-22',
      status: 'Finaled',
      valueUsd: 21750,
    },
  ],
});

export const ibhsFixture = ibhsEvaluationsResponseSchema.parse({
  results: [
    {
      building: 'A',
      designation: 'roof',
      evaluatedOn: '2017-06-30',
      description: 'FORTIFIED Roof: sealed roof deck and ring-shank nails.',
    },
  ],
});
