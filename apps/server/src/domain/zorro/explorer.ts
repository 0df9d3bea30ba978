import type { ZorroAnswer, ZorroCitation, ZorroFilters } from '@zview/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import {
  bestPages,
  countFilings,
  filingFigures,
  filingSummaries,
  leadPages,
  topFilingIds,
  type FilingSummaryRow,
} from '../../db/zorro.js';
import { anyOfWords } from './text-query.js';
import { interpretQuestion, loosenings } from './question.js';
import { ZORRO_MARK_END, ZORRO_MARK_START } from '@zview/contracts';

/**
 * The explorer's answer to a question: filters read from the question, figures computed by SQL
 * over the structured fields (count, median/average/range of the overall rate change, dates),
 * passages retrieved by text search, and sentences that each cite the passages they rest on.
 * With an LLM configured the sentences are written by it from those passages only; a sentence
 * without a valid citation is dropped. Zero results say so and suggest which filter to loosen.
 */
export interface LlmConfig {
  url: string;
  apiKey?: string;
  model: string;
}

const FILINGS_RETRIEVED = 5;
const PAGES_PER_FILING = 2;
let knownModels: { at: number; names: string[] } | undefined;

async function modelNames(db: Db): Promise<string[]> {
  if (knownModels && Date.now() - knownModels.at < 5 * 60_000) return knownModels.names;
  const { rows } = await sql<{
    name: string;
  }>`SELECT DISTINCT unnest(models) AS name FROM (SELECT models FROM zorro_filings WHERE models <> '{}' LIMIT 20000) f`.execute(
    db,
  );
  knownModels = { at: Date.now(), names: rows.map((r) => r.name) };
  return knownModels.names;
}

const clean = (passage: string) =>
  passage.replaceAll(ZORRO_MARK_START, '').replaceAll(ZORRO_MARK_END, '').replace(/\s+/g, ' ').trim();
const pct = (x: number | null) => (x === null ? 'n/a' : `${x > 0 ? '+' : ''}${x}%`);

export async function answerQuestion(db: Db, question: string, llm?: LlmConfig): Promise<ZorroAnswer> {
  const interpretation = interpretQuestion(question, await modelNames(db));
  const { filters, keywords } = interpretation;
  const hasStructure = Object.entries(filters).some(([, v]) => (Array.isArray(v) ? v.length > 0 : v !== undefined));
  // Passages are ranked by the question's own words and the hazards and models it names.
  const words = anyOfWords([...keywords, ...filters.category.flatMap((c) => c.split(' ')), ...filters.model]);
  // Figures count the structured filters; with none, the filings whose text has every keyword.
  const figureText = hasStructure || !keywords.length ? null : { websearch: keywords.join(' '), prefixes: [], raw: '' };
  const figures = await filingFigures(db, filters, figureText);
  const interpreted = {
    filters: filters as ZorroAnswer['interpreted']['filters'],
    description: interpretation.description,
    keywords: keywords.join(' '),
  };

  if (figures.count === 0) {
    const suggestions: ZorroAnswer['suggestions'] = [];
    for (const loosened of loosenings(filters)) {
      const count = await countFilings(db, loosened.filters, figureText);
      if (count > 0) suggestions.push({ filter: loosened.filter, label: loosened.label, count });
    }
    suggestions.sort((a, b) => b.count - a.count);
    if (!suggestions.length) {
      // No single filter is to blame: loosen them one after another until something matches.
      let loosened = filters;
      const labels: string[] = [];
      for (const step of loosenings(filters)) {
        loosened = {
          ...loosened,
          ...Object.fromEntries(
            Object.entries(step.filters).filter(
              ([key, value]) => JSON.stringify(value) !== JSON.stringify((filters as Record<string, unknown>)[key]),
            ),
          ),
        };
        labels.push(step.label);
        const count = await countFilings(db, loosened, figureText);
        if (count > 0) {
          suggestions.push({
            filter: loosenings(filters)
              .slice(0, labels.length)
              .map((l) => l.filter)
              .join(','),
            label: labels.join('; '),
            count,
          });
          break;
        }
      }
    }
    const text = `No filings match: ${interpretation.description}${figureText ? ` mentioning ${keywords.join(', ')}` : ''}.`;
    const hint = suggestions.length
      ? ` ${suggestions[0]!.label} to find ${suggestions[0]!.count.toLocaleString('en-US')}.`
      : ' Try fewer or different words.';
    return {
      mode: 'extractive',
      interpreted,
      figures,
      sentences: [{ text: text + hint, citations: [] }],
      citations: [],
      zeroResults: true,
      suggestions: suggestions.slice(0, 4),
      droppedClaims: 0,
    };
  }

  const { ids } = await topFilingIds(db, filters, words ?? figureText, FILINGS_RETRIEVED);
  const pages = words ? await bestPages(db, ids, words, PAGES_PER_FILING) : [];
  const withPage = new Set(pages.map((p) => p.filingId));
  const leads = await leadPages(
    db,
    ids.filter((id) => !withPage.has(id)),
  );
  const summaries = new Map((await filingSummaries(db, ids)).map((f) => [f.id, f]));
  const ordered = ids.flatMap((id) => [
    ...pages.filter((p) => p.filingId === id),
    ...leads.filter((p) => p.filingId === id),
  ]);
  const citations: ZorroCitation[] = ordered.map((p, k) => {
    const f = summaries.get(p.filingId)!;
    return {
      n: k + 1,
      filingId: f.id,
      trackingNumber: f.trackingNumber,
      company: f.company,
      state: f.state,
      documentId: p.documentId,
      documentTitle: p.documentTitle,
      page: p.page,
      passage: p.highlight,
    };
  });

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

function extractiveSentences(
  figures: ZorroAnswer['figures'],
  interpretation: ReturnType<typeof interpretQuestion>,
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
  if (figures.medianRateChange !== null) {
    sentences.push({
      text: `Their median overall rate change is ${pct(figures.medianRateChange)} (average ${pct(figures.averageRateChange)}, from ${pct(figures.minRateChange)} to ${pct(figures.maxRateChange)}).`,
      citations: all.slice(0, 3),
    });
  }
  if (figures.firstSubmitted)
    sentences.push({
      text: `They were submitted between ${figures.firstSubmitted} and ${figures.lastSubmitted}.`,
      citations: all.slice(0, 3),
    });
  // The best passages, grouped by filing.
  const byFiling = new Map<number, ZorroCitation[]>();
  for (const c of citations) byFiling.set(c.filingId, [...(byFiling.get(c.filingId) ?? []), c]);
  for (const [filingId, cited] of byFiling) {
    const f = summaries.get(filingId)!;
    const head = `${f.company}, ${f.state} ${f.line} ${f.filingType} filing ${f.trackingNumber} (${f.status}${f.overallChange === null ? '' : `, ${pct(f.overallChange)}`}, submitted ${f.submittedOn})`;
    sentences.push({ text: `${head}: “${clean(cited[0]!.passage)}”`, citations: cited.map((c) => c.n) });
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
  const facts = `Computed by the database over ${description}: count ${figures.count}; median rate change ${pct(figures.medianRateChange)}; average ${pct(figures.averageRateChange)}; range ${pct(figures.minRateChange)} to ${pct(figures.maxRateChange)}; submitted ${figures.firstSubmitted ?? 'n/a'} to ${figures.lastSubmitted ?? 'n/a'}.`;
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
