import { ZORRO_NARROW_FIELDS, type ZorroNarrowing } from '@zview/contracts';
import type { FacetColumns } from '../../db/zorro-facet-index.js';

/** How many values of a field are offered; the rest are counted in `more`. */
const VALUES_SHOWN = 6;

/**
 * The rows that fit a search as well as its first result: with ranked words, those scoring the top
 * score; with none (every word read as a filter), every match, which nothing then tells apart.
 */
export function tiedRows(rows: Int32Array, scores: Float32Array | null): Int32Array {
  if (!scores) return rows;
  let top = -Infinity;
  for (const r of rows) if (scores[r]! > top) top = scores[r]!;
  return rows.filter((r) => scores[r] === top);
}

/**
 * The fields that split filings tied at the top (issue 40: "Keystone Home Hawaii" fits that
 * carrier's Hawaii filings equally at 100,000 filings): for each field with two values or more,
 * its most frequent values with counts, to offer as one-click filters. Null when fewer than two
 * filings tie or no field splits them.
 */
export function narrowing(columns: FacetColumns, tied: Int32Array): ZorroNarrowing | null {
  if (tied.length < 2) return null;
  const valueOf: Record<(typeof ZORRO_NARROW_FIELDS)[number], (row: number) => string> = {
    year: (r) => String(Math.floor(columns.submitted[r]! / 10000)),
    line: (r) => columns.values.line[columns.line[r]!]!,
    type: (r) => columns.values.type[columns.type[r]!]!,
    status: (r) => columns.values.status[columns.status[r]!]!,
    state: (r) => columns.values.state[columns.state[r]!]!,
    company: (r) => columns.values.company[columns.company[r]!]!,
  };
  const facets: ZorroNarrowing['facets'] = [];
  for (const field of ZORRO_NARROW_FIELDS) {
    const counts = new Map<string, number>();
    for (const r of tied) {
      const value = valueOf[field](r);
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    if (counts.size < 2) continue;
    const shown = [...counts]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, VALUES_SHOWN)
      .map(([value, count]) => ({ value, count }));
    // Years read best in time order, newest first.
    if (field === 'year') shown.sort((a, b) => b.value.localeCompare(a.value));
    facets.push({ field, values: shown, more: counts.size - shown.length });
  }
  return facets.length ? { tied: tied.length, facets } : null;
}
