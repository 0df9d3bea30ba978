import type { TextQuery } from '../../db/zorro.js';

/**
 * Reads a search box: quoted phrases, OR and -exclusions go to websearch_to_tsquery; a word
 * ending in '*' is a prefix ("wildf*"). Null when nothing searchable is left.
 */
export function parseTextQuery(q: string | undefined): TextQuery | null {
  const raw = (q ?? '').replace(/\s+/g, ' ').trim();
  if (!raw) return null;
  const prefixes: string[] = [];
  const websearch = raw
    .replace(/(^|\s)([\p{L}\p{N}]{2,})\*(?=\s|$)/gu, (_match, lead: string, word: string) => {
      prefixes.push(word.toLowerCase());
      return lead;
    })
    .trim();
  return { websearch, prefixes: prefixes.slice(0, 8), raw };
}

/** Keywords joined with OR: ranks passages by how many of the words they share. */
export function anyOfWords(words: string[]): TextQuery | null {
  const clean = words.map((w) => w.replace(/[^\p{L}\p{N}-]/gu, '')).filter((w) => w.length > 1);
  if (!clean.length) return null;
  return { websearch: clean.join(' or '), prefixes: [], raw: '' };
}
