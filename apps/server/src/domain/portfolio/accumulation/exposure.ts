import { cellToParent, latLngToCell } from 'h3-js';
import type { Db } from '../../../db/database.js';
import { exposureBuild, replaceExposure } from '../../../db/portfolio-exposure.js';
import { unescapeCopyText } from '../../../db/copy-text.js';
import { countyAt } from './counties.js';
import { ringCell } from './ring-cells.js';

/**
 * A portfolio's exposure (issue 43): each located row's insured value and areas, built once its rows
 * are placed (after its first completed run) and kept until the portfolio goes. Streams the rows
 * (never the book in memory): each line's H3 cells from its point, its county from its resolution-7
 * cell's centre (remembered per cell), its value the sum of its OED insured values.
 */

/** "$1,250,000", "1250000.50", "1.2e6" → the number; anything else (blank, "n/a", negative) → null. */
export function moneyValue(text: string | null): number | null {
  if (text === null) return null;
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!cleaned) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

const TAB = '\t';
const NULL = '\\N';

/** Text for a COPY text-format field. */
function copyText(value: string | null): string {
  if (value === null) return NULL;
  return value.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!);
}

export interface ExposureStats {
  rows: number;
  hasValue: boolean;
}

/** The exposure lines of the source COPY's lines (exposureSourceCopy's columns). */
export async function* exposureLines(
  portfolioId: number,
  source: AsyncIterable<Buffer>,
  stats: ExposureStats,
): AsyncIterable<string> {
  const countyOfCell = new Map<string, string | null>();
  const lines: string[] = [];
  const convert = (data: Buffer, start: number, end: number) => {
    const fields = data.toString('utf8', start, end).split(TAB);
    const field = (i: number) => (fields[i] === NULL ? null : unescapeCopyText(fields[i]!));
    const latitude = Number(fields[1]);
    const longitude = Number(fields[2]);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return;
    let value: number | null = null;
    for (let i = 3; i <= 6; i++) {
      const v = moneyValue(field(i));
      if (v !== null) value = (value ?? 0) + v;
    }
    if (value !== null) stats.hasValue = true;
    const h3_9 = latLngToCell(latitude, longitude, 9);
    const h3_7 = cellToParent(h3_9, 7);
    const h3_5 = cellToParent(h3_9, 5);
    let county = countyOfCell.get(h3_7);
    if (county === undefined) {
      county = countyAt(latitude, longitude);
      countyOfCell.set(h3_7, county);
    }
    const state = field(7) ?? (county ? county.slice(-2) : null);
    stats.rows += 1;
    const [g250y, g250x] = ringCell(latitude, longitude, 250);
    const [g1000y, g1000x] = ringCell(latitude, longitude, 1000);
    lines.push(
      [
        portfolioId,
        fields[0],
        fields[1],
        fields[2],
        value === null ? NULL : String(value),
        copyText(state),
        copyText(county),
        copyText(field(8)),
        h3_5,
        h3_7,
        h3_9,
        g250y,
        g250x,
        g1000y,
        g1000x,
      ].join(TAB),
    );
  };
  // The COPY's lines, a chunk's worth at a time (a line cut at a chunk's end waits for the rest).
  let rest: Buffer = Buffer.alloc(0);
  for await (const chunk of source) {
    const data = rest.length ? Buffer.concat([rest, chunk]) : chunk;
    let start = 0;
    for (let end = data.indexOf(10, start); end !== -1; end = data.indexOf(10, start)) {
      convert(data, start, end);
      start = end + 1;
    }
    rest = Buffer.from(data.subarray(start));
    if (lines.length) {
      const batch = `${lines.join('\n')}\n`;
      lines.length = 0;
      yield batch;
    }
  }
}

/** Builds the portfolio's exposure if it has none yet (`runId`: the completed run it follows). */
export async function ensureExposure(db: Db, portfolioId: number, runId: number): Promise<ExposureStats> {
  const existing = await exposureBuild(db, portfolioId);
  if (existing) return { rows: existing.row_count, hasValue: existing.has_value };
  const stats: ExposureStats = { rows: 0, hasValue: false };
  await replaceExposure(
    db,
    portfolioId,
    runId,
    (source) => exposureLines(portfolioId, source, stats),
    async () => (await exposureBuild(db, portfolioId)) === undefined,
    () => stats,
  );
  const built = await exposureBuild(db, portfolioId);
  return built ? { rows: built.row_count, hasValue: built.has_value } : stats;
}
