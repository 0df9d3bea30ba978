import {
  formatLongDate,
  formatRateChange,
  ZORRO_MARK_END,
  ZORRO_MARK_START,
  type ZorroAnswer,
  type ZorroCitation,
  type ZorroFilters,
} from '@zview/contracts';
import type { Db } from '../../db/database.js';
import {
  bestPages,
  filingSummaries,
  leadPages,
  pageTexts,
  type FilingSummaryRow,
  type HitRow,
  type TextQuery,
} from '../../db/zorro.js';
import { countMatching, matchFigures } from './matches.js';
import { corpusNames } from './names.js';
import { interpretQuestion, loosenings, type Interpretation } from './question.js';
import { sentenceQuote } from './quote.js';
import { rankedFilingIds } from './search.js';
import { anyOfWords } from './text-query.js';
import { VOCABULARY } from './vocabulary.js';

/**
 * The explorer's answer to a question: filters read from the question (understand.ts, as the finder
 * reads its search box), figures computed over the structured fields (the finder's matches: matches.ts) (count, median/average/
 * range of the overall rate change, dates), passages retrieved by text search, and sentences that
 * each cite the passages they rest on; the cited filings come in rank order. Quotes are whole
 * sentences. With an LLM configured the sentences are written by it from those passages only; a
 * sentence without a valid citation is dropped. When nothing matches, it says so and answers with
 * the closest filings (the filters loosened as little as finds some) and which filter to loosen.
 */
export interface LlmConfig {
  url: string;
  apiKey?: string;
  model: string;
}

const FILINGS_RETRIEVED = 5;
const PAGES_PER_FILING = 2;

const clean = (passage: string) =>
  passage.replaceAll(ZORRO_MARK_START, '').replaceAll(ZORRO_MARK_END, '').replace(/\s+/g, ' ').trim();
const pct = (x: number | null) => (x === null ? 'n/a' : formatRateChange(x));

/** The suggestions of a zero-result question: each filter that, loosened alone, finds filings (or all of them, in turn). */
async function suggestionsFor(db: Db, filters: ZorroFilters, text: TextQuery | null) {
  const suggestions: (ZorroAnswer['suggestions'][number] & { filters: ZorroFilters })[] = [];
  for (const loosened of loosenings(filters)) {
    const count = await countMatching(db, loosened.filters, text);
    if (count > 0)
      suggestions.push({ filter: loosened.filter, label: loosened.label, count, filters: loosened.filters });
  }
  // The loosening that keeps the most of the question (finds the fewest) first: those are the closest filings.
  suggestions.sort((a, b) => a.count - b.count);
  if (suggestions.length) return suggestions;
  // No single filter is to blame: loosen them one after another until something matches.
  let loosened = filters;
  const steps = loosenings(filters);
  for (let k = 0; k < steps.length; k++) {
    const changed = Object.entries(steps[k]!.filters).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify((filters as Record<string, unknown>)[key]),
    );
    loosened = { ...loosened, ...Object.fromEntries(changed) };
    const count = await countMatching(db, loosened, text);
    if (count > 0) {
      const used = steps.slice(0, k + 1);
      return [
        {
          filter: used.map((l) => l.filter).join(','),
          label: joinLoosenings(used.map((l) => l.label)),
          count,
          filters: loosened,
        },
      ];
    }
  }
  return [];
}

/**
 * Several loosenings as one instruction: "Remove the state filter (Alaska), the line filter
 * (farmowners) and widen the submission dates", not "Remove …; Remove …".
 */
export function joinLoosenings(labels: string[]): string {
  const [first, ...rest] = labels.map((label, k) => {
    if (k === 0) return label;
    const verb = /^(Remove|Widen|Drop) /.exec(label)?.[1];
    const sameVerb = verb && labels.slice(0, k).some((l) => l.startsWith(`${verb} `));
    return sameVerb ? label.slice(verb.length + 1) : label[0]!.toLowerCase() + label.slice(1);
  });
  if (!rest.length) return first ?? '';
  return `${[first, ...rest.slice(0, -1)].join(', ')} and ${rest.at(-1)}`;
}

/** The best filings for the filters in rank order, each with its best pages (whole sentences quoted). */
async function retrieve(db: Db, filters: ZorroFilters, words: TextQuery | null, figureText: TextQuery | null) {
  const ids = await rankedFilingIds(db, filters, words ?? figureText, FILINGS_RETRIEVED);
  // Filings matching the question but none of its words still answer it (after those that do).
  if (ids.length < FILINGS_RETRIEVED && words && !figureText) {
    const more = await rankedFilingIds(db, filters, null, FILINGS_RETRIEVED);
    for (const id of more) if (ids.length < FILINGS_RETRIEVED && !ids.includes(id)) ids.push(id);
  }
  const pages = words ? await bestPages(db, ids, words, PAGES_PER_FILING) : [];
  const withPage = new Set(pages.map((p) => p.filingId));
  const leads = await leadPages(
    db,
    ids.filter((id) => !withPage.has(id)),
  );
  const summaries = new Map((await filingSummaries(db, ids)).map((f) => [f.id, f]));
  const ordered: HitRow[] = ids.flatMap((id) => [
    ...pages.filter((p) => p.filingId === id),
    ...leads.filter((p) => p.filingId === id),
  ]);
  const bodies = await pageTexts(
    db,
    ordered.map((p) => ({ documentId: p.documentId, page: p.page })),
  );
  const citations: ZorroCitation[] = ordered.map((p, k) => {
    const f = summaries.get(p.filingId)!;
    const body = bodies.get(`${p.documentId}:${p.page}`);
    return {
      n: k + 1,
      filingId: f.id,
      trackingNumber: f.trackingNumber,
      company: f.company,
      state: f.state,
      documentId: p.documentId,
      documentTitle: p.documentTitle,
      page: p.page,
      passage: body ? sentenceQuote(body, p.highlight) : p.highlight,
    };
  });
  return { citations, summaries };
}

