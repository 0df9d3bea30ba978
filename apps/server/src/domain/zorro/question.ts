import { formatLongDate, formatRateChange, type ZorroFilters, type ZorroUnderstoodChip } from '@zview/contracts';
import { STATE_NAMES } from './states.js';
import { understand, type CorpusNames } from './understand.js';

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
  chips: ZorroUnderstoodChip[];
  /** The text left for word search, with its syntax (phrases, -exclusions, prefixes). */
  rest: string;
}

const EMPTY: ZorroFilters = {
  state: [],
  group: [],
  line: [],
  type: [],
  status: [],
  model: [],
  category: [],
  ignore: [],
};

/**
 * `names`: the corpus's company, group and model names. The question is read by understand.ts (the
 * finder and the grid read their search box the same way); the words left rank passages.
 */
export function interpretQuestion(
  question: string,
  names: CorpusNames,
  options: { ignore?: readonly string[]; today?: Date } = {},
): Interpretation {
  const understood = understand(question, names, options);
  const filters: ZorroFilters = { ...EMPTY, ...understood.filters };
  const wants = {
    count: /\bhow many\b|\bnumber of\b|\bcount\b/i.test(question),
    median: /\bmedian\b/i.test(question),
    average: /\baverage\b|\bmean\b/i.test(question),
    range: /\brange\b|\bhighest\b|\blowest\b|\blargest\b|\bsmallest\b|\bmax(?:imum)?\b|\bmin(?:imum)?\b/i.test(
      question,
    ),
    dates: /\bwhen\b|\bearliest\b|\blatest\b|\bfirst\b|\bmost recent\b/i.test(question),
  };
  return {
    filters,
    keywords: [...new Set(understood.words)].slice(0, 12),
    wants,
    description: describeFilters(filters),
    chips: understood.chips,
    rest: understood.rest,
  };
}

/**
 * "homeowners filings in Colorado citing a wildfire model, submitted since January 1, 2024": days
 * and signed rate changes ("−5.0%") written as the rest of the answer writes them.
 */
export function describeFilters(f: ZorroFilters): string {
  const parts: string[] = [];
  const what = [f.status.join(' or '), f.line.join(' or '), f.type.length ? `${f.type.join(' or ')}` : '']
    .filter(Boolean)
    .join(' ');
  parts.push(`${what ? `${what} ` : ''}filings`);
  if (f.state.length) parts.push(`in ${f.state.map((s) => STATE_NAMES[s] ?? s).join(' or ')}`);
  if (f.company) parts.push(`by ${f.company}`);
  if (f.group.length) parts.push(`of ${f.group.join(' or ')}`);
  if (f.model.length) parts.push(`citing ${f.model.join(' or ')}`);
  if (f.category.length) parts.push(`citing a ${f.category.join(' or ')} model`);
  const from = f.submittedFrom && formatLongDate(f.submittedFrom);
  const to = f.submittedTo && formatLongDate(f.submittedTo);
  if (from && to) parts.push(`submitted between ${from} and ${to}`);
  else if (from) parts.push(`submitted since ${from}`);
  else if (to) parts.push(`submitted by ${to}`);
  if (f.rateMin !== undefined && f.rateMax !== undefined)
    parts.push(`with an overall rate change between ${formatRateChange(f.rateMin)} and ${formatRateChange(f.rateMax)}`);
  else if (f.rateMin !== undefined)
    parts.push(`with an overall rate change of at least ${formatRateChange(f.rateMin)}`);
  else if (f.rateMax !== undefined)
    parts.push(
      f.rateMax < 0 ? 'with a rate decrease' : `with an overall rate change of at most ${formatRateChange(f.rateMax)}`,
    );
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
