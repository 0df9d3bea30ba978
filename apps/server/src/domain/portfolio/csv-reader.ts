import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { Delimiter } from './sniff.js';

export interface CsvRecord {
  /** 1-based number of the data row (the header is not counted). */
  rowNumber: number;
  values: string[];
  /** Set when the line could not be read as CSV at all. */
  problem: string | null;
}

function describeCsvError(error: unknown): string {
  const code = (error as { code?: string }).code ?? '';
  if (code.includes('QUOTE')) return 'This line could not be read: a quotation mark is not closed or is misplaced.';
  return 'This line could not be read as CSV.';
}

/**
 * Streams a CSV file record by record (never the whole file in memory). The first record is the
 * header; lines that are not valid CSV become rows with a problem rather than stopping the file.
 */
export async function* readCsv(source: Readable, delimiter: Delimiter): AsyncGenerator<{ header: string[] } | CsvRecord> {
  const parser = source.pipe(
    parse({
      bom: true,
      delimiter,
      relax_column_count: true,
      // Quotes inside an unquoted field (5" pipe) are text, as spreadsheets write them.
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
    }),
  );
  // Skips are reported while parsing, ahead of the records still buffered: place each one after
  // the number of records parsed before it, so row numbers stay in file order.
  const skipped: { after: number; error: unknown }[] = [];
  parser.on('skip', (error: { records?: number }) => skipped.push({ after: error.records ?? 0, error }));
  source.on('error', (error) => parser.destroy(error));
  let header: string[] | null = null;
  let rowNumber = 0;
  let seen = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    while (skipped.length && skipped[0]!.after <= seen) {
      const { error } = skipped.shift()!;
      if (header) yield { rowNumber: ++rowNumber, values: [], problem: describeCsvError(error) };
    }
    seen += 1;
    if (!header) {
      header = record;
      yield { header };
      continue;
    }
    yield { rowNumber: ++rowNumber, values: record, problem: null };
  }
  for (const { error } of skipped) if (header) yield { rowNumber: ++rowNumber, values: [], problem: describeCsvError(error) };
}
