import { latLngToCell } from 'h3-js';
import { normalizeCity } from '../../domain/geocoder/vocabulary.js';
import { bboxOf, offsetMetres, round6 } from '../../domain/hazard/geo.js';
import { HAZARD_RESOLUTION, hazardAt } from '../../domain/hazard/climatology.js';
import { Random } from '../random.js';
import { IMAGERY_PROVIDERS } from '../regions.js';
import type { ImageryCaptureRow, NeighbourhoodBatch, WeatherEventRow } from '../rows.js';
import { dayOf, fromDay, WORLD_FIRST_YEAR, WORLD_LAST_YEAR } from './dates.js';
import { environmentOf } from './environment.js';
import { Blob, LocalFrame } from './shapes.js';
import type { NeighbourhoodPlan } from './plan.js';
import { generateProperty, type LotPlan, type SiteEvent } from './property.js';

const STREET_HALF_WIDTH = 8;
const HURRICANE_NAMES = [
  'Adalyn',
  'Bertram',
  'Corinne',
  'Desmond',
  'Elowen',
  'Fitz',
  'Greer',
  'Hollis',
  'Isolde',
  'Jericho',
  'Kestrel',
  'Lyra',
  'Marlow',
  'Nadira',
  'Osric',
  'Perrin',
];
const FIRE_NAMES = [
  'Ridge',
  'Canyon',
  'Pine Hollow',
  'Dry Creek',
  'Juniper',
  'Red Butte',
  'Sawmill',
  'Ember Flats',
  'Coyote',
  'Table Mesa',
];

/** Generates one neighbourhood: its streets, properties, buildings, permits, weather events and imagery captures. */
export function generateNeighbourhood(plan: NeighbourhoodPlan): NeighbourhoodBatch {
  const rng = new Random(plan.rootSeed);
  const { zip } = plan;

  // Neighbourhoods of one ZIP sit on a sunflower spiral around its centroid, ~1.3 km apart.
  const j = plan.ordinalInZip;
  const radius = j === 0 ? 0 : 1300 * Math.sqrt(j);
  const [originLng, originLat] = offsetMetres(
    zip.lat,
    zip.lng,
    radius * Math.cos(j * 2.39996) + rng.range(-120, 120),
    radius * Math.sin(j * 2.39996) + rng.range(-120, 120),
  );
  const frame = new LocalFrame(originLat, originLng, rng.range(-0.35, 0.35));
  const env = environmentOf(rng, zip.state, plan.region, originLat, originLng);
  const hazard = hazardAt(originLat, originLng);
  // Same form as normalizeAddress(...).full, built directly because this runs a million times.
  const cityKey = normalizeCity(zip.city);

  const lotWidth = plan.region === 'west_wildfire' ? rng.range(22, 40) : rng.range(18, 30);
  const lotDepth = rng.range(32, 52);
  const spacing = 2 * (lotDepth + STREET_HALF_WIDTH);
  const perSide = plan.housesPerStreet / 2;
  const halfWidth = (perSide * lotWidth) / 2;
  const halfHeight = ((plan.streets.length - 1) * spacing) / 2;

  const extent = { x: halfWidth + 60, y: halfHeight + lotDepth + STREET_HALF_WIDTH + 60 };
  const corners = [
    frame.toLngLat(-extent.x, -extent.y),
    frame.toLngLat(extent.x, -extent.y),
    frame.toLngLat(extent.x, extent.y),
    frame.toLngLat(-extent.x, extent.y),
  ];
  const [west, south, east, north] = bboxOf([corners]);

  const captures = imageryCaptures(rng, plan, { west, south, east, north });
  const orthoDays = captures
    .filter((c) => c.kind === 'ortho')
    .map((c) => Math.floor(Date.parse(c.captured_on) / 86_400_000));
  const { events, siteEvents } = weatherEvents(rng, plan, frame, hazard, orthoDays, extent);

  const batch: NeighbourhoodBatch = {
    neighbourhood: {
      id: plan.id,
      source: 'generated',
      name:
        `${plan.streets[0]!.name.replace(/ \S+$/, '')} ${plan.landmark ? 'Landmark' : ''}`.trim() + ` (${zip.city})`,
      region: plan.region,
      city: zip.city,
      state: zip.state,
      zip: zip.zip,
      center_lat: originLat,
      center_lng: originLng,
      west,
      south,
      east,
      north,
    },
    properties: [],
    buildings: [],
    permits: [],
    events,
    captures,
  };

  for (let i = 0; i < plan.propertyCount; i++) {
    const s = Math.floor(i / plan.housesPerStreet);
    const within = i % plan.housesPerStreet;
    const side = within % 2;
    const position = Math.floor(within / 2);
    const street = plan.streets[s]!;
    const streetY = s * spacing - halfHeight;
    const x0 = position * lotWidth - halfWidth;
    const y0 = side === 0 ? streetY + STREET_HALF_WIDTH : streetY - STREET_HALF_WIDTH - lotDepth;
    const lot: LotPlan = { x0, y0, x1: x0 + lotWidth, y1: y0 + lotDepth, frontAtLowY: side === 0 };
    const houseNumber = String(street.base + 4 * position + side);
    const id = `p-${plan.id.slice(3)}-${String(i).padStart(3, '0')}`;
    const generated = generateProperty({
      rng: Random.of(plan.rootSeed, 7, i),
      id,
      frame,
      lot,
      env,
      region: plan.region,
      state: zip.state,
      hazard,
      siteEvents,
      orthoDays,
    });
    const [lng, lat] = generated.point;
    batch.properties.push({
      id,
      source: 'generated',
      neighbourhood_id: plan.id,
      house_number: houseNumber,
      street: street.name,
      unit: null,
      city: zip.city,
      state: zip.state,
      zip: zip.zip,
      address_line: `${houseNumber} ${street.name}`,
      street_key: street.key,
      normalized_address: `${houseNumber} ${street.key} ${cityKey} ${zip.state} ${zip.zip}`,
      lat,
      lng,
      h3_cell: latLngToCell(lat, lng, HAZARD_RESOLUTION),
      ...generated.property,
    });
    batch.buildings.push(...generated.buildings);
    batch.permits.push(...generated.permits);
  }
  return batch;
}

