import type { ZorroFilters, ZorroUnderstoodChip } from '@zview/contracts';
import { distance } from 'fastest-levenshtein';
import { STATE_NAMES } from './states.js';
import type { Vocabulary } from './vocabulary.js';

/**
 * What question understanding (understand.ts) reads with: its types, the text cut into tokens, and
 * the typed forms of the corpus's company, group and model names.
 */
export interface CorpusNames {
  companies: readonly string[];
  groups: readonly string[];
  models: readonly string[];
}

export type UnderstoodFilters = Partial<
  Pick<
    ZorroFilters,
    | 'company'
    | 'group'
    | 'state'
    | 'line'
    | 'type'
    | 'status'
    | 'model'
    | 'category'
    | 'submittedFrom'
    | 'submittedTo'
    | 'rateMin'
    | 'rateMax'
  >
>;

export interface Understanding {
  filters: UnderstoodFilters;
  chips: ZorroUnderstoodChip[];
  /** The text left for word search: unread words (stop words out), quoted phrases, -exclusions, prefixes*. */
  rest: string;
  /** The unread words alone (no syntax), in order. */
  words: string[];
}

export interface Token {
  raw: string;
  norm: string;
  start: number;
  end: number;
  used: boolean;
  /** Quoted phrases, -exclusions and prefix* searches are search syntax, never read as fields. */
  syntax: boolean;
}

export const YEAR = /^(19[5-9]\d|20\d\d)$/;
export const NUMBER = /^([+-]?\d+(?:\.\d+)?)(%?)$/;
export const TRACKING = /^[A-Za-z]{2,6}-\d{3,}$/;

export const lower = (s: string) => s.toLowerCase();
export const compact = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[\s,]+/)
    .filter(Boolean);
/**
 * 1 for the same text, less per edit; two letters swapped ("Fronteir") is one edit, as a typist
 * makes it (optimal string alignment), not two as plain Levenshtein counts it.
 */
export const similarity = (a: string, b: string) => 1 - typingDistance(a, b) / Math.max(a.length, b.length);

/**
 * A long word of the vocabulary typed a letter off ("comercial", "dissapproved", "hurricaine"):
 * eight letters or more, the same first letter, one slip (a swap counts as one).
 */
export const oneSlip = (typed: string, word: string) =>
  word.length >= 8 && typed[0] === word[0] && typed !== word && typingDistance(typed, word) === 1;

function typingDistance(a: string, b: string): number {
  const plain = distance(a, b);
  if (plain < 2 || a.length !== b.length) return plain;
  // Only a same-length pair can be closer by swaps: count them, and the mismatches left.
  let swaps = 0;
  let other = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i]) {
      swaps++;
      i++;
    } else other++;
  }
  return Math.min(plain, swaps + other);
}

/** "Pinecrest Mutual Insurance Company" → its typed forms, longest first. */
function companyAliases(name: string, kindWords: Set<string>): string[][] {
  const full = words(name);
  const out = [full];
  let end = full.length;
  while (end > 1 && (full[end - 1] === 'company' || full[end - 1] === 'insurance')) out.push(full.slice(0, --end));
  const prefix: string[] = [];
  for (const w of full) {
    if (kindWords.has(w)) break;
    prefix.push(w);
  }
  if (prefix.length && prefix.length < full.length) out.push(prefix);
  return out;
}

interface NameIndex {
  aliases: { tokens: string[]; text: string; kind: 'company' | 'group'; names: string[] }[];
  models: { name: string; compact: string }[];
}
const indexes = new WeakMap<CorpusNames, NameIndex>();

/**
 * "WildRisk" for "WildRisk Pro": a model of several words is also typed by its first word when
 * that word is a coined name (a capital inside it, as "WildRisk", never a plain word such as
 * "Wildfire") that begins no other model.
 */
function modelShortForms(models: readonly string[]): { name: string; compact: string }[] {
  const firstWords = models.map((name) => name.split(/\s+/)[0]!);
  return models.flatMap((name, k) => {
    const first = firstWords[k]!;
    const coined = /\p{Ll}\p{Lu}/u.test(first);
    const unique = firstWords.filter((w) => w.toLowerCase() === first.toLowerCase()).length === 1;
    return name.includes(' ') && coined && unique ? [{ name, compact: compact(first) }] : [];
  });
}

