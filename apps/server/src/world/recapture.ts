import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { FeatureChange } from '../db/schema.js';
import { recordWorldChange } from '../domain/monitoring/books.js';

/**
 * A new imagery capture of the sample world over an area (issue 41), without outside data: an
 * orthophoto of every neighbourhood the area touches, dated, and what it "sees" changed since
 * the last one: some roofs replaced (installed that year, in good condition) and trees grown
 * (more cover, closer to the house, less defensible space), chosen per property by a hash of
 * its id and the date so the same command gives the same world. Records the capture as a world
 * change for monitored portfolios.
 */

export interface Area {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface RecaptureOptions {
  date: string;
  area?: Area;
  neighbourhoodId?: string;
  /** Share of the area's properties whose roof was replaced (0–1, default 0.2). */
  roofShare?: number;
  /** Share whose trees grew (0–1, default 0.3). */
  treeShare?: number;
  provider?: string;
}

export interface RecaptureReport {
  changeId: string;
  captures: string[];
  area: Area;
  properties: number;
  roofsReplaced: number;
  treesGrown: number;
}

export function parseArea(text: string): Area {
  const [west, south, east, north] = text.split(',').map(Number);
  const area = { west: west!, south: south!, east: east!, north: north! };
  if ([area.west, area.south, area.east, area.north].some((v) => v === undefined || !Number.isFinite(v)))
    throw new Error('--area must be WEST,SOUTH,EAST,NORTH in degrees');
  if (area.west >= area.east || area.south >= area.north)
    throw new Error('--area must have WEST < EAST and SOUTH < NORTH');
  return area;
}

/** The appeal features (domain/appeals/features.ts keys) a replaced roof and grown trees move. */
const ROOF_FEATURES = ['roof_install_year', 'roof_condition'] as const;
const TREE_FEATURES = ['vegetation_cover', 'vegetation_within_5ft', 'defensible_space'] as const;

const share = (value: number | undefined, fallback: number) => {
  const v = value ?? fallback;
  if (!(v >= 0 && v <= 1)) throw new Error('a share must be between 0 and 1');
  return Math.round(v * 1000);
};

export async function recaptureArea(db: Db, options: RecaptureOptions): Promise<RecaptureReport> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(options.date) || Number.isNaN(Date.parse(options.date)))
    throw new Error('--date must be YYYY-MM-DD');
  let area = options.area;
  if (options.neighbourhoodId) {
    const n = await db
      .selectFrom('neighbourhoods')
      .select(['west', 'south', 'east', 'north'])
      .where('id', '=', options.neighbourhoodId)
      .executeTakeFirst();
    if (!n) throw new Error(`No neighbourhood ${options.neighbourhoodId}`);
    area = n;
  }
  if (!area) throw new Error('--area WEST,SOUTH,EAST,NORTH or --neighbourhood ID is required');
  const roofs = share(options.roofShare, 0.2);
  const trees = share(options.treeShare, 0.3);
  const year = Number(options.date.slice(0, 4));
  const stamp = options.date.replaceAll('-', '');
  return db.transaction().execute(async (trx) => {
    const neighbourhoods = await trx
      .selectFrom('neighbourhoods')
      .select(['id', 'west', 'south', 'east', 'north'])
      .where('west', '<=', area.east)
      .where('east', '>=', area.west)
      .where('south', '<=', area.north)
      .where('north', '>=', area.south)
      .execute();
    const captures = neighbourhoods.map((n) => `${n.id}-m${stamp}`);
    if (neighbourhoods.length)
      await trx
        .insertInto('imagery_captures')
        .values(
          neighbourhoods.map((n, i) => ({
            id: captures[i]!,
            source: 'generated' as const,
            neighbourhood_id: n.id,
            captured_on: options.date,
            kind: 'ortho' as const,
            direction: null,
            provider: options.provider ?? 'Sample re-capture',
            west: n.west,
            south: n.south,
            east: n.east,
            north: n.north,
            file_path: null,
            media_type: null,
            width: null,
            height: null,
          })),
        )
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    const inArea = sql`p.lat BETWEEN ${area.south} AND ${area.north} AND p.lng BETWEEN ${area.west} AND ${area.east}`;
    const { rows: counted } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM properties p WHERE ${inArea}`.execute(trx);
    const { rows: roofed } = await sql<{
      id: string;
      rank: number;
      year_before: number | null;
      condition_before: string | null;
    }>`
      UPDATE buildings b SET roof_install_year = ${year}, roof_condition = 'good'
      FROM properties p
      WHERE b.property_id = p.id AND ${inArea} AND abs(hashtext(p.id || ':roof:' || ${options.date})) % 1000 < ${roofs}
        AND b.roof_install_year IS DISTINCT FROM ${year}
      RETURNING p.id, b.rank, old.roof_install_year AS year_before, old.roof_condition AS condition_before`.execute(
      trx,
    );
    const { rows: treed } = await sql<{
      id: string;
      cover: [number, number];
      within: [number, number];
      space: [number, number];
    }>`
      UPDATE properties p SET vegetation_cover = least(0.95, vegetation_cover + 0.2),
        vegetation_within_5ft = least(0.9, vegetation_within_5ft + 0.3),
        defensible_space_ft = greatest(0, defensible_space_ft - 20), vegetation_cleared_on = NULL
      WHERE ${inArea} AND abs(hashtext(p.id || ':tree:' || ${options.date})) % 1000 < ${trees}
      RETURNING p.id, ARRAY[old.vegetation_cover, new.vegetation_cover] AS cover,
        ARRAY[old.vegetation_within_5ft, new.vegetation_within_5ft] AS within,
        ARRAY[old.defensible_space_ft, new.defensible_space_ft] AS space`.execute(trx);
    const roofsReplaced = roofed.length;
    const treesGrown = treed.length;
    // What the capture moved where, in the appeal features' keys (an appeal of a roof the capture
    // shows replaced no longer stands; one of a pool it did not look at does).
    const movedFeatures: Record<string, string[]> = {};
    for (const { id } of roofed) movedFeatures[id] = [...ROOF_FEATURES];
    for (const { id } of treed) movedFeatures[id] = [...(movedFeatures[id] ?? []), ...TREE_FEATURES];
    // And from what to what (as the appeal features write them: shares in %), so a change's factors
    // before the capture can be scored (domain/monitoring/features-before.ts).
    const featureChanges: Record<string, FeatureChange[]> = {};
    const add = (id: string, f: FeatureChange) => (featureChanges[id] = [...(featureChanges[id] ?? []), f]);
    for (const r of roofed.filter((r) => r.rank === 1)) {
      add(r.id, { name: 'roof_install_year', from: r.year_before, to: year });
      add(r.id, { name: 'roof_condition', from: r.condition_before, to: 'good' });
    }
    const percent = (x: number) => Math.round(Number(x) * 100);
    for (const t of treed) {
      add(t.id, { name: 'vegetation_cover', from: percent(t.cover[0]), to: percent(t.cover[1]) });
      add(t.id, { name: 'vegetation_within_5ft', from: percent(t.within[0]), to: percent(t.within[1]) });
      add(t.id, { name: 'defensible_space', from: Number(t.space[0]), to: Number(t.space[1]) });
    }
    const changeId = await recordWorldChange(trx, {
      cause: 'capture',
      causeId: captures[0] ?? `capture-${stamp}`,
      description: `Imagery captured ${options.date} over ${captures.length} neighbourhood(s): ${roofsReplaced} roofs replaced, ${treesGrown} properties with trees grown`,
      occurredOn: options.date,
      area,
      movedFeatures,
      featureChanges,
    });
    return { changeId, captures, area, properties: counted[0]?.n ?? 0, roofsReplaced, treesGrown };
  });
}
