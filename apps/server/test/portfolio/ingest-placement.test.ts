import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { handleIngest } from '../../src/jobs/portfolio-jobs.js';
import { FAR_FROM_EVERY_PROPERTY } from '../../src/db/portfolio-ingest.js';
import { geocodeCoordinatesMany, OUTSIDE_COVERAGE_AREA } from '../../src/domain/geocoder/index.js';
import { parcelGrids } from '../../src/domain/portfolio/pipeline/parcel-grid-cache.js';
import { pgPolygonContains } from '../../src/domain/portfolio/pipeline/parcel-grid.js';
import { unsettledChunkRows, unsettledRowsPlacedAtIngest } from '../../src/db/portfolio-placement.js';
import { riskModelScorer } from '../../src/domain/portfolio/pipeline/risk-scorer.js';
import { pendingChunks, processChunk } from '../../src/domain/portfolio/pipeline/runs.js';
import { buildScoreIndexStep } from '../../src/domain/portfolio/pipeline/score-index.js';
import type { PortfolioScorer } from '../../src/domain/portfolio/pipeline/seams.js';
import { worldGeocoder } from '../../src/domain/portfolio/pipeline/world-geocoder.js';
import { createMember, usePortfolioTestApp, useRawPool } from './app.js';
import { portfolioSteps } from './steps.js';
import { topFactorsOf } from '../../src/db/portfolio-review.js';

// Issue 22: rows with their own coordinates are placed on their parcel at ingest, in Node, from the
// parcels of placement_cells held in memory. The answers must be SQL's, to the last bit.
const { app, db, url, services } = await usePortfolioTestApp({
  chunkSize: 50,
  worker: false,
  realEngines: { properties: 300 },
});
const pool = useRawPool(url);
const AS_OF = '2026-03-04';
const now = () => new Date(`${AS_OF}T09:00:00Z`);
for (let steps = 0; !(await buildScoreIndexStep(db, { today: AS_OF, pageSize: 150 })); steps += 1)
  if (steps > 20) throw new Error('the index build did not finish');

/** The parcels as PostgreSQL holds them: vertices (x = longitude, y = latitude) by property. */
async function parcels() {
  const { rows } = await sql<{ property_id: string; parcel: string }>`
    SELECT DISTINCT ON (property_id) property_id, parcel::text FROM placement_cells ORDER BY property_id`.execute(db);
  return rows.map((row) => {
    const numbers = row.parcel.replace(/[()]/g, '').split(',').map(Number);
    return {
      property_id: row.property_id,
      xs: numbers.filter((_, i) => i % 2 === 0),
      ys: numbers.filter((_, i) => i % 2 === 1),
    };
  });
}

/** Where the run's SQL places each point (x = longitude, y = latitude): db/portfolio-placement.ts placedProperty's probe. */
async function placedBySql(points: [number, number][]) {
  const { rows } = await sql<{ property_id: string | null }>`
    SELECT (SELECT min(pc.property_id COLLATE "C") FROM placement_cells pc
            WHERE pc.cell = zview_placement_cell(p.y, p.x) AND pc.parcel @> point(p.x, p.y)) AS property_id
    FROM unnest(${points.map((p) => p[0])}::float8[], ${points.map((p) => p[1])}::float8[]) WITH ORDINALITY AS p(x, y, n)
    ORDER BY p.n`.execute(db);
  return rows.map((r) => r.property_id);
}

/** Points on, beside and inside parcel edges and vertices, where a rule that differs from PostgreSQL's would show. */
function testPoints(parcel: { xs: number[]; ys: number[] }): [number, number][] {
  const points: [number, number][] = [];
  const n = parcel.xs.length;
  const cx = parcel.xs.reduce((a, b) => a + b, 0) / n;
  const cy = parcel.ys.reduce((a, b) => a + b, 0) / n;
  points.push([cx, cy]);
  for (let i = 0; i < n; i++) {
    const [x, y] = [parcel.xs[i]!, parcel.ys[i]!];
    const [nx, ny] = [parcel.xs[(i + 1) % n]!, parcel.ys[(i + 1) % n]!];
    points.push([x, y], [(x + nx) / 2, (y + ny) / 2]);
    // Within and beyond PostgreSQL's 1e-6 tolerance of a vertex and of an edge's midpoint, both ways.
    for (const d of [4e-7, 9.9e-7, 1.01e-6, 3e-6, 2e-5])
      points.push([x + d, y], [x, y - d], [(x + nx) / 2 + d, (y + ny) / 2], [(x + nx) / 2, (y + ny) / 2 - d]);
  }
  return points;
}

