import * as chrono from 'chrono-node';
import type { Vocabulary } from './vocabulary.js';
import { NUMBER, YEAR, type Read, type Token, type UnderstoodFilters } from './understand-reading.js';

/** Question understanding's figures (understand.ts): submission dates and rate-change conditions. */
const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const longestFirst = (phrases: string[]) => [...phrases].sort((a, b) => b.split(' ').length - a.split(' ').length);

/**
 * Submission dates: years and year ranges ("in 2022", "since 2024", "2021 to 2023", "early 2026" is
 * 2026), and what chrono-node reads as a date ("March 2024", "last year", "since June 2023").
 */
export function readDates(
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
  /** How many tokens from `i` on spell one of the phrases (0 when none does). */
  const afterYear = (i: number, phrases: string[]) => {
    for (const phrase of longestFirst(phrases)) {
      const n = phrase.split(' ').length;
      const s = span(i, n);
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
  // "YTD", "this quarter", "last quarter": periods counted from today.
  const todayIso = today.toISOString().slice(0, 10);
  const [thisYear, thisMonth] = [today.getUTCFullYear(), today.getUTCMonth() + 1];
  const quarterStart = thisMonth - ((thisMonth - 1) % 3);
  for (const [phrase, period] of Object.entries(vocabulary.dates.periods).sort(
    (a, b) => b[0].split(' ').length - a[0].split(' ').length,
  )) {
    const n = phrase.split(' ').length;
    for (let i = 0; i + n <= tokens.length; i++) {
      const s = span(i, n);
      if (!s || s.map((t) => t.norm).join(' ') !== phrase) continue;
      const [from, to] =
        period === 'yearToDate'
          ? [iso(thisYear, 1, 1), todayIso]
          : period === 'thisQuarter'
            ? [iso(thisYear, quarterStart, 1), todayIso]
            : quarterStart === 1
              ? [iso(thisYear - 1, 10, 1), iso(thisYear - 1, 12, 31)]
              : [
                  iso(thisYear, quarterStart - 3, 1),
                  iso(thisYear, quarterStart - 1, lastDay(thisYear, quarterStart - 1)),
                ];
      setRange(from, to, `Submitted ${from} to ${to}`, [[i, n]], s.map((t) => t.raw).join(' '));
    }
  }
  // "the past two years", "last 6 months", "the past year": back from today (not a calendar period).
  const d = vocabulary.dates;
  const unitOf = (t: Token | undefined) => (t && Object.hasOwn(d.units, t.norm) ? d.units[t.norm] : undefined);
  for (let i = 0; i < tokens.length; i++) {
    const unit = unitOf(tokens[i]);
    if (!unit || !free(i)) continue;
    const typed = tokens[i - 1]?.norm ?? '';
    const count = /^\d{1,2}$/.test(typed)
      ? Number(typed)
      : Object.hasOwn(d.numberWords, typed)
        ? d.numberWords[typed]!
        : undefined;
    const numbered = count !== undefined && count > 0 && free(i - 1);
    const lead = numbered ? before(i - 1, d.lately) : before(i, d.latelyOne);
    if (!lead) continue;
    const n = numbered ? count! : 1;
    const back = new Date(today);
    if (unit === 'year') back.setUTCFullYear(back.getUTCFullYear() - n);
    else if (unit === 'month') back.setUTCMonth(back.getUTCMonth() - n);
    else back.setUTCDate(back.getUTCDate() - n * (unit === 'week' ? 7 : 1));
    const from = back.toISOString().slice(0, 10);
    const at = i - (numbered ? 1 : 0) - lead;
    const text = tokens
      .slice(at, i + 1)
      .map((t) => t.raw)
      .join(' ');
    setRange(from, undefined, `Submitted since ${from}`, [[at, i + 1 - at]], text);
  }
  // chrono-node first: dates with a month, and relative years ("last year").
  for (const result of chrono.parse(prepared, today)) {
    const at = tokens.findIndex((t) => t.start >= result.index);
    const end = tokens.findIndex((t) => t.end >= result.index + result.text.length);
    if (at < 0 || end < at || !span(at, end - at + 1)) continue;
    const start = result.start;
    // A month without its year ("in March") is the last one that has begun: filings are never submitted ahead.
    const ahead = !start.isCertain('year') && start.date() > today ? 1 : 0;
    const year = start.get('year')! - ahead;
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
      const endYear = result.end.get('year')! - (result.end.isCertain('year') ? 0 : ahead);
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
    // "Q3 2024", "first half of 2023": the months of that part of the year.
    const part = vocabulary.dates.parts
      .map(({ phrases, months }) => ({ n: before(i, longestFirst(phrases)), months }))
      .find((p) => p.n > 0);
    // "2025 H1", "2024 Q3": the part after the year (one word).
    const partAfter = vocabulary.dates.parts.find(
      ({ phrases }) => free(i + 1) && phrases.includes(tokens[i + 1]?.norm ?? ''),
    );
    if (part || partAfter) {
      const [first, last] = (part ?? partAfter)!.months;
      const [from, to] = [iso(year, first, 1), iso(year, last, lastDay(year, last))];
      const [at, n] = part ? [i - part.n, part.n + 1] : [i, 2];
      const text = tokens
        .slice(at, at + n)
        .map((t) => t.raw)
        .join(' ');
      setRange(from, to, `Submitted ${from} to ${to}`, [[at, n]], text);
      continue;
    }
    const sinceAfter = afterYear(i + 1, vocabulary.dates.sinceAfter);
    if (sinceAfter) {
      setRange(iso(year, 1, 1), undefined, `Submitted since ${year}`, [[i, sinceAfter + 1]], `since ${year}`);
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
      const noise = before(i, longestFirst(vocabulary.dates.yearNoise));
      setRange(iso(year, 1, 1), iso(year, 12, 31), `Submitted in ${year}`, [[i - noise, noise + 1]], String(year));
    }
  }
}

/**
 * Rate-change conditions: "over 10%", "under 5 percent", "about 17%" (±10%, at least ±1 point),
 * "between 5% and 10%", a bare "+7.3%", "double-digit", "cuts" (a decrease), "almost no rate change".
 */
export function readRates(
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
  /** How many tokens from `i` on spell one of the phrases (0 when none does). */
  const after = (i: number, phrases: string[]) => {
    for (const phrase of longest(phrases)) {
      const n = phrase.split(' ').length;
      const s = span(i, n);
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
    // "between 5 and 10 percent": a bare number, then the percent.
    const bare = NUMBER.exec(tokens[i - 2]?.norm ?? '');
    const joined = tokens[i - 1]?.norm === 'and' || tokens[i - 1]?.norm === 'to';
    if (bare && !bare[2] && joined && free(i - 2) && !YEAR.test(bare[1]!)) {
      const lead = before(i - 2, ['between', 'from']);
      const [a, b] = [Math.min(Number(bare[1]), p.value), Math.max(Number(bare[1]), p.value)];
      done = chip(a, b, `Rate change ${a}% to ${b}%`, [[i - 2 - lead, lead + 2 + p.n]], `${a}% to ${b}%`);
      continue;
    }
    const least = before(i, v.atLeast);
    const most = before(i, v.atMost);
    const leastAfter = after(i + p.n, v.atLeastAfter);
    const mostAfter = after(i + p.n, v.atMostAfter);
    // A decrease word by the number, or just before its qualifier, makes it a cut ("cut 5%", "5%
    // decrease", "decreases greater than 5%"): "over" a cut is further below zero.
    const lead = Math.max(least, most);
    const negative =
      p.value > 0 && [i - lead - 1, i - lead - 2, i + p.n].some((k) => decreaseWords.has(tokens[k]?.norm ?? ''));
    const value = negative ? -p.value : p.value;
    if (negative && (least || leastAfter)) {
      const [at, n] = least ? [i - least, least + p.n] : [i, p.n + leastAfter];
      done = chip(undefined, value, `Rate change under ${value}%`, [[at, n]], `cuts over ${p.value}%`);
    } else if (negative && (most || mostAfter)) {
      const [at, n] = most ? [i - most, most + p.n] : [i, p.n + mostAfter];
      done = chip(value, 0, `Rate change ${value}% to 0%`, [[at, n]], `cuts under ${p.value}%`);
    } else if (least)
      done = chip(value, undefined, `Rate change over ${value}%`, [[i - least, least + p.n]], `over ${value}%`);
    else if (most)
      done = chip(undefined, value, `Rate change under ${value}%`, [[i - most, most + p.n]], `under ${value}%`);
    else if (leastAfter)
      done = chip(value, undefined, `Rate change over ${value}%`, [[i, p.n + leastAfter]], `${value}% or more`);
    else if (mostAfter)
      done = chip(undefined, value, `Rate change under ${value}%`, [[i, p.n + mostAfter]], `${value}% or less`);
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
