/**
 * Renders the five sample properties of the issue 47 comparison (ortho + one oblique each) into
 * docs/imagery/<property>-<label>-{ortho,oblique}.png, so the drawing before and after a renderer
 * change can be looked at side by side. Run: npx tsx bench/imagery-screenshots.ts before|after
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ImageCache } from '../apps/server/src/domain/imagery/cache.js';
import type { PropertyCapture, WeatherEvent } from '../apps/server/src/domain/imagery/capture.js';
import { ImageryService } from '../apps/server/src/domain/imagery/service.js';
import { FIXTURE_CENTER, fixtureSceneProvider } from '../apps/server/test/fixtures/scene.js';

const label = process.argv[2] ?? 'after';
const out = path.join(import.meta.dirname, '..', 'docs', 'imagery');
mkdirSync(out, { recursive: true });
const M_LNG = 1 / (111_320 * Math.cos((FIXTURE_CENTER[1] * Math.PI) / 180));
const M_LAT = 1 / 111_320;

/** Fixture property n sits at column i (−3…3) on side −1 (south) or 1 (north) of Fixture Ave. */
const centreOf = (n: number): [number, number] => {
  const side = n <= 7 ? -1 : 1;
  const i = ((n - 1) % 7) - 3;
  return [FIXTURE_CENTER[0] + i * 30 * M_LNG, FIXTURE_CENTER[1] + side * 28 * M_LAT];
};

const samples: { n: number; capturedOn: string; direction: PropertyCapture['direction']; events: WeatherEvent[] }[] = [
  { n: 2, capturedOn: '2025-06-20', direction: 'south', events: [] },
  {
    n: 4,
    capturedOn: '2025-07-10',
    direction: 'north',
    events: [{ id: 'hail-1', kind: 'hail', date: '2025-05-01', severity: 1 }],
  },
  {
    n: 9,
    capturedOn: '2025-10-02',
    direction: 'east',
    events: [{ id: 'wind-1', kind: 'hurricane', date: '2025-09-01', severity: 1 }],
  },
  { n: 11, capturedOn: '2025-01-15', direction: 'west', events: [] },
  {
    n: 13,
    capturedOn: '2025-09-01',
    direction: 'south',
    events: [{ id: 'fire-1', kind: 'wildfire', date: '2025-08-01', severity: 1 }],
  },
];

/**
 * Two of the five houses get an L-shaped footprint (a wing forward at the east end), as imported
 * building footprints often are: their roofs are drawn as joined wings.
 */
const L_SHAPED: Record<string, number> = { 'bldg-9': 9, 'bldg-11': 11 };
function lShaped(n: number): GeoJSON.Polygon {
  const [cx, cy] = centreOf(n);
  const side = n <= 7 ? -1 : 1;
  const w = 15 + (n % 3) * 2;
  // Metres from the parcel centre, x east, y north (towards the street for side −1 is +y).
  const pts: [number, number][] = [
    [-w / 2, -5.5],
    [w / 2, -5.5],
    [w / 2, 5.5 + 6],
    [w / 2 - 7.5, 5.5 + 6],
    [w / 2 - 7.5, 5.5],
    [-w / 2, 5.5],
  ];
  const ring = pts.map(([x, y]): [number, number] => [cx + x * M_LNG, cy + (side * 3 - side * y) * M_LAT]);
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
}
const scene: typeof fixtureSceneProvider = async (bbox) => {
  const features = await fixtureSceneProvider(bbox);
  return {
    ...features,
    buildings: features.buildings.map((b) => (b.id in L_SHAPED ? { ...b, outline: lShaped(L_SHAPED[b.id]!) } : b)),
  };
};

const dir = mkdtempSync(path.join(tmpdir(), 'zview-shots-'));
const service = new ImageryService({ scene, capture: () => null }, new ImageCache(dir));
for (const s of samples) {
  const id = `prop-${String(s.n).padStart(4, '0')}`;
  const base = {
    propertyId: id,
    capturedOn: s.capturedOn,
    provider: 'sample',
    center: centreOf(s.n),
    events: s.events,
  };
  const ortho = await service.renderCapture({ ...base, captureId: `o-${id}`, view: 'ortho' }, 'png');
  const oblique = await service.renderCapture(
    { ...base, captureId: `b-${id}`, view: 'oblique', direction: s.direction },
    'png',
  );
  const { writeFileSync } = await import('node:fs');
  writeFileSync(path.join(out, `${id}-${label}-ortho.png`), ortho);
  writeFileSync(path.join(out, `${id}-${label}-oblique.png`), oblique);
}
rmSync(dir, { recursive: true, force: true });
console.log(`wrote ${samples.length * 2} images to ${out}`);
