import type { Db } from '../../db/database.js';
import type { FacetColumns } from '../../db/zorro-facet-index.js';
import { headVectors, idsMatching } from '../../db/zorro-text-index.js';
import { positiveWords, type QueryNode } from './tsquery.js';

/**
 * The finder's ranked index (issue 40), kept in this process per corpus generation beside the
 * facet columns (whose rows it shares):
 *
 * - The head of every filing (title, metadata, summary: the `search_head` vector, stemmed by
 *   PostgreSQL) as postings: per word, the filings whose head holds it, each with its BM25F
 *   saturation (field-weighted term frequency over the field's length) precomputed and its
 *   positions (for phrase and proximity boosts). ~100,000 filings: a few seconds to read, built in
 *   batches that yield the event loop.
 * - Which filings hold a word anywhere (body included): asked of the full-text GIN index once per
 *   word and generation, then kept (a byte budget, least recently used out). A broad word such as
 *   "wildfire" is one index lookup the first time and a typed array afterwards.
 *
 * A query is PostgreSQL's own tsquery of what was typed (tsquery.ts), so matching is exactly the
 * full-text index's; ranking is BM25-style: each word's idf (from its filings anywhere) times a
 * small part for holding it anywhere plus its head saturation, weighted by field (title over
 * summary over metadata), scaled by coverage (the share of the query's words the filing holds),
 * plus a boost where two words of the query stand next to (or near) each other in one field.
 */

/** Weights of the head's fields (tsvector weights A, B, C) and their BM25 length normalisation. */
const FIELD_WEIGHT = [3, 1, 1.5] as const;
const FIELD_B = [0.5, 0.3, 0.75] as const;
const K1 = 1.2;
/** A word held anywhere (the body included) counts this much of a head hit. */
const ANYWHERE = 0.15;
/** Two query words side by side in one field add this much of the rarer one's idf (less when apart). */
const PROXIMITY = 0.6;
const NEAR = 4;
/** Bytes of word postings kept (word → the filings holding it anywhere). */
const LEAF_BUDGET = 96 * 1024 * 1024;

export interface RankedIndex {
  key: string;
  size: number;
  /** Term id of each head lexeme. */
  termOf: Map<string, number>;
  /** Term t's postings are start[t] … start[t + 1] - 1: rows ascending, BM25F saturation, positions. */
  start: Int32Array;
  row: Int32Array;
  impact: Float32Array;
  /** Posting p's positions are pos[posStart[p]] … pos[posStart[p + 1] - 1]: position × 4 + field. */
  posStart: Int32Array;
  pos: Uint16Array;
  /** The filings holding a word or phrase anywhere, by tsquery text (see leafRows). */
  leaves: Map<string, Promise<Int32Array>>;
  leafBytes: number;
  buildMs: number;
}

const FIELD_OF: Record<string, number> = { A: 0, B: 1, C: 2 };
const LEXEME = /'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g;

