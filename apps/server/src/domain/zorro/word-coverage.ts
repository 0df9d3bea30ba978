import type { ZorroFilters } from '@zview/contracts';
import type { Db } from '../../db/database.js';
import { facetColumns, inSnapshot } from '../../db/zorro-facet-index.js';
import { matchingRows } from './result-order.js';
import { parseTextQuery } from './text-query.js';
import { matchWords } from './word-match.js';

/**
 * Which of a query's words to keep when they match nothing together (issue 40): every word's
 * filings under the filters (and the query's syntax: phrases, exclusions) are found once, in one
 * snapshot, and a coverage count per filing (how many of the commonest words it holds, in order)
 * gives the longest run of the commonest words some filing holds together. Counting each word and
 * then each candidate run as a whole query cost a full pass per word and per run: 40 pasted broad
 * words were ~170 ms of CPU; this is one pass over each word's matches.
 */
export interface WordCoverage {
  /** How many filings match each word (or the alternative searched instead) under the filters. */
  counts: Map<string, number>;
  /** A word that matches nothing, searched as the filings write it ("discount": "credit"). */
  instead: Map<string, string>;
  /** The words kept (alternatives in their word's place), the commonest first: the longest run that some filing holds together. */
  kept: string[];
}

export async function wordCoverage(
  db: Db,
  filters: ZorroFilters,
  syntax: readonly string[],
  words: readonly string[],
  alternativesOf: (word: string) => readonly string[],
): Promise<WordCoverage> {
  return inSnapshot(db, async (trx) => {
    const columns = await facetColumns(trx);
    // The filings the filters and the syntax allow: every word is counted within them.
    const syntaxText = parseTextQuery(syntax.join(' '));
    const allowed = matchingRows(
      columns,
      (await matchWords(trx, columns, filters, syntaxText, { rank: false })).rows,
      filters,
    );
    const inAllowed = new Uint8Array(columns.size);
    for (const r of allowed) inAllowed[r] = 1;
    // The company filter is in `allowed` already; a word is matched on its own (its text, the names it resembles).
    const wordFilters: ZorroFilters = { ...filters, company: undefined };
    const rowsOf = async (word: string): Promise<Int32Array> => {
      const text = parseTextQuery(word);
      const matched = (await matchWords(trx, columns, wordFilters, text, { rank: false })).rows;
      if (!matched) return allowed;
      const out = new Int32Array(matched.length);
      let n = 0;
      for (const r of matched) if (inAllowed[r] === 1) out[n++] = r;
      return out.subarray(0, n);
    };

    const counts = new Map<string, number>();
    const instead = new Map<string, string>();
    const rows = new Map<string, Int32Array>();
    for (const word of words) {
      let found = await rowsOf(word);
      let searched = word;
      if (!found.length) {
        for (const alternative of alternativesOf(word.toLowerCase())) {
          const other = await rowsOf(alternative);
          if (!other.length) continue;
          [found, searched] = [other, alternative];
          instead.set(word, alternative);
          break;
        }
      }
      counts.set(searched, found.length);
      rows.set(searched, found);
    }

    // The commonest first; a filing's coverage is how many of the first words it holds (all of them so far).
    const ordered = [...rows.keys()].filter((w) => counts.get(w)! > 0).sort((a, b) => counts.get(b)! - counts.get(a)!);
    const coverage = new Uint16Array(columns.size);
    let together = 0;
    for (const word of ordered) {
      let holders = 0;
      for (const r of rows.get(word)!)
        if (coverage[r] === together) {
          coverage[r] = together + 1;
          holders++;
        }
      if (!holders) break;
      together++;
    }
    return { counts, instead, kept: ordered.slice(0, together) };
  });
}