/** Orthophotos on 5–7 dates between 2020 and 2026; obliques (four directions) on two or three of them. */
function imageryCaptures(
  rng: Random,
  plan: NeighbourhoodPlan,
  bounds: { west: number; south: number; east: number; north: number },
): ImageryCaptureRow[] {
  const years: number[] = [];
  for (let y = WORLD_FIRST_YEAR; y <= WORLD_LAST_YEAR; y++) years.push(y);
  const count = plan.landmark ? years.length : rng.int(5, years.length);
  // Always keep the latest year so every neighbourhood has a recent capture.
  const chosen = new Set<number>([WORLD_LAST_YEAR]);
  while (chosen.size < count) chosen.add(rng.pick(years));
  const days = [...chosen]
    .sort()
    .map((year) => dayOf(year, rng.int(3, year === WORLD_LAST_YEAR ? 9 : 10), rng.int(1, 28)));
  const margin = 0.0008;
  const box = {
    west: round6(bounds.west - margin),
    south: round6(bounds.south - margin),
    east: round6(bounds.east + margin),
    north: round6(bounds.north + margin),
  };
  const rows: ImageryCaptureRow[] = [];
  const obliqueFrom = days.length - rng.int(2, 3);
  days.forEach((day, k) => {
    const provider = rng.pick(IMAGERY_PROVIDERS);
    const base = {
      source: 'generated' as const,
      neighbourhood_id: plan.id,
      captured_on: fromDay(day),
      provider,
      ...box,
      file_path: null,
      media_type: null,
      width: null,
      height: null,
    };
    rows.push({ id: `${plan.id}-o${k}`, kind: 'ortho', direction: null, ...base });
    if (k >= obliqueFrom) {
      for (const direction of ['north', 'east', 'south', 'west'] as const) {
        rows.push({ id: `${plan.id}-o${k}-${direction[0]}`, kind: 'oblique', direction, ...base });
      }
    }
  });
  return rows;
}

/**
 * Weather events placed between two orthophoto dates (so each has a before and an after image),
 * as likely as the hazard climatology says; a landmark neighbourhood always gets its own kinds.
 */