class Grow {
  data: Int32Array;
  length = 0;
  constructor(size = 1 << 16) {
    this.data = new Int32Array(size);
  }
  push(value: number) {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
  view() {
    return this.data.subarray(0, this.length);
  }
}

/** The build yields the event loop every SLICE + 1 postings (a few milliseconds of work). */
const SLICE = 0x7fff;
const yieldLoop = () => new Promise((resolve) => setImmediate(resolve));

/** Reads every filing's head and builds the postings (rows are the facet columns'). */
async function build(db: Db, columns: FacetColumns): Promise<RankedIndex> {
  const started = performance.now();
  const termOf = new Map<string, number>();
  const pTerm = new Grow();
  const pRow = new Grow();
  // Per posting: term frequency in each field (packed 10 bits each) and its positions' count.
  const pTf = new Grow();
  const pPosCount = new Grow();
  const positions = new Grow(1 << 18);
  const fieldLength = [new Uint16Array(columns.size), new Uint16Array(columns.size), new Uint16Array(columns.size)];
  for await (const batch of headVectors(db, 1000)) {
    for (const { id, head } of batch) {
      const r = columns.rowOf.get(id);
      if (r === undefined) continue;
      for (const m of head.matchAll(LEXEME)) {
        const lexeme = m[1]!.replaceAll("''", "'");
        let term = termOf.get(lexeme);
        if (term === undefined) {
          term = termOf.size;
          termOf.set(lexeme, term);
        }
        const tf = [0, 0, 0];
        let count = 0;
        for (const p of (m[2] ?? '').split(',')) {
          if (!p) continue;
          const field = FIELD_OF[p.at(-1)!] ?? 2;
          const at = Number.parseInt(p, 10);
          tf[field]!++;
          fieldLength[field]![r] = fieldLength[field]![r]! + 1;
          positions.push(Math.min(at, 16383) * 4 + field);
          count++;
        }
        pTerm.push(term);
        pRow.push(r);
        pTf.push(Math.min(tf[0]!, 1023) | (Math.min(tf[1]!, 1023) << 10) | (Math.min(tf[2]!, 1023) << 20));
        pPosCount.push(count);
      }
    }
    await yieldLoop();
  }
  const terms = termOf.size;
  const postings = pTerm.length;
  const average = fieldLength.map((lengths) => {
    let sum = 0;
    for (const n of lengths) sum += n;
    return Math.max(1, sum / Math.max(1, columns.size));
  });
  // Counting sort by term; the rows stay ascending within a term (they were read in row order).
  const start = new Int32Array(terms + 1);
  for (const t of pTerm.view()) start[t + 1]!++;
  for (let t = 0; t < terms; t++) start[t + 1]! += start[t]!;
  const next = start.slice(0, terms);
  const order = new Int32Array(postings);
  const termOfPosting = pTerm.view();
  for (let p = 0; p < postings; p++) {
    order[next[termOfPosting[p]!]!++] = p;
    if ((p & SLICE) === 0) await yieldLoop();
  }
  const sourcePosStart = new Int32Array(postings + 1);
  const counts = pPosCount.view();
  for (let p = 0; p < postings; p++) sourcePosStart[p + 1] = sourcePosStart[p]! + counts[p]!;
  await yieldLoop();
  const row = new Int32Array(postings);
  const impact = new Float32Array(postings);
  const posStart = new Int32Array(postings + 1);
  const pos = new Uint16Array(positions.length);
  const rows = pRow.view();
  const tfs = pTf.view();
  const sourcePos = positions.view();
  let written = 0;
  for (let k = 0; k < postings; k++) {
    const p = order[k]!;
    const r = rows[p]!;
    row[k] = r;
    let tf = 0;
    for (let field = 0; field < 3; field++) {
      const n = (tfs[p]! >> (field * 10)) & 1023;
      if (!n) continue;
      const norm = 1 - FIELD_B[field]! + (FIELD_B[field]! * fieldLength[field]![r]!) / average[field]!;
      tf += (FIELD_WEIGHT[field]! * n) / norm;
    }
    impact[k] = tf / (K1 + tf);
    posStart[k] = written;
    pos.set(sourcePos.subarray(sourcePosStart[p]!, sourcePosStart[p + 1]!), written);
    written += counts[p]!;
    if ((k & SLICE) === 0) await yieldLoop();
  }
  posStart[postings] = written;
  return {
    key: columns.key,
    size: columns.size,
    termOf,
    start,
    row,
    impact,
    posStart,
    pos,
    leaves: new Map(),
    leafBytes: 0,
    buildMs: Math.round(performance.now() - started),
  };
}

const built = new Map<string, Promise<RankedIndex>>();

/**
 * The ranked index of the corpus the facet columns hold, built once per process and corpus
 * generation (concurrent first requests share one build). Call with the transaction the columns
 * were read in, so the heads read are the same snapshot.
 */
export function rankedIndex(db: Db, columns: FacetColumns): Promise<RankedIndex> {
  let index = built.get(columns.key);
  if (!index) {
    index = build(db, columns);
    built.set(columns.key, index);
    index.catch(() => built.delete(columns.key));
    for (const old of built.keys()) if (built.size > 2 && old !== columns.key) built.delete(old);
  }
  return index;
}

/** Approximate bytes the index holds (postings, positions, term table, kept word postings). */
export function indexBytes(index: RankedIndex): number {
  return (
    index.start.byteLength +
    index.row.byteLength +
    index.impact.byteLength +
    index.posStart.byteLength +
    index.pos.byteLength +
    index.termOf.size * 48 +
    index.leafBytes
  );
}

const quoted = (lexeme: string) => `'${lexeme.replaceAll("'", "''")}'`;
/** A word's tsquery text: the key of its leaf. */
export const wordText = (w: { lexeme: string; prefix: boolean }) => `${quoted(w.lexeme)}${w.prefix ? ':*' : ''}`;

/** The rows of the filings whose full vector matches a tsquery text (a word, prefix or phrase): the GIN index once, then kept. */
function leafRows(db: Db, index: RankedIndex, columns: FacetColumns, text: string): Promise<Int32Array> {
  const found = index.leaves.get(text);
  if (found) {
    // Most recently used last: the budget evicts from the front.
    index.leaves.delete(text);
    index.leaves.set(text, found);
    return found;
  }
  const loading = idsMatching(db, text).then((ids) => {
    const rows = new Int32Array(ids.length);
    let n = 0;
    for (const id of ids) {
      const r = columns.rowOf.get(id);
      if (r !== undefined) rows[n++] = r;
    }
    const sorted = rows.subarray(0, n).sort();
    index.leafBytes += sorted.byteLength;
    for (const [key, old] of index.leaves) {
      if (index.leafBytes <= LEAF_BUDGET) break;
      index.leaves.delete(key);
      void old.then((r) => (index.leafBytes -= r.byteLength));
    }
    return sorted;
  });
  index.leaves.set(text, loading);
  loading.catch(() => index.leaves.delete(text));
  return loading;
}

function leavesOf(node: QueryNode, out: Set<string>) {
  if (node.kind === 'word') out.add(wordText(node));
  else if (node.kind === 'phrase') out.add(node.text);
  else if (node.kind === 'not') leavesOf(node.child, out);
  else for (const child of node.children) leavesOf(child, out);
}

/** Fetches every leaf a query needs (its words and phrases, and the words it ranks by) at once. */
export async function fetchLeaves(
  db: Db,
  index: RankedIndex,
  columns: FacetColumns,
  tree: QueryNode,
): Promise<Map<string, Int32Array>> {
  const texts = new Set<string>();
  leavesOf(tree, texts);
  for (const w of positiveWords(tree)) texts.add(wordText(w));
  const list = [...texts];
  const rows = await Promise.all(list.map((t) => leafRows(db, index, columns, t)));
  return new Map(list.map((t, k) => [t, rows[k]!]));
}

type LeafNode = Extract<QueryNode, { kind: 'word' | 'phrase' }>;
const isLeaf = (node: QueryNode): node is LeafNode => node.kind === 'word' || node.kind === 'phrase';

/** Whether the ascending `rows` hold `row` (binary search). */
function holds(rows: Int32Array, row: number): boolean {
  let [low, high] = [0, rows.length - 1];
  while (low <= high) {
    const mid = (low + high) >> 1;
    const value = rows[mid]!;
    if (value === row) return true;
    if (value < row) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}

/**
 * The rows every leaf holds, from the rarest leaf's rows down: a long AND of broad words (a pasted
 * box of 40 words, issue 40) costs its rarest word's rows times a few probes, not a bitmap of the
 * whole corpus per word, and stops as soon as nothing is left.
 */
function intersectLeaves(children: readonly LeafNode[], leaves: Map<string, Int32Array>): Int32Array {
  const lists = children
    .map((c) => leaves.get(c.kind === 'word' ? wordText(c) : c.text)!)
    .sort((a, b) => a.length - b.length);
  let rows = lists[0]!;
  for (const list of lists.slice(1)) {
    if (!rows.length) break;
    // Probing costs log(list) per row, walking both lists their sum: the cheaper for these sizes.
    rows =
      rows.length * Math.log2(list.length + 1) < rows.length + list.length
        ? rows.filter((row) => holds(list, row))
        : mergeCommon(rows, list);
  }
  return rows;
}

/** The rows both ascending lists hold, walking them side by side. */
function mergeCommon(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let [i, j, n] = [0, 0, 0];
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      out[n++] = x;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out.subarray(0, n);
}

function bitmapOf(rows: Int32Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  for (const r of rows) out[r] = 1;
  return out;
}

/**
 * The ascending rows a word, a phrase or an AND of them matches, straight from the leaves (no
 * bitmap of the corpus); null for other queries (OR, NOT), which `evaluate` answers.
 */
export function leafRowsOf(node: QueryNode, leaves: Map<string, Int32Array>): Int32Array | null {
  if (isLeaf(node)) return leaves.get(node.kind === 'word' ? wordText(node) : node.text)!;
  if (node.kind === 'and' && node.children.length && node.children.every(isLeaf))
    return intersectLeaves(node.children, leaves);
  return null;
}

/** Which rows match the query (1) as a bitmap over the corpus: the tsquery evaluated over the leaves. */
export function evaluate(node: QueryNode, leaves: Map<string, Int32Array>, size: number): Uint8Array {
  switch (node.kind) {
    case 'word':
    case 'phrase': {
      const out = new Uint8Array(size);
      for (const r of leaves.get(node.kind === 'word' ? wordText(node) : node.text)!) out[r] = 1;
      return out;
    }
    case 'not': {
      const out = evaluate(node.child, leaves, size);
      for (let r = 0; r < size; r++) out[r] = out[r]! ^ 1;
      return out;
    }
    case 'and':
    case 'or': {
      if (node.kind === 'and' && node.children.length && node.children.every(isLeaf))
        return bitmapOf(intersectLeaves(node.children, leaves), size);
      const [first, ...rest] = node.children.map((c) => evaluate(c, leaves, size));
      for (const other of rest)
        for (let r = 0; r < size; r++)
          first![r] = node.kind === 'and' ? first![r]! & other[r]! : first![r]! | other[r]!;
      return first!;
    }
  }
}

/** The head terms a query word stands for: itself, or every head lexeme it is a prefix of. */
function termsOf(index: RankedIndex, w: { lexeme: string; prefix: boolean }): number[] {
  if (!w.prefix) {
    const t = index.termOf.get(w.lexeme);
    return t === undefined ? [] : [t];
  }
  // Prefix searches are rare: a scan of the head words (~100,000 at 100,000 filings, a few ms).
  const out: number[] = [];
  for (const [lexeme, term] of index.termOf) if (lexeme.startsWith(w.lexeme)) out.push(term);
  return out;
}

/**
 * The relevance of every matching row (0 for the others): per word of the query (not under a NOT),
 * idf × (ANYWHERE when held anywhere + the head's BM25F saturation), scaled by coverage, plus the
 * proximity boost of consecutive query words in one field of the head.
 */
export function scoreRows(
  index: RankedIndex,
  tree: QueryNode,
  leaves: Map<string, Int32Array>,
  match: Uint8Array,
): Float32Array {
  const size = index.size;
  const score = new Float32Array(size);
  const covered = new Uint8Array(size);
  const seen = new Set<string>();
  const words = positiveWords(tree).filter((w) => !seen.has(wordText(w)) && seen.add(wordText(w)));
  const idfs: number[] = [];
  for (const w of words) {
    const anywhere = leaves.get(wordText(w))!;
    const df = anywhere.length;
    const idf = Math.log(1 + (size - df + 0.5) / (df + 0.5));
    idfs.push(idf);
    for (const r of anywhere)
      if (match[r]) {
        score[r]! += idf * ANYWHERE;
        covered[r]!++;
      }
    const terms = termsOf(index, w);
    if (terms.length === 1) {
      const t = terms[0]!;
      for (let p = index.start[t]!; p < index.start[t + 1]!; p++) {
        const r = index.row[p]!;
        if (match[r]) score[r]! += idf * index.impact[p]!;
      }
    } else if (terms.length > 1) {
      // A prefix: its best-matching word per filing.
      const best = new Map<number, number>();
      for (const t of terms)
        for (let p = index.start[t]!; p < index.start[t + 1]!; p++) {
          const r = index.row[p]!;
          if (match[r] && index.impact[p]! > (best.get(r) ?? 0)) best.set(r, index.impact[p]!);
        }
      for (const [r, impact] of best) score[r]! += idf * impact;
    }
  }
  if (words.length > 1) {
    for (let r = 0; r < size; r++) if (covered[r]! < words.length) score[r]! *= covered[r]! / words.length;
    for (let k = 0; k + 1 < words.length; k++)
      proximity(index, words[k]!, words[k + 1]!, Math.min(idfs[k]!, idfs[k + 1]!), match, score);
  }
  return score;
}

/** Adds the boost of two consecutive query words standing near each other in one field of a filing's head. */
function proximity(
  index: RankedIndex,
  a: { lexeme: string; prefix: boolean },
  b: { lexeme: string; prefix: boolean },
  idf: number,
  match: Uint8Array,
  score: Float32Array,
) {
  if (a.prefix || b.prefix) return;
  const ta = index.termOf.get(a.lexeme);
  const tb = index.termOf.get(b.lexeme);
  if (ta === undefined || tb === undefined || ta === tb) return;
  let i = index.start[ta]!;
  let j = index.start[tb]!;
  const endA = index.start[ta + 1]!;
  const endB = index.start[tb + 1]!;
  while (i < endA && j < endB) {
    const ra = index.row[i]!;
    const rb = index.row[j]!;
    if (ra < rb) i++;
    else if (rb < ra) j++;
    else {
      if (match[ra]) {
        let gap = Infinity;
        for (let x = index.posStart[i]!; x < index.posStart[i + 1]!; x++)
          for (let y = index.posStart[j]!; y < index.posStart[j + 1]!; y++) {
            const pa = index.pos[x]!;
            const pb = index.pos[y]!;
            if ((pa & 3) !== (pb & 3)) continue;
            const d = (pb >> 2) - (pa >> 2);
            // In the query's order counts fully; reversed, as one more word apart.
            const g = d > 0 ? d : 1 - d;
            if (g < gap) gap = g;
          }
        if (gap <= NEAR) score[ra]! += PROXIMITY * idf * (1 / gap);
      }
      i++;
      j++;
    }
  }
}