describe('placing points at ingest', () => {
  it("pgPolygonContains answers PostgreSQL's polygon @> point on, near and inside every parcel's edges", async () => {
    const all = await parcels();
    expect(all.length).toBeGreaterThan(250);
    let checked = 0;
    let inside = 0;
    for (const parcel of all.slice(0, 120)) {
      const points = testPoints(parcel);
      const polygon = `(${parcel.xs.map((x, i) => `(${x},${parcel.ys[i]})`).join(',')})`;
      const { rows } = await sql<{ inside: boolean }>`
        SELECT ${polygon}::polygon @> point(p.x, p.y) AS inside
        FROM unnest(${points.map((p) => p[0])}::float8[], ${points.map((p) => p[1])}::float8[]) WITH ORDINALITY AS p(x, y, n)
        ORDER BY p.n`.execute(db);
      const xy = Float64Array.from(parcel.xs.flatMap((x, i) => [x, parcel.ys[i]!]));
      points.forEach(([x, y], i) => {
        expect(pgPolygonContains(xy, 0, parcel.xs.length, x, y), `${polygon} @> (${x},${y})`).toBe(rows[i]!.inside);
        if (rows[i]!.inside) inside += 1;
      });
      checked += points.length;
    }
    expect(checked).toBeGreaterThan(10_000);
    // Both answers occur in numbers: the comparison is not one-sided.
    expect(inside).toBeGreaterThan(1000);
    expect(checked - inside).toBeGreaterThan(1000);
  });

  it("places every point on the parcel the run's SQL would choose (the least id where parcels share an edge)", async () => {
    const grid = await parcelGrids(db).current();
    expect(grid).not.toBeNull();
    const points = (await parcels()).flatMap((p) => testPoints(p).filter((_, i) => i % 3 === 0));
    // And points off every parcel (between them, and far away).
    for (let i = 0; i < 500; i++) points.push([-100 + Math.sin(i) * 3, 35 + Math.cos(i * 7) * 3]);
    const placed = points.map(([x, y]) => grid!.place(y, x));
    expect(placed).toEqual(await placedBySql(points));
    expect(placed.filter((p) => p === null).length).toBeGreaterThan(500);
    expect(placed.filter((p) => p !== null).length).toBeGreaterThan(points.length / 3);
  });

  it('tells a point far from every property as the exact rule would: no property, outside coverage', async () => {
    const grid = (await parcelGrids(db).current())!;
    const properties = await db.selectFrom('properties').select(['lat', 'lng']).execute();
    // Rings of points around properties, from beside them to tens of kilometres away, and across the country.
    const points: { lat: number; lng: number }[] = [];
    properties.slice(0, 40).forEach((p, k) => {
      for (const km of [0.05, 0.5, 1.5, 2.1, 3.5, 5, 8, 20, 60]) {
        const angle = k + km;
        points.push({ lat: p.lat + (km / 111) * Math.sin(angle), lng: p.lng + (km / 90) * Math.cos(angle) });
      }
    });
    for (let i = 0; i < 200; i++)
      points.push({ lat: 25 + ((i * 7919) % 2000) / 100, lng: -124 + ((i * 104729) % 5700) / 100 });
    const exact = await geocodeCoordinatesMany(db, points);
    const far = points.map((p) => grid.isFarFromEveryProperty(p.lat, p.lng));
    points.forEach((p, i) => {
      if (far[i]) expect(exact[i], `${p.lat},${p.lng}`).toMatchObject({ propertyId: null, outsideCoverage: true });
    });
    // It decides most of the far points, and none of the near ones.
    const outside = exact.filter((e) => e.outsideCoverage).length;
    expect(far.filter(Boolean).length).toBeGreaterThan(outside / 2);
    expect(far.filter(Boolean).length).toBeLessThan(points.length);
  });

  it('stores the parcel with each row, and a run trusts it only while the world is at the revision it was placed on', async () => {
    // 80 rows in one chunk of a complete 300-property build: the chunk's INSERT joins the index as
    // the planner likes (HASHED_BUILD_ROWS_PER_CHUNK_ROW); score-index.test.ts covers the per-row probe.
    const BOOK = 78;
    const properties = await db
      .selectFrom('properties')
      .select(['id', 'lat', 'lng'])
      .orderBy('id')
      .limit(BOOK)
      .execute();
    // A point in the United States far from every property of the world: outside coverage.
    const grid = (await parcelGrids(db).current())!;
    const farPoint = Array.from({ length: 200 }, (_, i) => [30 + (i % 15), -120 + i / 5] as const).find(([lat, lng]) =>
      grid.isFarFromEveryProperty(lat, lng),
    )!;
    // And one beside a property but on no parcel: its place is the run's exact rule.
    const nearPoint = properties
      .flatMap((p) => [0.0003, 0.0005, 0.0008].map((d) => [p.lat + d, p.lng - d] as const))
      .find(([lat, lng]) => grid.place(lat, lng) === null && !grid.isFarFromEveryProperty(lat, lng))!;
    const csv = [
      'id,latitude,longitude',
      ...properties.map((p, i) => `R${i},${p.lat},${p.lng}`),
      'SEA,30.0,-60.0',
      'BAD,,',
      `FAR,${farPoint[0]},${farPoint[1]}`,
      `NEAR,${nearPoint[0]},${nearPoint[1]}`,
    ].join('\n');
    const { headers } = await createMember(app, db);
    const scorer = riskModelScorer(db, { now });
    const geocoder = worldGeocoder(db);
    const deps = {
      db,
      geocoder,
      blobs: services.blobs,
      queue: services.queue,
      chunkSize: 50,
      connect: () => pool.connect(),
    };
    /** Uploads the book, ingests it with `scorer` and runs its zfire product to the end; the results in row order. */
    async function runBook(
      withScorer: PortfolioScorer,
      beforeRun?: (portfolioId: number) => Promise<void>,
      chunkSize = deps.chunkSize,
    ) {
      const portfolioId = await portfolioSteps(app).createPortfolio(headers, `${csv}\n`);
      await handleIngest({ ...deps, chunkSize, scorer: withScorer }, portfolioId);
      await beforeRun?.(portfolioId);
      const run = await db
        .selectFrom('portfolio_runs')
        .select('id')
        .where('portfolio_id', '=', portfolioId)
        .executeTakeFirstOrThrow();
      for (const chunk of await pendingChunks(db, run.id))
        expect(await processChunk({ db, scorer, geocoder }, run.id, chunk)).toBe('committed');
      const results = await db
        .selectFrom('portfolio_results')
        .select(['row_number', 'score', 'risk_level', 'confidence', topFactorsOf(), 'model_version', 'problem'])
        .where('run_id', '=', run.id)
        .orderBy('row_number')
        .execute();
      return { portfolioId, results };
    }

    // Placed at ingest as SQL places them (a property's point may lie on its neighbour's parcel), the unusable and off-map rows on none.
    const placed = await runBook(scorer);
    const rows = await db
      .selectFrom('portfolio_rows')
      .select(['ref', 'placed_property_id', 'geo_property_id'])
      .where('portfolio_id', '=', placed.portfolioId)
      .orderBy('row_number')
      .execute();
    const expected = await placedBySql(properties.map((p) => [p.lng, p.lat]));
    expect(rows.slice(0, BOOK).map((r) => r.placed_property_id)).toEqual(expected);
    expect(expected.filter((id, i) => id === properties[i]!.id).length).toBeGreaterThan(45);
    // The far point is marked so (the run gives it "outside coverage" without asking Node); the others are not placed.
    expect(rows.slice(BOOK).map((r) => r.placed_property_id)).toEqual([null, null, FAR_FROM_EVERY_PROPERTY, null]);
    expect(placed.results[BOOK + 2]!.problem).toBe(OUTSIDE_COVERAGE_AREA);
    // The rows placed on no parcel (the property points between parcels, and NEAR) are named with
    // the portfolio, so its chunks find them without reading their rows.
    const { unplaced_rows } = await db
      .selectFrom('portfolios')
      .select('unplaced_rows')
      .where('id', '=', placed.portfolioId)
      .executeTakeFirstOrThrow();
    const unplacedBook = expected.flatMap((id, i) => (id === null ? [i + 1] : []));
    expect(unplaced_rows).toEqual([...unplacedBook, BOOK + 4]);
    const buildId = (
      await db
        .selectFrom('portfolio_runs')
        .select('score_build_id')
        .where('portfolio_id', '=', placed.portfolioId)
        .executeTakeFirstOrThrow()
    ).score_build_id!;
    const chunkOf = (portfolioId: number) => ({
      portfolioId,
      buildId,
      range: { first: 1, last: 100 },
      organizationId: 0,
      product: 'zfire',
    });
    const named = await unsettledRowsPlacedAtIngest(db, chunkOf(placed.portfolioId));
    const read = await unsettledChunkRows(db, chunkOf(placed.portfolioId));
    expect(named).not.toBeNull();
    expect(named!.unsettled.map((r) => r.row_number)).toContain(BOOK + 4);
    expect(named!.rowCount).toBe(read.rowCount);
    expect(named!.unsettled.map((r) => r.row_number).sort((a, b) => a - b)).toEqual(
      read.unsettled.map((r) => r.row_number).sort((a, b) => a - b),
    );
    // geo_property_id stays the address geocoder's (the combined export names its address).
    expect(rows.every((r) => r.geo_property_id === null)).toBe(true);
    const revision = await db.selectFrom('world_revision').select('revision').executeTakeFirstOrThrow();
    const portfolio = await db
      .selectFrom('portfolios')
      .select('placed_world_revision')
      .where('id', '=', placed.portfolioId)
      .executeTakeFirstOrThrow();
    expect(portfolio.placed_world_revision).toBe(Number(revision.revision));

    // The same book placed by the run's SQL alone (no grid at ingest) scores the same.
    const { parcelGrid: _unused, ...withoutGrid } = scorer.indexed!;
    const bySql = await runBook({ ...scorer, indexed: withoutGrid });
    expect(bySql.results).toEqual(placed.results);
    // And in chunks small beside the build (50 rows of 300 properties): each chunk reads its
    // properties by one scan of the build's key (IndexJoin 'keyScan') rather than hashing the build.
    const scanned = await runBook(scorer, undefined, 20);
    expect(scanned.results).toEqual(placed.results);
    expect(placed.results.filter((r) => r.problem === null)).toHaveLength(BOOK);

    // Wrong parcels stored with the rows are used while trusted (which shows the run reads them) …
    const swapped = async (portfolioId: number) => {
      await sql`UPDATE portfolio_rows SET placed_property_id = ${properties[0]!.id} WHERE portfolio_id = ${portfolioId} AND placed_property_id IS NOT NULL`.execute(
        db,
      );
    };
    const trusted = await runBook(scorer, swapped);
    expect(trusted.results.slice(0, BOOK).every((r) => r.score === trusted.results[0]!.score)).toBe(true);
    expect(trusted.results).not.toEqual(placed.results);
    // … and ignored once the world is at another revision than the one they were placed on.
    const stale = await runBook(scorer, async (portfolioId) => {
      await swapped(portfolioId);
      await sql`UPDATE portfolios SET placed_world_revision = placed_world_revision - 1 WHERE id = ${portfolioId}`.execute(
        db,
      );
    });
    expect(stale.results).toEqual(placed.results);
    // (Its chunks read their rows: the named unplaced rows hold for the revision they were placed on only.)
    expect(await unsettledRowsPlacedAtIngest(db, chunkOf(stale.portfolioId))).toBeNull();
  });
});
