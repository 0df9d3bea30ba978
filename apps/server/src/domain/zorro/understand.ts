import type { ZorroFilters, ZorroUnderstoodChip } from '@zview/contracts';
import * as chrono from 'chrono-node';
import { distance } from 'fastest-levenshtein';
import { STATE_NAMES } from './states.js';
import { VOCABULARY, type Vocabulary } from './vocabulary.js';

/**
 * Question understanding, shared by the finder, the grid and the explorer: reads a typed text into
 * the filings' structured filters (company or group, fuzzy and anywhere in the text; states by code
 * or name; lines, filing types and statuses by their synonyms; years, date ranges and dates; rate
 * conditions; perils beside a model word as the model categories covering them; model names) and
 * the words left to rank by. Each reading is a chip the person can remove (its id in `ignore`),
 * which leaves its words as words. Pure: the names come from the corpus, the synonyms from
 * vocabulary.ts.
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

interface Token {
  raw: string;
  norm: string;
  start: number;
  end: number;
  used: boolean;
  /** Quoted phrases, -exclusions and prefix* searches are search syntax, never read as fields. */
  syntax: boolean;
}

const YEAR = /^(19[5-9]\d|20\d\d)$/;
const NUMBER = /^([+-]?\d+(?:\.\d+)?)(%?)$/;
const TRACKING = /^[A-Za-z]{2,6}-\d{3,}$/;

const lower = (s: string) => s.toLowerCase();
const compact = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[\s,]+/)
    .filter(Boolean);
const similarity = (a: string, b: string) => 1 - distance(a, b) / Math.max(a.length, b.length);

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

/** The typed forms of every company, group and model name, built once per name list. */
function nameIndex(names: CorpusNames, vocabulary: Vocabulary): NameIndex {
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
  }
  const index: NameIndex = {
    aliases: [...byAlias.values()]
      .map((a) => ({ tokens: a.tokens, text: a.tokens.join(' '), kind: a.kind, names: [...a.names].sort() }))
      .sort((a, b) => b.tokens.length - a.tokens.length || b.text.length - a.text.length),
    models: names.models.map((name) => ({ name, compact: compact(name) })).filter((m) => m.compact.length >= 3),
  };
  indexes.set(names, index);
  return index;
}