export async function answerQuestion(db: Db, question: string, llm?: LlmConfig): Promise<ZorroAnswer> {
  const interpretation = interpretQuestion(question, await corpusNames(db));
  const { filters, keywords } = interpretation;
  const hasStructure = Object.entries(filters).some(([, v]) => (Array.isArray(v) ? v.length > 0 : v !== undefined));
  // Passages are ranked by the question's own words and the hazards and models it names.
  // A question about what the regulator said is answered from the objection letters too.
  const asksRegulator = question
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .some((w) => VOCABULARY.regulatorWords.includes(w));
  const words = anyOfWords(
    [...keywords, ...filters.category, ...filters.model, ...(asksRegulator ? ['objection'] : [])].flatMap((w) =>
      w.split(/[\s-]+/),
    ),
  );
  // Figures count the structured filters; with none, the filings whose text has every keyword.
  const figureText = hasStructure || !keywords.length ? null : { websearch: keywords.join(' '), prefixes: [], raw: '' };
  const figures = await matchFigures(db, filters, figureText);
  const interpreted = {
    filters: filters as ZorroAnswer['interpreted']['filters'],
    description: interpretation.description,
    keywords: keywords.join(' '),
  };

  if (figures.count === 0) {
    const suggestions = await suggestionsFor(db, filters, figureText);
    const text = `No filings match: ${interpretation.description}${figureText ? ` mentioning ${keywords.join(', ')}` : ''}.`;
    const hint = suggestions.length
      ? ` ${suggestions[0]!.label} to find ${suggestions[0]!.count.toLocaleString('en-US')}.`
      : ' Try fewer or different words.';
    const sentences: ZorroAnswer['sentences'] = [{ text: text + hint, citations: [] }];
    let citations: ZorroCitation[] = [];
    if (suggestions.length) {
      // The closest filings: those of the smallest loosening, in rank order, each cited.
      const closest = await retrieve(db, suggestions[0]!.filters, words, figureText);
      citations = closest.citations;
      const byFiling = [...new Set(citations.map((c) => c.filingId))];
      if (byFiling.length) {
        sentences.push({
          text: `Closest are ${byFiling.map((id) => describeFiling(closest.summaries.get(id)!)).join('; ')}.`,
          citations: byFiling.map((id) => citations.find((c) => c.filingId === id)!.n),
        });
      }
    }
    return {
      mode: 'extractive',
      interpreted,
      figures,
      sentences,
      citations,
      zeroResults: true,
      suggestions: suggestions.slice(0, 4).map(({ filter, label, count }) => ({ filter, label, count })),
      droppedClaims: 0,
    };
  }

  const { citations, summaries } = await retrieve(db, filters, words, figureText);
  const extractive = extractiveSentences(figures, interpretation, citations, summaries);
  const extractiveAnswer = {
    mode: 'extractive' as const,
    interpreted,
    figures,
    sentences: extractive,
    citations,
    zeroResults: false,
    suggestions: [],
    droppedClaims: 0,
  };
  if (!llm) return extractiveAnswer;
  try {
    const written = await llmSentences(llm, question, figures, interpretation.description, citations);
    if (!written.sentences.length) throw new Error('no cited sentence');
    return { ...extractiveAnswer, mode: 'llm', sentences: written.sentences, droppedClaims: written.dropped };
  } catch {
    return extractiveAnswer;
  }
}

/** "Cascade Mutual Insurance Company, CA homeowners rate filing CAMU-210079742 (approved, +6.1%, submitted March 2, 2021)" */
export const describeFiling = (f: FilingSummaryRow) =>
  `${f.company}, ${f.state} ${f.line} ${f.filingType} filing ${f.trackingNumber} (${f.status}${f.overallChange === null ? '' : `, ${pct(f.overallChange)}`}, submitted ${formatLongDate(f.submittedOn)})`;

/**
 * The rate-change figures in words, saying over how many filings they are when some state none
 * ("One of them states an overall rate change: +18.3%", not a median from +18.3% to +18.3%).
 */
