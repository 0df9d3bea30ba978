import { COVERAGE_METRES } from '../../geocoder/index.js';

/**
 * The parcels of `placement_cells` held in memory, so that the ingest's worker places each point
 * on its parcel as it parses the row (issue 22) instead of a chunk query probing the cells in SQL
 * row by row. It answers exactly what the chunk query's SQL answers for the same cells:
 * `min(property_id)` of the parcels in the point's cell (`zview_placement_cell`) whose polygon
 * contains the point by PostgreSQL's `polygon @> point` rule (`pgPolygonContains`, below), which
 * counts a point on or within 1e-6 of an edge as inside. The cells are loaded in cell order
 * (db/placement-cells.ts); polygons are kept once per property in one flat float64 array.
 */

/** PostgreSQL's tolerance in its geometric comparisons (EPSILON in geo_decls.h). */
const EPSILON = 1e-6;

/**
 * The cells (degrees) the grid records properties' points in, to tell a point far from all of them:
 * OCCUPIED_CELL_DEG cells, and the coarse cells of COARSE_CELL_DEG they lie in. A coarse look
 * settles most far points with a dozen lookups; the fine one settles those whose neighbourhood of
 * coarse cells holds a property kilometres away: on a dense world, most of the points the ingest
 * places on no parcel (6,009 of the 1M-property world's 7,838; 6,420 lie over 3 km from every
 * property, the fine cells tell those over ~3.8 km for certain).
 */
export const OCCUPIED_CELL_DEG = 0.005;
const FINE_CELLS_PER_COARSE = 10;
const COARSE_CELL_DEG = OCCUPIED_CELL_DEG * FINE_CELLS_PER_COARSE;
/**
 * A point with no property within this distance gets no property and is outside coverage from
 * geocodeCoordinatesMany (no property in its search boxes, ~1 km at most, and none within
 * COVERAGE_METRES, 2 km): the grid answers that without asking the database.
 */
const FAR_METRES = COVERAGE_METRES + 1000;
/**
 * Metres per degree of latitude, rounded down by over 1% (the sphere's is 111,195): distances
 * measured with it are below the true ones, so the neighbourhood checked is never too small.
 */
const METRES_PER_DEGREE = 110_000;

/**
 * Occupied cells by row: the columns (longitude divided by the cell size, floored) of each row
 * (latitude likewise) that hold a property. Keyed so, every key is a small integer: one number for
 * a fine cell would pass 2^31, and V8's sets hash such numbers as boxed doubles (~12 µs a point's
 * neighbourhood instead of ~3.6, measured on half a million occupied cells).
 */
type OccupiedCells = Map<number, Set<number>>;

function occupy(cells: OccupiedCells, i: number, j: number): void {
  let row = cells.get(i);
  if (!row) cells.set(i, (row = new Set()));
  row.add(j);
}

/** zview_placement_cell (migration 0330): the 0.001° grid cell of a point, as SQL computes it. */
export function placementCell(lat: number, lng: number): number {
  return Math.floor(lat / 0.001) * 1_000_000 + Math.floor((lng + 180) / 0.001);
}

/**
 * How far beyond its vertices a parcel's bounding box reaches: well over PostgreSQL's tolerance,
 * so a point outside the box is outside the polygon by its rule too (a point on an edge, or
 * within EPSILON of it, is inside).
 */
const BOX_MARGIN = 1e-5;

/** The band of latitude (0.001°) a placementCell lies in: its longitude part is below 1,000,000. */
const bandOf = (cell: number) => Math.floor(cell / 1_000_000);

/** A crossing sum this large marks "the point is on an edge": inside, whatever the other edges say. */
const ON_EDGE = Number.MAX_SAFE_INTEGER;

/**
 * How the edge from (ax, ay) to (bx, by), given relative to the point, crosses the ray from the
 * point along +x: ±2 for a crossing, ±1 when it starts or ends on the ray, ON_EDGE when the point
 * lies on it, all with PostgreSQL's tolerance. Summed over the ring, non-zero means inside.
 */
