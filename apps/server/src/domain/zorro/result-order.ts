import type { ZorroFilters, ZorroSearchQuery } from '@zview/contracts';
import type { FacetColumns } from '../../db/zorro-facet-index.js';

/**
 * The finder's matches and their order over the facet columns (db/zorro-facet-index.ts), with the
 * rules the SQL reference (test/zorro/sql-oracle.ts) writes: every filter; sorted by the chosen
 * column (NULLS LAST) then id, or by relevance (ranked-index.ts, then newest submission, then id).
 */

const day = (date: string | undefined) => (date ? Number(date.replaceAll('-', '')) : undefined);

/** The rows (indexes into the columns) of the filings that pass every filter; `candidates` are the word matches' rows, null for all. */
export function matchingRows(columns: FacetColumns, candidates: Int32Array | null, f: ZorroFilters): Int32Array {
  const pick = (values: string[], chosen: string[]): Uint8Array | null => {
    if (!chosen.length) return null;
    const wanted = new Set(chosen);
    return Uint8Array.from(values, (v) => (wanted.has(v) ? 1 : 0));
  };
  const scalars = (
    [
      [columns.state, pick(columns.values.state, f.state)],
      [columns.line, pick(columns.values.line, f.line)],
      [columns.type, pick(columns.values.type, f.type)],
      [columns.status, pick(columns.values.status, f.status)],
      [columns.group, pick(columns.values.group, f.group)],
    ] as const
  ).filter((s): s is readonly [Uint16Array, Uint8Array] => s[1] !== null);
  const lists = (
    [
      [columns.model, pick(columns.values.model, f.model)],
      [columns.category, pick(columns.values.category, f.category)],
    ] as const
  ).filter((s): s is readonly [FacetColumns['model'], Uint8Array] => s[1] !== null);
  const [subFrom, subTo, effFrom, effTo] = [f.submittedFrom, f.submittedTo, f.effectiveFrom, f.effectiveTo].map(day);
  // No filter beyond the words (a broad search): the word matches are the answer.
  const unfiltered =
    !scalars.length &&
    !lists.length &&
    [subFrom, subTo, effFrom, effTo, f.rateMin, f.rateMax].every((v) => v === undefined);
  if (unfiltered) return candidates ?? Int32Array.from({ length: columns.size }, (_, r) => r);
  const passes = (r: number) => {
    const submitted = columns.submitted[r]!;
    if (subFrom !== undefined && submitted < subFrom) return false;
    if (subTo !== undefined && submitted > subTo) return false;
    const effective = columns.effective[r]!;
    if (effFrom !== undefined && (effective === 0 || effective < effFrom)) return false;
    if (effTo !== undefined && (effective === 0 || effective > effTo)) return false;
    const change = columns.change[r]!;
    if (f.rateMin !== undefined && !(change >= f.rateMin)) return false;
    if (f.rateMax !== undefined && !(change <= f.rateMax)) return false;
    for (const [codes, ok] of scalars) if (!ok[codes[r]!]) return false;
    for (const [list, ok] of lists) {
      let any = false;
      for (let i = list.start[r]!; i < list.start[r + 1]! && !any; i++) any = ok[list.codes[i]!] === 1;
      if (!any) return false;
    }
    return true;
  };
  const out: number[] = [];
  if (candidates === null) {
    for (let r = 0; r < columns.size; r++) if (passes(r)) out.push(r);
  } else {
    for (const r of candidates) if (passes(r)) out.push(r);
  }
  return Int32Array.from(out);
}

/** An ascending numeric key per row for a sort (null: no value, always last), before the tie-break on id. */
function sortKey(columns: FacetColumns, sort: Exclude<ZorroSearchQuery['sort'], 'relevance'>) {
  switch (sort) {
    case 'submitted':
      return (r: number) => columns.submitted[r]!;
    case 'effective':
      return (r: number) => columns.effective[r]! || null;
    case 'rateChange':
      return (r: number) => {
        const change = columns.change[r]!;
        return Number.isNaN(change) ? null : Math.round(change * 100) + 10_000_000;
      };
    case 'company':
      return (r: number) => columns.order.company[columns.company[r]!]!;
    case 'state':
      return (r: number) => columns.order.state[columns.state[r]!]!;
    case 'status':
      return (r: number) => columns.order.status[columns.status[r]!]!;
  }
}

