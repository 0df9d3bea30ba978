import { Readable } from 'node:stream';
import type { AccumulationArea, AccumulationGrouping, Ring } from '@zview/contracts';
import type { Db } from '../../../db/database.js';
import { accumulationAreas } from '../../../db/portfolio-exposure.js';
import { csvCell } from '../../spreadsheet/csv-cell.js';
import { type XlsxCell, xlsxFromPages } from '../io/index.js';

/**
 * Aggregates as files (issue 43), through the portfolio exports' own writers: csvCell's quoting
 * and formula rule for CSV, the streaming XLSX writer for XLSX. Pages stream in as they are read.
 * They are rendered on a render thread (domain/off-loop, tasks 'accumulation-file' and
 * 'rings-file'): 385,000 H3 cells as XLSX held the API's event loop for seconds.
 */
export type AggregateFormat = 'csv' | 'xlsx';

const AREA_NAMES: Record<AccumulationGrouping, string> = {
  state: 'state',
  county: 'county',
  zip: 'zip',
  h3_5: 'h3_cell_res5',
  h3_7: 'h3_cell_res7',
  h3_9: 'h3_cell_res9',
};
const LEVELS = ['low', 'medium', 'high', 'none'] as const;

export function areaHeader(by: AccumulationGrouping): string[] {
  return [AREA_NAMES[by], 'rows', 'value', ...LEVELS.flatMap((level) => [`${level}_rows`, `${level}_value`])];
}

export function areaCells(area: AccumulationArea): XlsxCell[] {
  return [
    area.key,
    area.count,
    area.value,
    ...LEVELS.flatMap((level) => [area.levels[level].count, area.levels[level].value]),
  ];
}

export const RING_HEADER = ['rank', 'latitude', 'longitude', 'radius_m', 'rows', 'value', 'high_rows'];
export function ringCells(ring: Ring): XlsxCell[] {
  return [ring.rank, ring.latitude, ring.longitude, ring.radius, ring.count, ring.value, ring.high];
}

function csvLine(cells: readonly XlsxCell[]): string {
  return `${cells.map((cell) => (cell === null ? '' : csvCell(String(cell)))).join(',')}\r\n`;
}

/** A file of `header` then every row of `pages`. */
export function aggregateFile(
  format: AggregateFormat,
  header: readonly string[],
  pages: AsyncIterable<readonly (readonly XlsxCell[])[]>,
  sheetName: string,
): Readable {
  async function* withHeader() {
    yield [header];
    yield* pages;
  }
  if (format === 'xlsx') return xlsxFromPages(withHeader(), sheetName);
  return Readable.from(
    (async function* () {
      yield '\uFEFF';
      for await (const page of withHeader()) yield page.map(csvLine).join('');
    })(),
  );
}

/** Areas a file page holds. */
const FILE_PAGE = 20_000;

/** Every area of a run's grouping as a file, read a page at a time. */
export function areasFile(db: Db, runId: number, by: AccumulationGrouping, format: AggregateFormat): Readable {
  async function* pages() {
    for (let offset = 0; ; offset += FILE_PAGE) {
      const page = await accumulationAreas(db, runId, by, { offset, limit: FILE_PAGE });
      yield page.areas.map(areaCells);
      if (page.areas.length < FILE_PAGE) return;
    }
  }
  return aggregateFile(format, areaHeader(by), pages(), `By ${by}`);
}

/** Rings (already read: at most 100) as a file. */
export function ringsFile(rings: readonly Ring[], radius: number, format: AggregateFormat): Readable {
  async function* pages() {
    yield rings.map(ringCells);
  }
  return aggregateFile(format, RING_HEADER, pages(), `Rings ${radius} m`);
}