function rayCrossing(bx: number, by: number, ax: number, ay: number): number {
  // (No helper closures here: this runs a few million times per ingest, and the TypeScript loader names each closure it makes.)
  if (Math.abs(by) <= EPSILON) {
    if (Math.abs(bx) <= EPSILON) return ON_EDGE; // the vertex is the point
    if (bx > EPSILON) {
      // The edge ends on the ray, right of the point.
      if (Math.abs(ay) <= EPSILON) return ax > EPSILON ? 0 : ON_EDGE;
      return -ay > EPSILON ? 1 : -1;
    }
    // It ends on the ray's line, left of the point.
    if (Math.abs(ay) <= EPSILON) return -ax > EPSILON ? 0 : ON_EDGE;
    return 0;
  }
  const direction = by > EPSILON ? 1 : -1;
  if (Math.abs(ay) <= EPSILON) return -ax > EPSILON ? 0 : direction;
  // Both ends on the same side of the ray's line: no crossing.
  if ((direction < 0 && -ay > EPSILON) || (direction > 0 && ay > EPSILON)) return 0;
  if (-bx <= EPSILON && ax > EPSILON) return 2 * direction; // both ends right of the point
  if (-bx > EPSILON && ax <= EPSILON) return 0; // both ends left of it
  // The edge crosses the line beside the point: which side of the edge is the point on?
  const side = (bx - ax) * by - (by - ay) * bx;
  if (Math.abs(side) <= EPSILON) return ON_EDGE;
  if ((direction < 0 && -side > EPSILON) || (direction > 0 && side > EPSILON)) return 0;
  return 2 * direction;
}

/**
 * PostgreSQL's `polygon @> point` for a ring of `count` vertices at `offset` in `xy` (x, y pairs;
 * x is the longitude, y the latitude, as in `point(lng, lat)`).
 */
export function pgPolygonContains(xy: Float64Array, offset: number, count: number, x: number, y: number): boolean {
  const firstX = xy[offset]! - x;
  const firstY = xy[offset + 1]! - y;
  let prevX = firstX;
  let prevY = firstY;
  let total = 0;
  for (let i = 1; i < count; i++) {
    const px = xy[offset + 2 * i]! - x;
    const py = xy[offset + 2 * i + 1]! - y;
    const crossing = rayCrossing(px, py, prevX, prevY);
    if (crossing === ON_EDGE) return true;
    total += crossing;
    prevX = px;
    prevY = py;
  }
  // The closing edge, back to the first vertex.
  const closing = rayCrossing(firstX, firstY, prevX, prevY);
  if (closing === ON_EDGE) return true;
  return total + closing !== 0;
}