function tokenize(text: string, vocabulary: Vocabulary): { tokens: Token[]; prepared: string } {
  let prepared = text.replace(/\s+/g, ' ').replace(/&/g, ' and ');
  // "wildfire-model", "Z-FIRE": a hyphen between letters separates words (tracking numbers keep theirs).
  prepared = prepared.replace(/(?<=\p{L})-(?=\p{L})/gu, ' ');
  for (const [typed, meant] of vocabulary.nameForms)
    prepared = prepared.replace(new RegExp(`\\b${typed.split(' ').join('\\s+')}\\b\\.?`, 'gi'), meant);
  const tokens: Token[] = [];
  for (const m of prepared.matchAll(/"[^"]*"?|\S+/g)) {
    const raw = m[0];
    const syntax = raw.startsWith('"') || /^-[\p{L}\p{N}]/u.test(raw) || /\*$/.test(raw);
    const norm = raw
      .toLowerCase()
      .replace(/[’']s$/, '')
      .replace(/^[^\p{L}\p{N}+~<>-]+|[^\p{L}\p{N}%]+$/gu, '');
    tokens.push({ raw, norm, start: m.index!, end: m.index! + raw.length, used: false, syntax });
  }
  return { tokens, prepared };
}

export function understand(
  text: string,
  names: CorpusNames,
  options: { ignore?: readonly string[]; today?: Date; vocabulary?: Vocabulary } = {},
): Understanding {
  const vocabulary = options.vocabulary ?? VOCABULARY;
  const ignore = new Set(options.ignore ?? []);
  const today = options.today ?? new Date();
  const { tokens, prepared } = tokenize(text, vocabulary);
  const filters: UnderstoodFilters = {};
  const chips: ZorroUnderstoodChip[] = [];
  const free = (i: number) =>
    i >= 0 && i < tokens.length && !tokens[i]!.used && !tokens[i]!.syntax && !!tokens[i]!.norm;
  const span = (i: number, n: number) => {
    for (let k = i; k < i + n; k++) if (!free(k)) return null;
    return tokens.slice(i, i + n);
  };
  const textOf = (i: number, n: number) =>
    prepared
      .slice(tokens[i]!.start, tokens[i + n - 1]!.end)
      .replace(/[,.;:?!]+$/, '')
      .trim();
  /** Records a reading (unless its chip was removed) and marks its words read. */
  const read = (chip: ZorroUnderstoodChip, at: [number, number][], apply: () => void): boolean => {
    if (ignore.has(chip.id)) return false;
    for (const [i, n] of at) for (let k = i; k < i + n; k++) tokens[k]!.used = true;
    apply();
    if (!chips.some((c) => c.id === chip.id)) chips.push(chip);
    return true;
  };
  /** Every place a phrase (lower-case words) occurs among unread tokens. */
  const places = (phrase: string): number[] => {
    const want = phrase.split(' ');
    const out: number[] = [];
    for (let i = 0; i + want.length <= tokens.length; i++) {
      const s = span(i, want.length);
      if (s && s.every((t, k) => t.norm === want[k])) out.push(i);
    }
    return out;
  };
  const byLength = <T>(entries: [string, T][]) =>
    entries.sort((a, b) => b[0].split(' ').length - a[0].split(' ').length);
  const list = <K extends keyof UnderstoodFilters>(key: K, value: string) => {
    const current = (filters[key] as string[] | undefined) ?? [];
    if (!current.includes(value)) (filters as Record<string, string[]>)[key] = [...current, value];
  };

  const index = nameIndex(names, vocabulary);
  const perilPhrases = new Set(vocabulary.perils.flatMap((p) => p.phrases));

  // Model names first ("Z-FIRE" holds "fire"): one to three words typed together, a letter off for long names.
  for (let n = 3; n >= 1; n--) {
    for (let i = 0; i + n <= tokens.length; i++) {
      const s = span(i, n);
      if (!s) continue;
      const typed = compact(s.map((t) => t.raw).join(''));
      const model = index.models.find(
        (m) =>
          m.compact === typed ||
          (m.compact.length >= 7 && typed[0] === m.compact[0] && distance(m.compact, typed) <= 1),
      );
      if (!model) continue;
      // A model named like a peril ("ROOF AGE") is the model only when typed as the model is written.
      const typedText = s.map((t) => t.raw.replace(/[,.;:?!]+$/, '')).join(' ');
      if (perilPhrases.has(lower(model.name)) && typedText !== model.name) continue;
      read(
        { id: `model:${model.name}`, kind: 'model', label: `Model: ${model.name}`, text: textOf(i, n) },
        [[i, n]],
        () => list('model', model.name),
      );
    }
  }

  // Companies and groups: the best-matching typed form, longest first, anywhere in the text.
  for (const alias of index.aliases) {
    const n = alias.tokens.length;
    for (let i = 0; i + n <= tokens.length; i++) {
      const s = span(i, n);
      if (!s) continue;
      const typed = s.map((t) => t.norm).join(' ');
      if (typed[0] !== alias.text[0]) continue;
      const exact = typed === alias.text;
      if (!exact && (alias.text.length < 7 || similarity(typed, alias.text) < 0.85)) continue;
      // A lone first word ("Coastal", "Delta") names a company only when capitalised as a name is.
      if (n === 1 && !/^\p{Lu}/u.test(s[0]!.raw)) continue;
      const one = alias.names.length === 1 ? alias.names[0]! : null;
      if (alias.kind === 'group') {
        if (filters.group?.length) continue;
        read(
          {
            id: `group:${alias.names.join('|')}`,
            kind: 'group',
            label: `Group: ${alias.names.join(' or ')}`,
            text: textOf(i, n),
          },
          [[i, n]],
          () => (filters.group = [...alias.names]),
        );
      } else {
        if (filters.company) continue;
        // Several companies share a first word: the first word itself filters (company names containing it).
        const value = one ?? s.map((t) => t.raw.replace(/[’']s$/, '').replace(/[,.;:?!]+$/, '')).join(' ');
        const canonical = one ?? alias.tokens.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
        read(
          { id: `company:${canonical}`, kind: 'company', label: `Company: ${canonical}`, text: textOf(i, n) },
          [[i, n]],
          () => (filters.company = one ?? (exact ? canonical : value)),
        );
      }
    }
  }

  // States: by name (a letter off for long names), then by code.
  const stateNames = byLength(
    Object.entries(STATE_NAMES).flatMap(([code, name]) => [
      [lower(name), code] as [string, string],
      ...(code === 'WA' ? [['washington state', code] as [string, string]] : []),
    ]),
  );
  for (const [name, code] of stateNames) {
    const n = name.split(' ').length;
    for (let i = 0; i + n <= tokens.length; i++) {
      const s = span(i, n);
      if (!s) continue;
      const typed = s.map((t) => t.norm).join(' ');
      if (typed !== name && (name.length < 6 || typed[0] !== name[0] || similarity(typed, name) < 0.85)) continue;
      read(
        { id: `state:${code}`, kind: 'state', label: `State: ${STATE_NAMES[code]}`, text: textOf(i, n) },
        [[i, n]],
        () => list('state', code),
      );
    }
  }
  const lowerCodes = new Set(vocabulary.lowerCaseStateCodes);
  tokens.forEach((t, i) => {
    if (!free(i)) return;
    const bare = t.raw.replace(/[,.;:?!)]+$/, '').replace(/^\(/, '');
    const code = bare.toUpperCase();
    if (!STATE_NAMES[code] || code.length !== 2) return;
    const upper = bare === code;
    // "OR" and "IN" in capitals are also words of a search; read as states only at the end or before a year.
    const ambiguous = code === 'OR' || code === 'IN';
    if (upper && ambiguous && !(i === tokens.length - 1 || YEAR.test(tokens[i + 1]?.norm ?? ''))) return;
    if (!upper && !lowerCodes.has(bare)) return;
    read({ id: `state:${code}`, kind: 'state', label: `State: ${STATE_NAMES[code]}`, text: bare }, [[i, 1]], () =>
      list('state', code),
    );
  });

  readDates(tokens, prepared, vocabulary, today, free, span, read, filters);
  readRates(tokens, vocabulary, free, span, places, read, filters);

  // Filing types, lines and statuses: their phrases, longest first.
  for (const { phrase, types } of [...vocabulary.types].sort(
    (a, b) => b.phrase.split(' ').length - a.phrase.split(' ').length,
  )) {
    for (const i of places(phrase)) {
      const label = types.length === 1 ? types[0]! : types.join(' or ');
      read(
        {
          id: `type:${types.join('|')}`,
          kind: 'type',
          label: `Type: ${label}`,
          text: textOf(i, phrase.split(' ').length),
        },
        [[i, phrase.split(' ').length]],
        () => {
          for (const t of types) list('type', t);
        },
      );
    }
  }
  const phrasesOf = <K extends string>(record: Record<K, string[]>) =>
    byLength(
      Object.entries(record).flatMap(([value, phrases]) =>
        (phrases as string[]).map((p) => [p, value as K] as [string, K]),
      ),
    );
  for (const [phrase, line] of phrasesOf(vocabulary.lines))
    for (const i of places(phrase))
      read(
        { id: `line:${line}`, kind: 'line', label: `Line: ${line}`, text: textOf(i, phrase.split(' ').length) },
        [[i, phrase.split(' ').length]],
        () => list('line', line),
      );
  for (const [phrase, status] of phrasesOf(vocabulary.statuses))
    for (const i of places(phrase))
      read(
        {
          id: `status:${status}`,
          kind: 'status',
          label: `Status: ${status}`,
          text: textOf(i, phrase.split(' ').length),
        },
        [[i, phrase.split(' ').length]],
        () => list('status', status),
      );

  // Perils beside a model word ("hail and wind models", "a wildfire score") are the categories of cited models.
  const modelWords = new Set(vocabulary.modelWords);
  const perils = byLength(
    vocabulary.perils.flatMap((p) =>
      p.phrases.map((phrase) => [phrase, p.categories] as [string, ZorroFilters['category']]),
    ),
  );
  const found: { i: number; n: number; categories: ZorroFilters['category'] }[] = [];
  for (const [phrase, categories] of perils)
    for (const i of places(phrase)) found.push({ i, n: phrase.split(' ').length, categories });
  for (const peril of found) {
    let modelAt = -1;
    for (let k = peril.i + peril.n; k < Math.min(tokens.length, peril.i + peril.n + 5); k++) {
      if (modelWords.has(tokens[k]!.norm)) {
        modelAt = k;
        break;
      }
    }
    if (modelAt < 0) continue;
    const categories = peril.categories;
    read(
      {
        id: `category:${categories.join('|')}`,
        kind: 'category',
        label: `Cites a ${categories.join(' or ')} model`,
        text: textOf(peril.i, peril.n),
      },
      [[peril.i, peril.n]],
      () => {
        for (const c of categories) list('category', c);
      },
    );
    if (!tokens[modelAt]!.syntax) tokens[modelAt]!.used = true;
  }

  // What is left: search syntax as typed, other words without stop words.
  const stop = new Set(vocabulary.stopWords);
  const rest: string[] = [];
  const left: string[] = [];
  for (const t of tokens) {
    if (t.used) continue;
    if (t.syntax) {
      rest.push(t.raw);
      continue;
    }
    if (TRACKING.test(t.raw.replace(/[,.;:?!]+$/, ''))) {
      rest.push(t.raw.replace(/[,.;:?!]+$/, ''));
      continue;
    }
    const word = t.norm.replace(/[^\p{L}\p{N}'/.-]/gu, '');
    if (!word || stop.has(word) || /^[+-]?\d+(\.\d+)?%?$/.test(word) || word.length < 2) continue;
    rest.push(word);
    left.push(word);
  }
  return { filters, chips, rest: rest.join(' '), words: left };
}

type Read = (chip: ZorroUnderstoodChip, at: [number, number][], apply: () => void) => boolean;

const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/**
 * Submission dates: years and year ranges ("in 2022", "since 2024", "2021 to 2023", "early 2026" is
 * 2026), and what chrono-node reads as a date ("March 2024", "last year", "since June 2023").
 */
function readDates(
  tokens: Token[],
  prepared: string,
  vocabulary: Vocabulary,
  today: Date,
  free: (i: number) => boolean,
  span: (i: number, n: number) => Token[] | null,
  read: Read,
  filters: UnderstoodFilters,
) {
  const before = (i: number, phrases: string[]) => {
    for (const phrase of phrases) {
      const n = phrase.split(' ').length;
      const s = span(i - n, n);
      if (s && s.map((t) => t.norm).join(' ') === phrase) return n;
    }
    return 0;
  };
  const setRange = (
    from: string | undefined,
    to: string | undefined,
    label: string,
    at: [number, number][],
    text: string,
  ) =>
    read({ id: `dates:${from ?? ''}..${to ?? ''}`, kind: 'dates', label, text }, at, () => {
      filters.submittedFrom = from;
      filters.submittedTo = to;
    });
  // chrono-node first: dates with a month, and relative years ("last year").
  for (const result of chrono.parse(prepared, today)) {
    const at = tokens.findIndex((t) => t.start >= result.index);
    const end = tokens.findIndex((t) => t.end >= result.index + result.text.length);
    if (at < 0 || end < at || !span(at, end - at + 1)) continue;
    const start = result.start;
    const year = start.get('year')!;
    let from: string;
    let to: string;
    if (start.isCertain('month')) {
      const month = start.get('month')!;
      from = iso(year, month, start.isCertain('day') ? start.get('day')! : 1);
      to = start.isCertain('day') ? from : iso(year, month, lastDay(year, month));
    } else if (/year/i.test(result.text)) {
      from = iso(year, 1, 1);
      to = iso(year, 12, 31);
    } else continue;
    if (result.end) {
      const endYear = result.end.get('year')!;
      const endMonth = result.end.get('month')!;
      to = result.end.isCertain('day')
        ? iso(endYear, endMonth, result.end.get('day')!)
        : iso(endYear, endMonth, lastDay(endYear, endMonth));
    }
    const since = before(at, vocabulary.dates.since);
    const until = before(at, vocabulary.dates.before) || before(at, vocabulary.dates.until);
    const n = end - at + 1;
    if (since) setRange(from, undefined, `Submitted since ${from}`, [[at - since, n + since]], result.text);
    else if (until) setRange(undefined, to, `Submitted by ${to}`, [[at - until, n + until]], result.text);
    else
      setRange(
        from,
        to,
        from.slice(0, 7) === to.slice(0, 7) && from !== to
          ? `Submitted in ${from.slice(0, 7)}`
          : `Submitted ${from === to ? `on ${from}` : `${from} to ${to}`}`,
        [[at, n]],
        result.text,
      );
  }
  for (let i = 0; i < tokens.length; i++) {
    if (!free(i) || !YEAR.test(tokens[i]!.norm)) continue;
    const year = Number(tokens[i]!.norm);
    // "2021 to 2023", "between 2021 and 2023", "2021-2023"
    const joiner = tokens[i + 1]?.norm;
    if (
      (joiner === 'to' || joiner === 'and' || joiner === 'through' || joiner === '-') &&
      free(i + 2) &&
      YEAR.test(tokens[i + 2]!.norm)
    ) {
      const other = Number(tokens[i + 2]!.norm);
      const lead = before(i, ['between', 'from']);
      const [a, b] = [Math.min(year, other), Math.max(year, other)];
      setRange(iso(a, 1, 1), iso(b, 12, 31), `Submitted ${a}–${b}`, [[i - lead, 3 + lead]], `${a}–${b}`);
      continue;
    }
    const since = before(i, vocabulary.dates.since);
    const after = before(i, vocabulary.dates.after);
    const prior = before(i, vocabulary.dates.before);
    const until = before(i, vocabulary.dates.until);
    if (since)
      setRange(iso(year, 1, 1), undefined, `Submitted since ${year}`, [[i - since, since + 1]], `since ${year}`);
    else if (after)
      setRange(iso(year + 1, 1, 1), undefined, `Submitted after ${year}`, [[i - after, after + 1]], `after ${year}`);
    else if (prior)
      setRange(
        undefined,
        iso(year - 1, 12, 31),
        `Submitted before ${year}`,
        [[i - prior, prior + 1]],
        `before ${year}`,
      );
    else if (until)
      setRange(undefined, iso(year, 12, 31), `Submitted by ${year}`, [[i - until, until + 1]], `until ${year}`);
    else {
      // "early 2026", "end of 2023": the year (a season is too vague to narrow on).
      const noise = before(i, vocabulary.dates.yearNoise);
      setRange(iso(year, 1, 1), iso(year, 12, 31), `Submitted in ${year}`, [[i - noise, noise + 1]], String(year));
    }
  }
}

/**
 * Rate-change conditions: "over 10%", "under 5 percent", "about 17%" (±10%, at least ±1 point),
 * "between 5% and 10%", a bare "+7.3%", "double-digit", "cuts" (a decrease), "almost no rate change".
 */
function readRates(
  tokens: Token[],
  vocabulary: Vocabulary,
  free: (i: number) => boolean,
  span: (i: number, n: number) => Token[] | null,
  places: (phrase: string) => number[],
  read: Read,
  filters: UnderstoodFilters,
) {
  const v = vocabulary.rate;
  const longest = (phrases: string[]) => [...phrases].sort((a, b) => b.split(' ').length - a.split(' ').length);
  const before = (i: number, phrases: string[]) => {
    for (const phrase of longest(phrases)) {
      const n = phrase.split(' ').length;
      const s = span(i - n, n);
      if (s && s.map((t) => t.norm).join(' ') === phrase) return n;
    }
    return 0;
  };
  const chip = (
    min: number | undefined,
    max: number | undefined,
    label: string,
    at: [number, number][],
    text: string,
  ) =>
    read({ id: `rate:${min ?? ''}..${max ?? ''}`, kind: 'rate', label, text }, at, () => {
      filters.rateMin = min;
      filters.rateMax = max;
    });
  const percentAt = (i: number): { value: number; n: number } | null => {
    const t = tokens[i];
    if (!t || !free(i)) return null;
    const m = NUMBER.exec(t.norm.replace(/^~/, ''));
    if (!m) return null;
    if (m[2] === '%') return { value: Number(m[1]), n: 1 };
    const unit = tokens[i + 1]?.norm;
    if ((unit === 'percent' || unit === '%' || unit === 'pct' || unit === 'points') && free(i + 1))
      return { value: Number(m[1]), n: 2 };
    return null;
  };
  const decreaseWords = new Set(v.decrease);
  let done = false;
  for (let i = 0; i < tokens.length && !done; i++) {
    const p = percentAt(i);
    if (!p) continue;
    // "between 5% and 10%"
    if (tokens[i + p.n]?.norm === 'and' || tokens[i + p.n]?.norm === 'to') {
      const q = percentAt(i + p.n + 1);
      if (q) {
        const lead = before(i, ['between', 'from']);
        const [a, b] = [Math.min(p.value, q.value), Math.max(p.value, q.value)];
        done = chip(a, b, `Rate change ${a}% to ${b}%`, [[i - lead, lead + p.n + 1 + q.n]], `${a}% to ${b}%`);
        continue;
      }
    }
    // A decrease word next to the number makes it negative ("cut 5%", "5% decrease").
    const negative =
      p.value > 0 && (decreaseWords.has(tokens[i - 1]?.norm ?? '') || decreaseWords.has(tokens[i + p.n]?.norm ?? ''));
    const value = negative ? -p.value : p.value;
    const least = before(i, v.atLeast);
    const most = before(i, v.atMost);
    if (least)
      done = chip(value, undefined, `Rate change over ${value}%`, [[i - least, least + p.n]], `over ${value}%`);
    else if (most)
      done = chip(undefined, value, `Rate change under ${value}%`, [[i - most, most + p.n]], `under ${value}%`);
    else {
      const about = before(i, v.about);
      const tolerance = Math.max(1, Math.abs(value) * 0.1);
      const min = Math.round((value - tolerance) * 10) / 10;
      const max = Math.round((value + tolerance) * 10) / 10;
      done = chip(
        min,
        max,
        `Rate change about ${value > 0 ? '+' : ''}${value}%`,
        [[i - about, about + p.n]],
        `${value}%`,
      );
    }
  }
  const direction = (phrases: string[], min: number | undefined, max: number | undefined, label: string) => {
    for (const phrase of longest(phrases))
      for (const i of places(phrase)) {
        const n = phrase.split(' ').length;
        if (done) {
          // The number already says it; the word only confirms it.
          for (let k = i; k < i + n; k++) tokens[k]!.used = true;
        } else done = chip(min, max, label, [[i, n]], phrase);
      }
  };
  direction(v.flat, -1, 1, 'Rate change about 0%');
  direction(v.doubleDigit, 10, undefined, 'Rate change over 10%');
  direction(v.decrease, undefined, -0.01, 'Rate decrease');
  direction(v.increase, 0.01, undefined, 'Rate increase');
}