function weatherEvents(
  rng: Random,
  plan: NeighbourhoodPlan,
  frame: LocalFrame,
  hazard: ReturnType<typeof hazardAt>,
  orthoDays: number[],
  extent: { x: number; y: number },
): { events: WeatherEventRow[]; siteEvents: SiteEvent[] } {
  const kinds: ('hail' | 'hurricane' | 'tornado' | 'wildfire' | 'flood')[] = [];
  if (plan.landmark) {
    for (const kind of plan.landmark.events)
      kinds.push(kind === 'wind' ? (hazard.wind > 0.3 ? 'hurricane' : 'tornado') : kind);
  } else {
    if (rng.chance(hazard.hail * 0.9)) kinds.push('hail');
    if (rng.chance(hazard.wind * 0.8)) kinds.push('hurricane');
    else if (rng.chance(hazard.storm * 0.35)) kinds.push('tornado');
    if (rng.chance(hazard.wildfire * 0.7)) kinds.push('wildfire');
    if (rng.chance(hazard.flood * 0.45)) kinds.push('flood');
  }
  const events: WeatherEventRow[] = [];
  const siteEvents: SiteEvent[] = [];
  kinds.forEach((kind, k) => {
    const gap = rng.int(0, orthoDays.length - 2);
    const day = rng.int(orthoDays[gap]! + 5, orthoDays[gap + 1]! - 5);
    const date = fromDay(day);
    const size = Math.max(extent.x, extent.y);
    let blob: Blob;
    let row: Pick<WeatherEventRow, 'kind' | 'name' | 'magnitude' | 'magnitude_unit' | 'ended_on'>;
    if (kind === 'hail') {
      blob = new Blob(
        rng.range(-200, 200),
        rng.range(-200, 200),
        rng.range(6000, 14000),
        rng.range(900, 2200),
        rng.range(0.4, 1.2),
        [0.05, 0.03],
        rng.range(0, 6),
      );
      const inches = Math.round(rng.range(1, 2.75) * 4) / 4;
      row = { kind: 'hail', name: `Hailstorm of ${date}`, magnitude: inches, magnitude_unit: 'in', ended_on: null };
    } else if (kind === 'hurricane') {
      blob = new Blob(
        rng.range(-5000, 5000),
        rng.range(-5000, 5000),
        rng.range(60000, 120000),
        rng.range(40000, 70000),
        rng.range(0, Math.PI),
        [0.08],
        rng.range(0, 6),
      );
      row = {
        kind: 'wind',
        name: `Hurricane ${rng.pick(HURRICANE_NAMES)}`,
        magnitude: Math.round(rng.range(80, 140)),
        magnitude_unit: 'mph',
        ended_on: fromDay(day + 2),
      };
    } else if (kind === 'tornado') {
      blob = new Blob(
        rng.range(-150, 150),
        rng.range(-150, 150),
        rng.range(3000, 9000),
        rng.range(120, 350),
        rng.range(0.3, 1.0),
        [0.1],
        rng.range(0, 6),
      );
      const ef = rng.int(1, 3);
      row = {
        kind: 'wind',
        name: `EF${ef} tornado`,
        magnitude: [0, 100, 125, 150][ef]!,
        magnitude_unit: 'mph',
        ended_on: null,
      };
    } else if (kind === 'wildfire') {
      // The fire burns up to the neighbourhood's edge: some lots inside, most just outside.
      const r = rng.range(1500, 4000);
      const angle = rng.range(0, Math.PI * 2);
      const distance = r + size * rng.range(0.3, 0.8);
      blob = new Blob(
        Math.cos(angle) * distance,
        Math.sin(angle) * distance,
        r,
        r * rng.range(0.6, 0.9),
        rng.range(0, Math.PI),
        [0.15, 0.1, 0.06],
        rng.range(0, 6),
      );
      row = {
        kind: 'wildfire',
        name: `${rng.pick(FIRE_NAMES)} Fire`,
        magnitude: Math.round(blob.areaSqm() / 4046.86),
        magnitude_unit: 'acres',
        ended_on: fromDay(day + rng.int(3, 20)),
      };
    } else {
      const r = rng.range(300, 900);
      blob = new Blob(
        rng.range(-size, size) * 0.6,
        rng.range(-size, size) * 0.6,
        r * 2.5,
        r,
        rng.range(0, Math.PI),
        [0.12, 0.08],
        rng.range(0, 6),
      );
      row = {
        kind: 'flood',
        name: `Flash flood of ${date}`,
        magnitude: Math.round(rng.range(1, 6) * 10) / 10,
        magnitude_unit: 'ft',
        ended_on: fromDay(day + rng.int(1, 5)),
      };
    }
    const geometry = blob.polygon(frame);
    const [west, south, east, north] = bboxOf(geometry.coordinates as [number, number][][]);
    events.push({
      id: `${plan.id}-e${k}`,
      source: 'generated',
      occurred_on: date,
      geometry,
      west,
      south,
      east,
      north,
      ...row,
    });
    siteEvents.push({ kind, day, blob, magnitude: row.magnitude });
  });
  return { events, siteEvents };
}