/** A growable float64 array (the vertex count is not known before the cells are read). */
class Float64Buffer {
  data = new Float64Array(1 << 16);
  length = 0;
  push(value: number) {
    if (this.length === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
}

/** The parcels of one world revision by placement cell. Build it with `ParcelGridBuilder`. */
export class ParcelGrid {
  private readonly firstBand: number;
  /** Band b's cells are cells[bandStart[b]] … cells[bandStart[b + 1] - 1]. */
  private readonly bandStart: Int32Array;

  constructor(
    readonly worldRevision: string,
    /** Cell keys in ascending order, one per distinct cell. */
    private readonly cells: Float64Array,
    /** Cell i's parcels are entries cellStart[i] … cellStart[i + 1] - 1. */
    private readonly cellStart: Int32Array,
    /** Each entry's property id, vertex offset (into xy) and vertex count. */
    private readonly propertyIds: string[],
    private readonly vertexStart: Int32Array,
    private readonly vertexCount: Int32Array,
    private readonly xy: Float64Array,
    /** Each entry's bounding box, west, south, east, north, widened by BOX_MARGIN. */
    private readonly boxes: Float64Array,
    /** Every OCCUPIED_CELL_DEG cell holding a property's point, and every COARSE_CELL_DEG cell. */
    private readonly occupiedFine: OccupiedCells,
    private readonly occupiedCoarse: OccupiedCells,
  ) {
    // Where each row of cells (one 0.001° band of latitude) starts in `cells`: a point's cell is
    // searched for among its band's, a few dozen entries near each other, rather than among all
    // the world's (1.9 million on a 1M-property world, a cache miss per step: 0.45 µs a row).
    this.firstBand = cells.length ? bandOf(cells[0]!) : 0;
    const bands = cells.length ? bandOf(cells[cells.length - 1]!) - this.firstBand + 1 : 0;
    this.bandStart = new Int32Array(bands + 1);
    let i = 0;
    for (let band = 0; band <= bands; band++) {
      while (i < cells.length && bandOf(cells[i]!) - this.firstBand < band) i++;
      this.bandStart[band] = i;
    }
  }

  /**
   * True when no property of the world lies within FAR_METRES of the point: every cell that could
   * hold one is empty, first among the coarse cells, then, when one of those holds a property, among
   * the fine ones. Near the poles and the antimeridian, where the cells wrap, it says false (the
   * database decides).
   */
  isFarFromEveryProperty(lat: number, lng: number): boolean {
    if (Math.abs(lat) > 80 || Math.abs(lng) > 179) return false;
    return (
      this.noOccupiedCellWithinFar(this.occupiedCoarse, COARSE_CELL_DEG, lat, lng) ||
      this.noOccupiedCellWithinFar(this.occupiedFine, OCCUPIED_CELL_DEG, lat, lng)
    );
  }

  /**
   * Whether no cell of `occupied` (cells of `size` degrees) comes within FAR_METRES of the point:
   * cells of its neighbourhood are skipped when even their nearest corner or edge is further (a
   * lower bound of the distance, so a cell that might be near is always looked up).
   */
  private noOccupiedCellWithinFar(occupied: OccupiedCells, size: number, lat: number, lng: number): boolean {
    const i = Math.floor(lat / size);
    const j = Math.floor(lng / size);
    // A cell `d` rows away is over (d - 1) rows from the point, wherever it lies in its own cell.
    const rows = Math.ceil(FAR_METRES / (size * METRES_PER_DEGREE));
    // Degrees of longitude shrink with latitude: measured at the neighbourhood's edge nearest a pole.
    const cos = Math.cos(((Math.abs(lat) + (rows + 1) * size) * Math.PI) / 180);
    const columns = Math.ceil(FAR_METRES / (size * METRES_PER_DEGREE * cos));
    const farSquared = (FAR_METRES / METRES_PER_DEGREE) ** 2;
    for (let di = -rows; di <= rows; di++) {
      const row = occupied.get(i + di);
      if (!row) continue;
      const south = (i + di) * size;
      const dLat = Math.max(0, south - lat, lat - (south + size));
      for (let dj = -columns; dj <= columns; dj++) {
        const west = (j + dj) * size;
        const dLng = Math.max(0, west - lng, lng - (west + size)) * cos;
        if (dLat * dLat + dLng * dLng <= farSquared && row.has(j + dj)) return false;
      }
    }
    return true;
  }

  get entryCount(): number {
    return this.propertyIds.length;
  }

  /** The property whose simple parcel contains the point (the least id when several do), or null. */
  place(lat: number, lng: number): string | null {
    const cell = placementCell(lat, lng);
    const band = bandOf(cell) - this.firstBand;
    if (band < 0 || band >= this.bandStart.length - 1) return null;
    let low = this.bandStart[band]!;
    let high = this.bandStart[band + 1]! - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const key = this.cells[mid]!;
      if (key < cell) low = mid + 1;
      else if (key > cell) high = mid - 1;
      else {
        let found: string | null = null;
        const boxes = this.boxes;
        for (let e = this.cellStart[mid]!; e < this.cellStart[mid + 1]!; e++) {
          // Most parcels listed in the cell are beside the point: their box tells, without the ring.
          if (lng < boxes[4 * e]! || lat < boxes[4 * e + 1]! || lng > boxes[4 * e + 2]! || lat > boxes[4 * e + 3]!)
            continue;
          const id = this.propertyIds[e]!;
          if (found !== null && id >= found) continue;
          if (pgPolygonContains(this.xy, this.vertexStart[e]!, this.vertexCount[e]!, lng, lat)) found = id;
        }
        return found;
      }
    }
    return null;
  }
}

/** Collects `placement_cells` rows in cell order into a ParcelGrid. */
export class ParcelGridBuilder {
  private readonly cells: number[] = [];
  private readonly cellStart: number[] = [];
  private readonly propertyIds: string[] = [];
  private readonly vertexStart: number[] = [];
  private readonly vertexCount: number[] = [];
  private readonly xy = new Float64Buffer();
  private readonly boxes = new Float64Buffer();
  private readonly occupiedFine: OccupiedCells = new Map();
  private readonly occupiedCoarse: OccupiedCells = new Map();
  /** Each property's first entry (the entry holding its id string and vertices). */
  private readonly firstEntry = new Map<string, number>();