export function rateSentence(figures: ZorroAnswer['figures']): string {
  const withChange = figures.rateChangeCount ?? figures.count;
  if (figures.count === 1) return `Its overall rate change is ${pct(figures.medianRateChange)}.`;
  const spread = `median ${pct(figures.medianRateChange)} (average ${pct(figures.averageRateChange)}, from ${pct(figures.minRateChange)} to ${pct(figures.maxRateChange)})`;
  if (withChange >= figures.count) return `Their median overall rate change is ${spread.slice('median '.length)}.`;
  if (withChange === 1) return `One of them states an overall rate change: ${pct(figures.medianRateChange)}.`;
  return `${withChange.toLocaleString('en-US')} of them state an overall rate change: ${spread}.`;
}

/** When the filings were submitted: one day said once ("It was submitted on October 27, 2023"). */
export function datesSentence(figures: ZorroAnswer['figures']): string {
  const first = figures.firstSubmitted ? formatLongDate(figures.firstSubmitted) : '';
  if (figures.count === 1) return `It was submitted on ${first}.`;
  if (figures.firstSubmitted === figures.lastSubmitted) return `They were all submitted on ${first}.`;
  return `They were submitted between ${first} and ${figures.lastSubmitted ? formatLongDate(figures.lastSubmitted) : ''}.`;
}

function extractiveSentences(
  figures: ZorroAnswer['figures'],
  interpretation: Interpretation,
  citations: ZorroCitation[],
  summaries: Map<number, FilingSummaryRow>,
): ZorroAnswer['sentences'] {
  const all = citations.map((c) => c.n);
  const sentences: ZorroAnswer['sentences'] = [
    {
      text: `${figures.count.toLocaleString('en-US')} ${figures.count === 1 ? 'filing matches' : 'filings match'}: ${interpretation.description}.`,
      citations: all.slice(0, 3),
    },
  ];
  if (figures.medianRateChange !== null) sentences.push({ text: rateSentence(figures), citations: all.slice(0, 3) });
  if (figures.firstSubmitted) sentences.push({ text: datesSentence(figures), citations: all.slice(0, 3) });
  // The best passages, grouped by filing, in rank order.
  const byFiling = new Map<number, ZorroCitation[]>();
  for (const c of citations) byFiling.set(c.filingId, [...(byFiling.get(c.filingId) ?? []), c]);
  for (const [filingId, cited] of byFiling) {
    sentences.push({
      text: `${describeFiling(summaries.get(filingId)!)}: “${clean(cited[0]!.passage)}”`,
      citations: cited.map((c) => c.n),
    });
  }
  return sentences;
}

/** Asks the LLM for an answer from the numbered passages; keeps only sentences citing retrieved passages. */
export async function llmSentences(
  llm: LlmConfig,
  question: string,
  figures: ZorroAnswer['figures'],
  description: string,
  citations: ZorroCitation[],
): Promise<{ sentences: ZorroAnswer['sentences']; dropped: number }> {
  const passages = citations
    .map(
      (c) =>
        `[${c.n}] ${c.company} (${c.state}, ${c.trackingNumber}), ${c.documentTitle} p.${c.page}: ${clean(c.passage)}`,
    )
    .join('\n');
  const facts = `Computed by the database over ${description}: count ${figures.count}; median rate change ${pct(figures.medianRateChange)}; average ${pct(figures.averageRateChange)}; range ${pct(figures.minRateChange)} to ${pct(figures.maxRateChange)}; submitted ${figures.firstSubmitted ? formatLongDate(figures.firstSubmitted) : 'n/a'} to ${figures.lastSubmitted ? formatLongDate(figures.lastSubmitted) : 'n/a'}.`;
  const response = await fetch(`${llm.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {}) },
    signal: AbortSignal.timeout(20_000),
    body: JSON.stringify({
      model: llm.model,
      temperature: 0,
      messages: [
        {
          role: 'system',
          content:
            'You answer questions about insurance rate filings using ONLY the numbered passages and the computed figures given. ' +
            'End every sentence with the numbers of the passages it rests on, like [1] or [2][3]. Never state anything the passages or figures do not say.',
        },
        { role: 'user', content: `Question: ${question}\n\n${facts}\n\nPassages:\n${passages}` },
      ],
    }),
  });
  if (!response.ok) throw new Error(`LLM answered ${response.status}`);
  const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new Error('LLM answer without content');
  return checkCitations(content, new Set(citations.map((c) => c.n)));
}

/** Splits an answer into sentences and keeps those whose every citation is a retrieved passage (at least one). */
export function checkCitations(
  content: string,
  valid: Set<number>,
): { sentences: ZorroAnswer['sentences']; dropped: number } {
  const parts = content.replace(/\s+/g, ' ').match(/[^.!?]+(?:[.!?]+(?:\s*\[\d+\])*|$)/g) ?? [];
  const sentences: ZorroAnswer['sentences'] = [];
  let dropped = 0;
  for (const part of parts) {
    const text = part.trim();
    if (!text) continue;
    const cited = [...text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
    if (!cited.length || cited.some((n) => !valid.has(n))) {
      dropped++;
      continue;
    }
    sentences.push({ text: text.replace(/\s*\[\d+\]/g, '').trim(), citations: [...new Set(cited)] });
  }
  return { sentences, dropped };
}

export type { ZorroFilters };