const ROW_BITS = 2 ** 21;
const KEY_LIMIT = 2 ** 31;

/**
 * The first `count` of `rows` ordered by `sort` and `dir` (NULLS LAST), ties by id: each row's key
 * and row index (rows are in id order) packed in one number, so a native numeric sort orders them.
 */
export function orderRows(
  columns: FacetColumns,
  rows: Int32Array,
  sort: ZorroSearchQuery['sort'],
  dir: 'asc' | 'desc',
  count: number,
): Int32Array {
  // Without words, relevance is the newest submission first.
  const [key, descending] =
    sort === 'relevance' ? [sortKey(columns, 'submitted'), true] : [sortKey(columns, sort), dir === 'desc'];
  if (columns.size > ROW_BITS) {
    const keyed = Array.from(rows, (r) => ({ r, k: key(r) }));
    keyed.sort((a, b) => {
      if (a.k === null || b.k === null) return a.k === b.k ? a.r - b.r : a.k === null ? 1 : -1;
      return (descending ? b.k - a.k : a.k - b.k) || a.r - b.r;
    });
    return Int32Array.from(keyed.slice(0, count), (x) => x.r);
  }
  const packed = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const k = key(r);
    const ordered = k === null ? KEY_LIMIT + 1 : descending ? KEY_LIMIT - k : k;
    packed[i] = ordered * ROW_BITS + r;
  }
  return Int32Array.from(smallest(packed, count), (p) => p % ROW_BITS);
}

/**
 * The `count` smallest numbers of `values`, ascending. A first page of a broad query (25 of 90,000
 * rows) keeps a bounded max-heap instead of sorting every row.
 */
function smallest(values: Float64Array, count: number): Float64Array {
  if (count * 8 >= values.length) return values.sort().subarray(0, count);
  const heap = new Float64Array(count);
  let size = 0;
  for (const value of values) {
    if (size < count) {
      let i = size++;
      heap[i] = value;
      while (i > 0 && heap[(i - 1) >> 1]! < heap[i]!) {
        const parent = (i - 1) >> 1;
        [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
        i = parent;
      }
    } else if (count > 0 && value < heap[0]!) {
      heap[0] = value;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let top = i;
        if (l < size && heap[l]! > heap[top]!) top = l;
        if (r < size && heap[r]! > heap[top]!) top = r;
        if (top === i) break;
        [heap[i], heap[top]] = [heap[top]!, heap[i]!];
        i = top;
      }
    }
  }
  return heap.subarray(0, size).sort();
}

/**
 * The first `count` of `rows` by relevance: score descending (ranked-index.ts), then newest
 * submission, then id. A bounded heap: a broad word's tens of thousands of matches are not sorted.
 */
export function orderByScore(columns: FacetColumns, rows: Int32Array, scores: Float32Array, count: number): Int32Array {
  // a before b in the answer.
  const before = (a: number, b: number) =>
    scores[a]! !== scores[b]!
      ? scores[a]! > scores[b]!
      : columns.submitted[a]! !== columns.submitted[b]!
        ? columns.submitted[a]! > columns.submitted[b]!
        : a < b;
  const limit = Math.min(count, rows.length);
  // A heap whose root is the worst row kept.
  const heap = new Int32Array(limit);
  let size = 0;
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < size && before(heap[worst]!, heap[l]!)) worst = l;
      if (r < size && before(heap[worst]!, heap[r]!)) worst = r;
      if (worst === i) return;
      [heap[i], heap[worst]] = [heap[worst]!, heap[i]!];
      i = worst;
    }
  };
  for (const row of rows) {
    if (size < limit) {
      let i = size++;
      heap[i] = row;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!before(heap[parent]!, heap[i]!)) break;
        [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
        i = parent;
      }
    } else if (limit > 0 && before(row, heap[0]!)) {
      heap[0] = row;
      down(0);
    }
  }
  return Int32Array.from(heap).sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
}
