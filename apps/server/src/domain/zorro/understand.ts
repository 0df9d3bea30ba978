import type { ZorroFilters, ZorroUnderstoodChip } from '@zview/contracts';
import { distance } from 'fastest-levenshtein';
import { STATE_NAMES } from './states.js';
import { readDates, readRates } from './understand-figures.js';
import {
  compact,
  lower,
  nameIndex,
  oneSlip,
  similarity,
  tokenize,
  TRACKING,
  YEAR,
  type CorpusNames,
  type Understanding,
  type UnderstoodFilters,
} from './understand-reading.js';
import { VOCABULARY, type Vocabulary } from './vocabulary.js';

export type { CorpusNames, Understanding, UnderstoodFilters } from './understand-reading.js';

/**
 * Question understanding, shared by the finder, the grid and the explorer: reads a typed text into
 * the filings' structured filters (company or group, fuzzy and anywhere in the text; states by code
 * or name; lines, filing types and statuses by their synonyms; years, date ranges and dates; rate
 * conditions; perils beside a model word as the model categories covering them; model names) and
 * the words left to rank by. Each reading is a chip the person can remove (its id in `ignore`),
 * which leaves its words as words. Pure: the names come from the corpus, the synonyms from
 * vocabulary.ts.
 */
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
      // The last word also in the plural ("trailers", "pulled filings"): an analyst writes either.
      const last = want.length - 1;
      // A long word a letter off is the word ("comercial"), unless it is a word of the question itself.
      const fits = (typed: string, k: number) =>
        typed === want[k] || (k === last && typed === `${want[k]}s`) || (oneSlip(typed, want[k]!) && !stop.has(typed));
      if (s && s.every((t, k) => fits(t.norm, k))) out.push(i);
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
  const stop = new Set(vocabulary.stopWords);
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

  // States by nickname, as typed, before companies ("Granite State" is New Hampshire, not Granite).
  const typedAt = (phrase: string, i: number) =>
    phrase.split(' ').every((w, k) => tokens[i + k]?.norm === w.replace(/[’']s$/, ''));
  const lookalike = new Set<number>();
  for (const phrase of vocabulary.stateNicknameLookalikes)
    tokens.forEach((_t, i) => {
      if (typedAt(phrase, i)) for (let k = 0; k < phrase.split(' ').length; k++) lookalike.add(i + k);
    });
  for (const [nickname, code] of byLength(Object.entries(vocabulary.stateNicknames))) {
    const want = nickname.split(' ');
    for (let i = 0; i + want.length <= tokens.length; i++) {
      if (!span(i, want.length) || !typedAt(nickname, i) || lookalike.has(i + want.length - 1)) continue;
      read(
        { id: `state:${code}`, kind: 'state', label: `State: ${STATE_NAMES[code]}`, text: textOf(i, want.length) },
        [[i, want.length]],
        () => list('state', code),
      );
    }
  }

  // Companies and groups: the best-matching typed form, longest first, anywhere in the text.
  const questionWords = new Set(vocabulary.stopWords);
  for (const alias of index.aliases) {
    const n = alias.tokens.length;
    for (let i = 0; i + n <= tokens.length; i++) {
      const s = span(i, n);
      if (!s) continue;
      const typed = s.map((t) => t.norm).join(' ');
      if (typed[0] !== alias.text[0]) continue;
      const exact = typed === alias.text;
      if (!exact && (alias.text.length < 7 || similarity(typed, alias.text) < 0.85)) continue;
      // A letter off is a misspelling, not a word of the question: "Frontier file for" is not "Frontier Fire".
      if (!exact && s.some((t, k) => t.norm !== alias.tokens[k] && questionWords.has(t.norm))) continue;
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
  const stateNames = byLength([
    ...Object.entries(vocabulary.stateAliases),
    ...Object.entries(STATE_NAMES).map(([code, name]) => [lower(name), code] as [string, string]),
  ]);
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

  // "Evergreen Fire OR dwelling": an OR or IN in capitals between two words read as fields joins
  // nothing a search could use; it is the state, as the analyst meant.
  tokens.forEach((t, i) => {
    const code = t.raw.replace(/[,.;:?!)]+$/, '');
    if (!free(i) || (code !== 'OR' && code !== 'IN') || filters.state?.length) return;
    const isRead = (k: number) => k >= 0 && k < tokens.length && tokens[k]!.used && !tokens[k]!.syntax;
    if (!isRead(i - 1) || !isRead(i + 1)) return;
    read({ id: `state:${code}`, kind: 'state', label: `State: ${STATE_NAMES[code]}`, text: code }, [[i, 1]], () =>
      list('state', code),
    );
  });

  // What is left: search syntax as typed, other words without stop words.
  const rest: string[] = [];
  const left: string[] = [];
  for (const t of tokens) {
    if (t.used) continue;
    // Search syntax as typed; "OR" in capitals is the finder's OR ("wildfire OR hail"), not a stop word.
    if (t.syntax || t.raw === 'OR') {
      rest.push(t.raw);
      continue;
    }
    if (TRACKING.test(t.raw.replace(/[,.;:?!]+$/, ''))) {
      // Searched as typed, and a word like the others: dropped when no filing holds it with the rest.
      const tracking = t.raw.replace(/[,.;:?!]+$/, '');
      rest.push(tracking);
      left.push(tracking);
      continue;
    }
    const word = t.norm.replace(/[^\p{L}\p{N}'/.-]/gu, '');
    if (!word || stop.has(word) || /^[+-]?\d+(\.\d+)?%?$/.test(word) || word.length < 2) continue;
    rest.push(word);
    left.push(word);
  }
  return { filters, chips, rest: rest.join(' '), words: left };
}
