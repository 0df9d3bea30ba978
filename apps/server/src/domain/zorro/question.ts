import type { ZorroFilters } from '@zview/contracts';
import { STATE_NAMES } from './states.js';

/**
 * Reads an explorer question into structured filters (state, line, type, status, model category,
 * named models, submission dates, rate-change range) and the keywords left for text retrieval.
 * Pure: counts, medians and date ranges are then computed by SQL over the structured fields.
 */
export interface Interpretation {
  filters: ZorroFilters;
  keywords: string[];
  /** What the question asks for beyond passages. */
  wants: { count: boolean; median: boolean; average: boolean; range: boolean; dates: boolean };
  description: string;
}

const EMPTY: ZorroFilters = { state: [], group: [], line: [], type: [], status: [], model: [], category: [] };

const LINE_WORDS: [RegExp, ZorroFilters['line'][number]][] = [
  [/\bhome ?owners?'?s?\b|\bHO-?3\b/i, 'homeowners'],
  [/\bdwelling(?: fire)?\b/i, 'dwelling fire'],
  [/\bcommercial(?: property)?\b/i, 'commercial property'],
  [/\bfarm(?:owners?)?\b/i, 'farmowners'],
  [/\b(?:mobile|manufactured) homes?\b/i, 'mobile home'],
];
const TYPE_WORDS: [RegExp, ZorroFilters['type'][number]][] = [
  [/\brate\/rule\b/i, 'rate/rule'],
  [/\brule filings?\b/i, 'rule'],
  [/\bform filings?\b/i, 'form'],
  [/\brate filings?\b/i, 'rate'],
];
const STATUS_WORDS: [RegExp, ZorroFilters['status'][number]][] = [
  [/\b(?:disapproved|rejected|denied)\b/i, 'disapproved'],
  [/\bapproved\b/i, 'approved'],
  [/\bpending\b/i, 'pending'],
  [/\bwithdrawn?\b/i, 'withdrawn'],
];
const CATEGORY_WORDS: [RegExp, ZorroFilters['category'][number]][] = [
  [/\bwild ?fire\b/i, 'wildfire'],
  [/\bhail\b/i, 'hail'],
  [/\b(?:wind|hurricane)\b/i, 'wind'],
  [/\broof[- ]age\b/i, 'roof age'],
  [/\bflood\b/i, 'flood'],
  [/\b(?:severe )?storms?\b/i, 'storm'],
];
const MODEL_NOUN = /\b(?:models?|scores?|scoring|tools?)\b/i;
const STOP = new Set(
  'a an and are as at be by did do does for from had has have how in into is it its many much of on or per since that the their them there these they this those to was were what when which who whom why with during after before between than more less over under above below least most any all each filing filings filed file cited cite cites citing use used uses using mention mentioned mentioning state states company companies carrier carriers insurer insurers median average mean range rate rates change changes percent number count total show list give me tell about overall insurance year years model models score scores'.split(
    ' ',
  ),
);

const year = (y: string) => Number(y);

/** `models`: the model names known in the corpus (Z-FIRE, EmberScore…), matched case-insensitively. */
export function interpretQuestion(question: string, models: readonly string[], today = new Date()): Interpretation {
  let rest = ` ${question.replace(/\s+/g, ' ')} `;
  const filters: ZorroFilters = { ...EMPTY, state: [], line: [], type: [], status: [], model: [], category: [] };
  const take = (pattern: RegExp): RegExpExecArray | null => {
    const match = pattern.exec(rest);
    if (match) rest = rest.slice(0, match.index) + ' ' + rest.slice(match.index + match[0].length);
    return match;
  };

  // Named models first (Z-FIRE contains "fire"), longest names first.
  for (const name of [...models].sort((a, b) => b.length - a.length)) {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (take(new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`, 'i'))) filters.model.push(name);
  }
  // States by name (longest first), then by capitalised postal code.
  for (const [code, name] of Object.entries(STATE_NAMES).sort((a, b) => b[1].length - a[1].length)) {
    if (take(new RegExp(`\\b${name}\\b`, 'i'))) filters.state.push(code);
  }
  rest = rest.replace(/\b([A-Z]{2})\b/g, (match, code: string) => {
    if (!STATE_NAMES[code] || filters.state.includes(code)) return match;
    filters.state.push(code);
    return ' ';
  });
  for (const [pattern, type] of TYPE_WORDS) if (take(pattern)) filters.type.push(type);
  for (const [pattern, line] of LINE_WORDS) if (take(pattern)) filters.line.push(line);
  for (const [pattern, status] of STATUS_WORDS) if (take(pattern)) filters.status.push(status);
  // "a wildfire model", "hail scores": a hazard named beside a model noun is a cited-model category.
  if (MODEL_NOUN.test(rest)) {
    for (const [pattern, category] of CATEGORY_WORDS) if (take(pattern)) filters.category.push(category);
  }

  // Submission dates.
  let m: RegExpExecArray | null;
  if ((m = take(/\bbetween (\d{4}) and (\d{4})\b/i)) || (m = take(/\bfrom (\d{4}) (?:to|through|until) (\d{4})\b/i))) {
    filters.submittedFrom = `${Math.min(year(m[1]!), year(m[2]!))}-01-01`;
    filters.submittedTo = `${Math.max(year(m[1]!), year(m[2]!))}-12-31`;
  } else if ((m = take(/\b(?:since|after|from) (\d{4})\b/i))) {
    filters.submittedFrom = /after/i.test(m[0]) ? `${year(m[1]!) + 1}-01-01` : `${m[1]}-01-01`;
  } else if ((m = take(/\bbefore (\d{4})\b/i))) {
    filters.submittedTo = `${year(m[1]!) - 1}-12-31`;
  } else if ((m = take(/\b(?:in|during) (\d{4})\b/i))) {
    filters.submittedFrom = `${m[1]}-01-01`;
    filters.submittedTo = `${m[1]}-12-31`;
  } else if ((m = take(/\b(?:in the )?(?:last|past) (\d{1,2}) years?\b/i))) {
    filters.submittedFrom = `${today.getUTCFullYear() - Number(m[1])}-${String(today.getUTCMonth() + 1).padStart(2, '0')}-01`;
  } else if (take(/\blast year\b/i)) {
    filters.submittedFrom = `${today.getUTCFullYear() - 1}-01-01`;
    filters.submittedTo = `${today.getUTCFullYear() - 1}-12-31`;
  }

  // Rate-change range.
  const num = String.raw`(-?\d+(?:\.\d+)?) ?%`;
  if ((m = take(new RegExp(`\\bbetween ${num} and ${num}`, 'i')))) {
    filters.rateMin = Math.min(Number(m[1]), Number(m[2]));
    filters.rateMax = Math.max(Number(m[1]), Number(m[2]));
  } else {
    if ((m = take(new RegExp(`\\b(?:above|over|more than|greater than|at least|exceeding) ${num}`, 'i'))))
      filters.rateMin = Number(m[1]);
    if ((m = take(new RegExp(`\\b(?:below|under|less than|at most) ${num}`, 'i')))) filters.rateMax = Number(m[1]);
  }
  if (filters.rateMax === undefined && take(/\b(?:rate )?(?:decreases?|reductions?|cuts?)\b/i)) filters.rateMax = -0.01;

  const wants = {
    count: /\bhow many\b|\bnumber of\b|\bcount\b/i.test(question),
    median: /\bmedian\b/i.test(question),
    average: /\baverage\b|\bmean\b/i.test(question),
    range: /\brange\b|\bhighest\b|\blowest\b|\blargest\b|\bsmallest\b|\bmax(?:imum)?\b|\bmin(?:imum)?\b/i.test(
      question,
    ),
    dates: /\bwhen\b|\bearliest\b|\blatest\b|\bfirst\b|\bmost recent\b/i.test(question),
  };
  const keywords = [
    ...new Set(
      rest
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
        .split(/\s+/)
        .map((w) => w.replace(/^'+|'+$/g, ''))
        .filter((w) => w.length > 1 && !STOP.has(w) && !/^\d+$/.test(w)),
    ),
  ].slice(0, 12);
  return { filters, keywords, wants, description: describeFilters(filters) };
}

/** "homeowners filings in Colorado citing a wildfire model, submitted since 2024-01-01" */
export function describeFilters(f: ZorroFilters): string {
  const parts: string[] = [];
  const what = [f.status.join(' or '), f.line.join(' or '), f.type.length ? `${f.type.join(' or ')}` : '']
    .filter(Boolean)
    .join(' ');
  parts.push(`${what ? `${what} ` : ''}filings`);
  if (f.state.length) parts.push(`in ${f.state.map((s) => STATE_NAMES[s] ?? s).join(' or ')}`);
  if (f.company) parts.push(`by companies matching "${f.company}"`);
  if (f.group.length) parts.push(`of ${f.group.join(' or ')}`);
  if (f.model.length) parts.push(`citing ${f.model.join(' or ')}`);
  if (f.category.length) parts.push(`citing a ${f.category.join(' or ')} model`);
  if (f.submittedFrom && f.submittedTo) parts.push(`submitted between ${f.submittedFrom} and ${f.submittedTo}`);
  else if (f.submittedFrom) parts.push(`submitted since ${f.submittedFrom}`);
  else if (f.submittedTo) parts.push(`submitted by ${f.submittedTo}`);
  if (f.rateMin !== undefined && f.rateMax !== undefined)
    parts.push(`with an overall rate change between ${f.rateMin}% and ${f.rateMax}%`);
  else if (f.rateMin !== undefined) parts.push(`with an overall rate change of at least ${f.rateMin}%`);
  else if (f.rateMax !== undefined)
    parts.push(f.rateMax < 0 ? 'with a rate decrease' : `with an overall rate change of at most ${f.rateMax}%`);
  return parts.join(' ');
}

/** The filters a zero-result question could loosen, each as the filters without it. */
export function loosenings(f: ZorroFilters): { filter: string; label: string; filters: ZorroFilters }[] {
  const out: { filter: string; label: string; filters: ZorroFilters }[] = [];
  const listKeys = ['state', 'line', 'type', 'status', 'model', 'category', 'group'] as const;
  for (const key of listKeys) {
    if (f[key].length)
      out.push({
        filter: key,
        label: `Remove the ${key === 'type' ? 'filing type' : key === 'category' ? 'model category' : key} filter (${f[key].map((v) => (key === 'state' ? (STATE_NAMES[v] ?? v) : v)).join(', ')})`,
        filters: { ...f, [key]: [] },
      });
  }
  if (f.submittedFrom || f.submittedTo)
    out.push({
      filter: 'dates',
      label: 'Widen the submission dates',
      filters: { ...f, submittedFrom: undefined, submittedTo: undefined },
    });
  if (f.rateMin !== undefined || f.rateMax !== undefined)
    out.push({
      filter: 'rateChange',
      label: 'Remove the rate-change range',
      filters: { ...f, rateMin: undefined, rateMax: undefined },
    });
  if (f.company)
    out.push({
      filter: 'company',
      label: `Remove the company filter (${f.company})`,
      filters: { ...f, company: undefined },
    });
  if (f.q) out.push({ filter: 'q', label: `Drop the search words "${f.q}"`, filters: { ...f, q: undefined } });
  return out;
}
