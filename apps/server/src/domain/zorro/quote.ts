import { ZORRO_MARK_END, ZORRO_MARK_START } from '@zview/contracts';

/**
 * A quote for the explorer: whole sentences of a page, never a fragment starting mid-sentence nor
 * a heading run into the first sentence. The
 * sentence holding most of the terms the search highlighted (ts_headline's marks) is chosen, the
 * next one added when it is short, and the terms are marked again inside it.
 */
const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
const MARKED = new RegExp(`${ZORRO_MARK_START}([^${ZORRO_MARK_END}]*)${ZORRO_MARK_END}`, 'g');
const SHORT = 90;
const LONG = 420;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A line without a sentence's closing punctuation ("MODEL DOCUMENTATION – Z-FIRE (Z-VIEW)") heads a page or section. */
const isHeading = (line: string) => !/[.!?:;”"']$/.test(line.trim());

export function sentenceQuote(body: string, highlight: string): string {
  // Sentences line by line: a heading line is never glued to the sentence after it.
  const lines = body
    .split(/\n+/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const prose = lines.filter((line) => !isHeading(line));
  const terms = [...new Set([...highlight.matchAll(MARKED)].map((m) => m[1]!.toLowerCase()).filter(Boolean))];
  // The search is stemmed ("Indications" found for "indicated"): a term counts and is marked by its root.
  const roots = [...new Set(terms.map((t) => (t.length > 5 ? t.slice(0, Math.max(5, t.length - 4)) : t)))];
  // Only paragraphs holding a term are cut into sentences (a page has a few dozen; the finder quotes 25 pages).
  const holding = prose.filter((line) => roots.some((root) => line.toLowerCase().includes(root)));
  const sentences = (holding.length ? holding : prose.length ? prose : lines).flatMap((line) =>
    [...segmenter.segment(line)].map((s) => s.segment.trim()).filter(Boolean),
  );
  if (!sentences.length) return highlight;
  let best = 0;
  let bestScore = -1;
  sentences.forEach((sentence, i) => {
    const lower = sentence.toLowerCase();
    // A sentence of a word or three ("Indications.") is a heading: a real sentence with as many terms wins.
    const heading = sentence.split(/\s+/).length < 4 ? 0.5 : 0;
    const score = roots.filter((t) => lower.includes(t)).length - heading;
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  let quote = sentences[best]!;
  if (quote.length < SHORT && sentences[best + 1] && quote.length + sentences[best + 1]!.length <= LONG)
    quote = `${quote} ${sentences[best + 1]}`;
  if (!terms.length) return quote;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])((?:${roots.map(escape).join('|')})[\\p{L}\\p{N}]*)`, 'giu');
  return quote.replace(pattern, `${ZORRO_MARK_START}$1${ZORRO_MARK_END}`);
}