  constructor(private readonly worldRevision: string) {}

  /** A cell of OCCUPIED_CELL_DEG holding at least one property's point (latitude and longitude divided by it, floored). */
  occupy([i, j]: [number, number]): void {
    occupy(this.occupiedFine, i, j);
    // The coarse cell holding the fine one (integer division: it holds all of the fine cell).
    occupy(this.occupiedCoarse, Math.floor(i / FINE_CELLS_PER_COARSE), Math.floor(j / FINE_CELLS_PER_COARSE));
  }

  /** One row: its cell, property and polygon as PostgreSQL prints it, `((x,y),(x,y),…)`. Rows come in cell order. */
  add(cell: number, propertyId: string, polygonText: string): void {
    const last = this.cells.length - 1;
    if (last < 0 || this.cells[last] !== cell) {
      if (last >= 0 && cell < this.cells[last]!) throw new Error('placement cells must come in cell order');
      this.cells.push(cell);
      this.cellStart.push(this.propertyIds.length);
    }
    // A parcel touching several cells is listed in each (the same polygon): its id and vertices are kept once.
    const first = this.firstEntry.get(propertyId);
    if (first !== undefined) {
      this.propertyIds.push(this.propertyIds[first]!);
      this.vertexStart.push(this.vertexStart[first]!);
      this.vertexCount.push(this.vertexCount[first]!);
      for (let k = 0; k < 4; k++) this.boxes.push(this.boxes.data[4 * first + k]!);
      return;
    }
    this.firstEntry.set(propertyId, this.propertyIds.length);
    this.propertyIds.push(propertyId);
    this.vertexStart.push(this.xy.length);
    // PostgreSQL prints floats with the shortest exact digits, so parseFloat gives the stored doubles back.
    const numbers = polygonText.replace(/[()]/g, '').split(',').map(Number);
    let west = Infinity;
    let south = Infinity;
    let east = -Infinity;
    let north = -Infinity;
    for (let i = 0; i < numbers.length; i += 2) {
      const x = numbers[i]!;
      const y = numbers[i + 1]!;
      this.xy.push(x);
      this.xy.push(y);
      west = Math.min(west, x);
      east = Math.max(east, x);
      south = Math.min(south, y);
      north = Math.max(north, y);
    }
    for (const edge of [west - BOX_MARGIN, south - BOX_MARGIN, east + BOX_MARGIN, north + BOX_MARGIN])
      this.boxes.push(edge);
    this.vertexCount.push(numbers.length / 2);
  }

  build(): ParcelGrid {
    return new ParcelGrid(
      this.worldRevision,
      Float64Array.from(this.cells),
      Int32Array.from([...this.cellStart, this.propertyIds.length]),
      this.propertyIds,
      Int32Array.from(this.vertexStart),
      Int32Array.from(this.vertexCount),
      this.xy.data.slice(0, this.xy.length),
      this.boxes.data.slice(0, this.boxes.length),
      this.occupiedFine,
      this.occupiedCoarse,
    );
  }
}