/** The typed forms of every company, group and model name, built once per name list. */
export function nameIndex(names: CorpusNames, vocabulary: Vocabulary): NameIndex {
  const cached = indexes.get(names);
  if (cached) return cached;
  const kindWords = new Set(vocabulary.companyKindWords);
  const byAlias = new Map<string, { tokens: string[]; kind: 'company' | 'group'; names: Set<string> }>();
  const add = (kind: 'company' | 'group', tokens: string[], name: string) => {
    const key = `${kind}:${tokens.join(' ')}`;
    const entry = byAlias.get(key) ?? { tokens, kind, names: new Set<string>() };
    entry.names.add(name);
    byAlias.set(key, entry);
  };
  for (const company of names.companies)
    for (const alias of companyAliases(company, kindWords)) add('company', alias, company);
  for (const group of names.groups) {
    const tokens = words(group);
    add('group', tokens, group);
    // "Pinecrest Group" for "Pinecrest Insurance Group": a group is read only with the word "group".
    const prefix = tokens.filter((w) => !kindWords.has(w));
    if (prefix.length && tokens.at(-1) === 'group') add('group', [...prefix, 'group'], group);
    // "Magnolia Holdings" for "Magnolia Holdings Group": its name without "group", when two words or
    // more and no company is typed so ("Heartland Mutual" is the company).
    const bare = tokens.at(-1) === 'group' ? tokens.slice(0, -1) : [];
    if (bare.length >= 2 && !byAlias.has(`company:${bare.join(' ')}`)) add('group', bare, group);
  }
  const index: NameIndex = {
    aliases: [...byAlias.values()]
      .map((a) => ({ tokens: a.tokens, text: a.tokens.join(' '), kind: a.kind, names: [...a.names].sort() }))
      .sort((a, b) => b.tokens.length - a.tokens.length || b.text.length - a.text.length),
    models: [
      ...names.models.map((name) => ({ name, compact: compact(name) })),
      ...modelShortForms(names.models),
    ].filter((m) => m.compact.length >= 3),
  };
  indexes.set(names, index);
  return index;
}

export function tokenize(text: string, vocabulary: Vocabulary): { tokens: Token[]; prepared: string } {
  // A minus sign as the answers write it ("−3.2%", U+2212) or as other tools paste it (small and
  // full-width hyphen-minus) is the hyphen-minus a typed question uses.
  let prepared = text
    .replace(/\s+/g, ' ')
    .replace(/&/g, ' and ')
    .replace(/[\u2212\uFE63\uFF0D]/g, '-');
  // "wildfire-model", "Z-FIRE": a hyphen between letters separates words (tracking numbers keep theirs).
  prepared = prepared.replace(/(?<=\p{L})-(?=\p{L})/gu, ' ');
  // "Q4 '23": a year written with an apostrophe and two digits.
  prepared = prepared.replace(
    /(^|[\s(])['’‘](\d\d)\b(?!['’])/g,
    (_m, lead: string, yy: string) => `${lead}${Number(yy) <= 50 ? '20' : '19'}${yy}`,
  );
  // "pre-2022", "post-2020": before and after the year.
  prepared = prepared
    .replace(/\bpre-(?=(?:19|20)\d\d\b)/gi, 'before ')
    .replace(/\bpost-(?=(?:19|20)\d\d\b)/gi, 'after ');
  // "2023-2024": a range of years, as "2023 to 2024" reads.
  prepared = prepared.replace(/\b((?:19|20)\d\d)\s*[-–]\s*((?:19|20)\d\d)\b/g, '$1 to $2');
  // "between March and June 2024": a range of months, as "from March to June 2024" reads (chrono-node).
  prepared = prepared.replace(
    /\bbetween(\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?(?:\s+(?:19|20)\d\d)?\s+)and\b/gi,
    'from$1to',
  );
  // "mid-2019", "early-2020": a date word joined to a year is the word and the year.
  const dateWords = vocabulary.dates.yearNoise.filter((w) => !w.includes(' '));
  prepared = prepared.replace(new RegExp(`\\b(${dateWords.join('|')})-(?=(?:19|20)\\d\\d\\b)`, 'gi'), '$1 ');
  // A short form in capitals that is a state code ("Harbor Home CO") is the state, unless all is in capitals.
  const shouting = prepared === prepared.toUpperCase();
  for (const [typed, meant] of vocabulary.nameForms)
    prepared = prepared.replace(new RegExp(`\\b${typed.split(' ').join('\\s+')}\\b\\.?`, 'gi'), (form) =>
      !shouting && Object.hasOwn(STATE_NAMES, form) ? form : meant,
    );
  const tokens: Token[] = [];
  for (const m of prepared.matchAll(/"[^"]*"?|\S+/g)) {
    const raw = m[0];
    // "-wind" excludes a word; "-5%" is a number (a rate cut), not an exclusion.
    const negativeNumber = /^-\d+(?:\.\d+)?%?[,.;:?!]*$/.test(raw);
    const syntax = raw.startsWith('"') || (/^-[\p{L}\p{N}]/u.test(raw) && !negativeNumber) || /\*$/.test(raw);
    const norm = raw
      .toLowerCase()
      .replace(/[’']s$/, '')
      .replace(/^[^\p{L}\p{N}+~<>-]+|[^\p{L}\p{N}%]+$/gu, '');
    tokens.push({ raw, norm, start: m.index!, end: m.index! + raw.length, used: false, syntax });
  }
  return { tokens, prepared };
}

export type Read = (chip: ZorroUnderstoodChip, at: [number, number][], apply: () => void) => boolean;
