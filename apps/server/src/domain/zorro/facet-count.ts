import type { ZorroFilters, ZorroFiltersResponse } from '@zview/contracts';
import type { FacetColumns } from '../../db/zorro-facet-index.js';

type FacetName = keyof ZorroFiltersResponse['facets'];
const SCALARS = ['state', 'line', 'type', 'status', 'group'] as const;
const LISTS = ['model', 'category'] as const;
const NAMES: readonly FacetName[] = [...SCALARS, ...LISTS];

/** 'YYYY-MM-DD' as the YYYYMMDD number the columns hold. */
const day = (date: string | undefined) => (date ? Number(date.replaceAll('-', '')) : undefined);
const isoDay = (n: number) => `${String(n).slice(0, 4)}-${String(n).slice(4, 6)}-${String(n).slice(6, 8)}`;

/** Which codes of a facet its filter allows (null: not filtered). */
function allowed(values: string[], chosen: string[]): Uint8Array | null {
  if (!chosen.length) return null;
  const wanted = new Set(chosen);
  return Uint8Array.from(values, (v) => (wanted.has(v) ? 1 : 0));
}

/**
 * Facet counts for the current query over the facet columns, with the rules of the SQL
 * reference's facetCounts (test/zorro/sql-oracle.ts): each facet counts the filings that pass every other filter but its own (a chosen
 * state still shows the other states' counts); a list facet (models, categories) counts each value
 * a filing cites; the total and the ranges cover the filings that pass every filter. `candidates`
 * are the rows matching the words (word-match.ts), null for every filing.
 */
export function countFacets(
  columns: FacetColumns,
  candidates: Int32Array | null,
  f: ZorroFilters,
): Omit<ZorroFiltersResponse, 'ranges'> & {
  submitted: { min: string | null; max: string | null };
  rateChange: { min: number | null; max: number | null };
} {
  const chosen: Record<FacetName, string[]> = {
    state: f.state,
    line: f.line,
    type: f.type,
    status: f.status,
    group: f.group,
    model: f.model,
    category: f.category,
  };
  const allow = NAMES.map((name) => allowed(columns.values[name], chosen[name]));
  const counts = NAMES.map((name) => new Float64Array(columns.values[name].length));
  const scalarCodes = SCALARS.map((name) => columns[name]);
  const lists = LISTS.map((name) => columns[name]);
  const [subFrom, subTo, effFrom, effTo] = [f.submittedFrom, f.submittedTo, f.effectiveFrom, f.effectiveTo].map(day);
  let total = 0;
  let subMin = Infinity;
  let subMax = -Infinity;
  let rateMin = Infinity;
  let rateMax = -Infinity;

  const visit = (r: number) => {
    const submitted = columns.submitted[r]!;
    if (subFrom !== undefined && submitted < subFrom) return;
    if (subTo !== undefined && submitted > subTo) return;
    const effective = columns.effective[r]!;
    if (effFrom !== undefined && (effective === 0 || effective < effFrom)) return;
    if (effTo !== undefined && (effective === 0 || effective > effTo)) return;
    const change = columns.change[r]!;
    if (f.rateMin !== undefined && !(change >= f.rateMin)) return;
    if (f.rateMax !== undefined && !(change <= f.rateMax)) return;
    // Which facet filters this filing fails: none → it counts everywhere; one → only in that facet.
    let failed = -1;
    let failures = 0;
    for (let k = 0; k < NAMES.length; k++) {
      const ok = allow[k];
      let pass = 1;
      if (ok) {
        if (k < SCALARS.length) pass = ok[scalarCodes[k]![r]!]!;
        else {
          const list = lists[k - SCALARS.length]!;
          pass = 0;
          for (let i = list.start[r]!; i < list.start[r + 1]! && !pass; i++) pass = ok[list.codes[i]!]!;
        }
      }
      if (!pass) {
        failed = k;
        if (++failures > 1) return;
      }
    }
    for (let k = 0; k < NAMES.length; k++) {
      if (failures === 1 && k !== failed) continue;
      if (k < SCALARS.length) counts[k]![scalarCodes[k]![r]!]!++;
      else {
        const list = lists[k - SCALARS.length]!;
        for (let i = list.start[r]!; i < list.start[r + 1]!; i++) counts[k]![list.codes[i]!]!++;
      }
    }
    if (failures) return;
    total++;
    if (submitted < subMin) subMin = submitted;
    if (submitted > subMax) subMax = submitted;
    if (!Number.isNaN(change)) {
      if (change < rateMin) rateMin = change;
      if (change > rateMax) rateMax = change;
    }
  };

  if (candidates === null) for (let r = 0; r < columns.size; r++) visit(r);
  else for (const r of candidates) visit(r);

  const facets = Object.fromEntries(
    NAMES.map((name, k) => {
      const list = columns.values[name]
        .map((value, code) => ({ value, count: counts[k]![code]! }))
        .filter((entry) => entry.count > 0);
      list.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
      return [name, list];
    }),
  ) as ZorroFiltersResponse['facets'];
  return {
    total,
    facets,
    submitted: total ? { min: isoDay(subMin), max: isoDay(subMax) } : { min: null, max: null },
    rateChange: rateMin <= rateMax ? { min: rateMin, max: rateMax } : { min: null, max: null },
  };
}
