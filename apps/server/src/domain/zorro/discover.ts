import type { ZorroFilters, ZorroUnderstood } from '@zview/contracts';
import type { Db } from '../../db/database.js';
import { corpusNames } from './names.js';
import { countMatching } from './matches.js';
import { parseTextQuery } from './text-query.js';
import { understand, type UnderstoodFilters } from './understand.js';
import { VOCABULARY } from './vocabulary.js';
import { wordCoverage } from './word-coverage.js';

/**
 * The finder's, the grid's and the export's reading of the search box (issue 40): what understand.ts
 * recognises becomes filters (a filter the person chose in the UI wins over a reading of the same
 * field), the other words are searched. A query never answers nothing while filings match most of
 * it: words no filing holds together with the rest are dropped, then readings that leave nothing,
 * and the answer says which.
 */
export interface ResolvedQuery<T extends ZorroFilters> {
  query: T;
  understood?: ZorroUnderstood;
}

/** Readings relaxed first when nothing matches: the least certain first, the place and company last. */
const RELAX_ORDER: (keyof UnderstoodFilters)[] = [
  'rateMin',
  'submittedFrom',
  'type',
  'status',
  'category',
  'line',
  'model',
  'group',
  'company',
  'state',
];
const PAIRED: Partial<Record<keyof UnderstoodFilters, keyof UnderstoodFilters>> = {
  rateMin: 'rateMax',
  submittedFrom: 'submittedTo',
};
const CHIP_KIND: Partial<Record<keyof UnderstoodFilters, string>> = {
  rateMin: 'rate',
  submittedFrom: 'dates',
};

const isSet = (v: unknown) => (Array.isArray(v) ? v.length > 0 : v !== undefined && v !== '');

/** How the filings write a word ("discount": "credit"); an own key only (a typed "constructor" is a word). */
const alternativesOf = (word: string): readonly string[] =>
  Object.hasOwn(VOCABULARY.wordAlternatives, word) ? VOCABULARY.wordAlternatives[word]! : [];

/** How many filings match: the finder's total for the same filters and words. */
const countMatches = (db: Db, f: ZorroFilters) => countMatching(db, f, parseTextQuery(f.q));

export async function resolveQuery<T extends ZorroFilters>(
  db: Db,
  query: T,
  options: { today?: Date } = {},
): Promise<ResolvedQuery<T>> {
  if (!query.q?.trim()) return { query: { ...query, ignore: [] } };
  const reading = understand(query.q, await corpusNames(db), { ignore: query.ignore, today: options.today });
  const merged: T = { ...query, q: reading.rest || undefined, ignore: [] };
  const applied: (keyof UnderstoodFilters)[] = [];
  for (const [key, value] of Object.entries(reading.filters) as [keyof UnderstoodFilters, unknown][]) {
    if (value === undefined || isSet(query[key])) continue;
    (merged as Record<string, unknown>)[key] = value;
    applied.push(key);
  }
  const understood: ZorroUnderstood = { chips: reading.chips, words: reading.rest, dropped: [], relaxed: [] };
  if (!reading.chips.length && !reading.words.length) return { query: merged, understood };
  if ((await countMatches(db, merged)) > 0) return { query: merged, understood };

  // Words first: each word's matches under the filters; words no filing holds with the others go.
  const syntax = (reading.rest.match(/"[^"]*"?|\S+/g) ?? []).filter((t) => !reading.words.includes(t));
  let kept = [...reading.words];
  const hasOther = syntax.length > 0 || applied.length > 0 || hasExplicitFilter(query);
  if (kept.length && (hasOther || kept.length > 1)) {
    // Each word's filings under the filters, in one pass; a word the filings write otherwise
    // ("discount": "credit") is searched as they write it; the rarest words go until the rest
    // match together (at least one word stays).
    const coverage = await wordCoverage(db, merged, syntax, kept, alternativesOf);
    const { instead } = coverage;
    const searched = () => reading.words.map((w) => instead.get(w) ?? w).filter((w) => kept.includes(w));
    if (coverage.kept.length || hasOther) {
      kept = coverage.kept;
      understood.dropped = reading.words.filter((w) => !kept.includes(instead.get(w) ?? w) || instead.has(w));
      merged.q = [...syntax, ...searched()].join(' ') || undefined;
      understood.words = merged.q ?? '';
      if (!understood.dropped.length || (await countMatches(db, merged)) > 0) return { query: merged, understood };
    }
  }

  // Then the readings, least certain first, until something matches.
  let relaxed = merged;
  for (const key of RELAX_ORDER) {
    if (!applied.includes(key) && !(PAIRED[key] && applied.includes(PAIRED[key]))) continue;
    relaxed = { ...relaxed, [key]: Array.isArray(relaxed[key]) ? [] : undefined };
    if (PAIRED[key]) relaxed = { ...relaxed, [PAIRED[key]]: undefined };
    const kind = CHIP_KIND[key] ?? key;
    understood.relaxed.push(...reading.chips.filter((c) => c.kind === kind).map((c) => c.id));
    if ((await countMatches(db, relaxed)) > 0) {
      // The words dropped for the stricter reading may match once a reading is set aside: keep them then.
      if (understood.dropped.length) {
        const all = { ...relaxed, q: reading.rest || undefined };
        if ((await countMatches(db, all)) > 0) {
          understood.dropped = [];
          understood.words = reading.rest;
          return { query: all, understood };
        }
      }
      return { query: relaxed, understood };
    }
  }
  // Nothing matches even so: the reading as it was, and an honest zero.
  understood.relaxed = [];
  return { query: merged, understood };
}

function hasExplicitFilter(f: ZorroFilters): boolean {
  return (
    f.state.length > 0 ||
    f.group.length > 0 ||
    f.line.length > 0 ||
    f.type.length > 0 ||
    f.status.length > 0 ||
    f.model.length > 0 ||
    f.category.length > 0 ||
    !!f.company ||
    !!f.submittedFrom ||
    !!f.submittedTo ||
    !!f.effectiveFrom ||
    !!f.effectiveTo ||
    f.rateMin !== undefined ||
    f.rateMax !== undefined
  );
}
