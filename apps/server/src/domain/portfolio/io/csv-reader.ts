/**
 * Why this is not csv-parse (the house rule prefers a library for CSV): on the 1,000,000-row,
 * 57 MB file of bench/portfolio-io.ts, reading every record took (bench/csv-readers.ts, 2 shared
 * cores, load average 9–12 at the time):
 *
 *   this reader                                               0.7–0.9 s
 *   csv-parse 6.2.1, 'readable' + read() loop, our options    10.5–19.6 s
 *   csv-parse 6.2.1, 'data' events, only bom and delimiter    23 s (load 12.8)
 *   csv-parse 6.2.1, for await per record (session 2)         15.7 s
 *
 * csv-parse costs ten seconds and more of the 15 s an ingest of a million rows may take, whatever
 * way it is consumed, so the file is read here: RFC 4180 plus the leniencies real spreadsheets
 * need (quotes inside unquoted text, short and long rows, CR-only line ends), in batches.
 */
import type { Readable } from 'node:stream';
import { badRequest } from '../../app-error.js';
import { ENCODING_LABELS, type Delimiter, type TextEncodingName } from './sniff.js';

export interface CsvRecord {
  /** 1-based number of the data row (the header is not counted). */
  rowNumber: number;
  values: string[];
  /** Set when the line could not be read as CSV at all. */
  problem: string | null;
  /**
   * The record as the file wrote it, when that is its values joined by commas, each of printable
   * ASCII other than quote and backslash, and in quotes exactly when it holds a comma (nearly every
   * line of a real file): what is made of the values then needs no escaping, and they are not
   * scanned again (csv-line.ts).
   */
  plainLine?: string | null;
}

export type CsvItem = { header: string[] } | CsvRecord;

export const QUOTE_PROBLEM = 'This line could not be read: a quotation mark is not closed or is misplaced.';
export const TOO_LONG_PROBLEM = 'This line could not be read: it is longer than 8 MB.';

/**
 * A record still open after this many characters is reported as unreadable (a quotation mark
 * never closed would otherwise swallow, and buffer, the rest of the file).
 */
const MAX_RECORD_CHARS = 8 * 1024 * 1024;

/** The bytes (and UTF-16 units) the reader turns on; ingest-plain-rows.ts reads lines by them too. */
export const QUOTE = 34;
export const LF = 10;
export const CR = 13;
export const COMMA = 44;
export const BACKSLASH = 92;

/**
 * Whether a quoted value (holding no quote) is in a plain line as csv-line.ts writes it: printable
 * ASCII other than backslash, with a comma (without one, the line would not quote it).
 */
function quotedAsCsvLineQuotes(value: string): boolean {
  let comma = false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === COMMA) comma = true;
    else if (c < 32 || c === BACKSLASH || c >= 127) return false;
  }
  return comma;
}

/** One parsed record, or the reason it could not be read. */
type Parsed = string[] | { problem: string };

/**
 * Reads the complete records of `text` from `start` (RFC 4180: fields in double quotes may hold
 * delimiters, line breaks and doubled quotes; records end with LF, CRLF or CR). A quote inside an
 * unquoted field is text (5" pipe), as spreadsheets write it. Blank lines are skipped. Returns
 * where the first incomplete record begins (the caller prepends it to the next chunk); with
 * `final`, nothing is incomplete. A record with a bad quote is reported and reading goes on at
 * the next line, so one bad line never stops the file.
 */
function parseRecords(
  text: string,
  start: number,
  delimiter: number,
  final: boolean,
  out: Parsed[],
  plainLines: (string | null)[],
): number {
  const length = text.length;
  let i = start;
  records: while (i < length) {
    const recordStart = i;
    const values: string[] = [];
    let badQuote = false;
    // Whether the record is a plainLine (CsvRecord), found in the same pass as its values.
    let plain = delimiter === COMMA;
    let recordEnd = i;
    for (;;) {
      let value: string;
      if (text.charCodeAt(i) === QUOTE) {
        value = '';
        let from = i + 1;
        for (;;) {
          const quote = text.indexOf('"', from);
          if (quote < 0 || (quote === length - 1 && !final)) {
            if (!final) return recordStart;
            // Never closed: the record is its first line; read on from the next one.
            out.push({ problem: QUOTE_PROBLEM });
            plainLines.push(null);
            const lineEnd = text.indexOf('\n', recordStart);
            i = lineEnd < 0 ? length : lineEnd + 1;
            continue records;
          }
          if (text.charCodeAt(quote + 1) === QUOTE) {
            plain = false;
            value += text.slice(from, quote + 1);
            from = quote + 2;
            continue;
          }
          value += text.slice(from, quote);
          i = quote + 1;
          break;
        }
        if (plain) plain = quotedAsCsvLineQuotes(value);
        const next = text.charCodeAt(i);
        if (i < length && next !== delimiter && next !== LF && next !== CR) {
          // Text after the closing quote ("a"b): the record is unreadable; skip to the field's end.
          badQuote = true;
          while (
            i < length &&
            text.charCodeAt(i) !== delimiter &&
            text.charCodeAt(i) !== LF &&
            text.charCodeAt(i) !== CR
          )
            i++;
          if (i === length && !final) return recordStart;
        }
      } else {
        let end = i;
        for (; end < length; end++) {
          const c = text.charCodeAt(end);
          if (c === delimiter || c === LF || c === CR) break;
          if (c < 32 || c === QUOTE || c === BACKSLASH || c >= 127) plain = false;
        }
        if (end === length && !final) return recordStart;
        value = text.slice(i, end);
        i = end;
      }
      values.push(value);
      recordEnd = i;
      if (i >= length) break;
      const c = text.charCodeAt(i);
      i += 1;
      if (c === delimiter) {
        // A delimiter that ends the text leaves one more (empty) field, unless more text may follow.
        if (i === length && !final) return recordStart;
        continue;
      }
      if (c === CR && text.charCodeAt(i) === LF) i += 1;
      else if (c === CR && i === length && !final) return recordStart;
      break;
    }
    if (badQuote) {
      out.push({ problem: QUOTE_PROBLEM });
      plainLines.push(null);
    } else if (values.length > 1 || values[0] !== '' || text.charCodeAt(recordStart) === QUOTE) {
      out.push(values);
      plainLines.push(plain ? text.slice(recordStart, recordEnd) : null);
    }
  }
  return i;
}

/**
 * Takes the complete lines of `bytes` from `start` that it can (the ingest's plain rows, written to
 * the COPY from their bytes: ingest-plain-rows.ts), numbering the rows it takes after `rowNumber`;
 * returns where it stopped, always at the start of a line, and how many rows it took. The reader
 * reads the rest of the chunk itself.
 */
export type PlainLineTaker = (bytes: Buffer, start: number, rowNumber: number) => { end: number; rows: number };

/** The most bytes of an unfinished line kept as bytes for the next chunk (a longer one is read as text). */
const MAX_TAIL_BYTES = 64 * 1024;
// eslint-disable-next-line no-control-regex
const ASCII_ONLY = /^[\u0000-\u007f]*$/;

/**
 * Streams a CSV file in batches of records (never the whole file in memory; one batch per chunk
 * read, so a million rows cost a few hundred awaits, not a million). The first record is the
 * header; lines that are not valid CSV become rows with a problem rather than stopping the file.
 */
export async function* readCsvBatches(
  source: Readable,
  delimiter: Delimiter,
  encoding: TextEncodingName = 'utf-8',
  plainLines: PlainLineTaker | null = null,
): AsyncGenerator<CsvItem[]> {
  // Fatal: text that is not what the upload was read as stops with a message, never U+FFFD (issue 12).
  const decoder = new TextDecoder(encoding, { fatal: true });
  const decode = (chunk?: Buffer) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw badRequest(
        `This file is not valid ${ENCODING_LABELS[encoding]} text. Save it as "CSV UTF-8 (comma delimited)" and upload it again.`,
      );
    }
  };
  const delimiterCode = delimiter.charCodeAt(0);
  let header: string[] | null = null;
  let rowNumber = 0;
  let pending = '';
  let first = true;
  const batchOf = (parsed: Parsed[], plainLines: (string | null)[]) => {
    const items: CsvItem[] = [];
    for (let k = 0; k < parsed.length; k++) {
      const record = parsed[k]!;
      if (!header) {
        // Unreadable lines before the header are dropped: there is no row to report them on.
        if (Array.isArray(record)) items.push({ header: (header = record) });
      } else if (Array.isArray(record))
        items.push({ rowNumber: ++rowNumber, values: record, problem: null, plainLine: plainLines[k]! });
      else items.push({ rowNumber: ++rowNumber, values: [], problem: record.problem, plainLine: null });
    }
    return items;
  };
  const take = (text: string, final: boolean) => {
    const parsed: Parsed[] = [];
    const plainLines: (string | null)[] = [];
    let used = parseRecords(text, 0, delimiterCode, final, parsed, plainLines);
    if (!final && text.length - used > MAX_RECORD_CHARS) {
      // One record longer than any real one: report its first line and read on after it.
      parsed.push({ problem: TOO_LONG_PROBLEM });
      plainLines.push(null);
      const lineEnd = text.indexOf('\n', used);
      used = lineEnd < 0 ? text.length : lineEnd + 1;
      used = parseRecords(text, used, delimiterCode, false, parsed, plainLines);
    }
    pending = text.slice(used);
    return batchOf(parsed, plainLines);
  };
  // With `plainLines` (UTF-8, comma: csv-reader's plain lines are ASCII), once the header is read a
  // chunk's bytes go to it first, line by line, and only what it leaves is decoded and parsed here.
  const taker = plainLines && encoding === 'utf-8' && delimiter === ',' ? plainLines : null;
  // An unfinished last line kept as bytes (ASCII) for the next chunk, in place of `pending`.
  let tail: Buffer | null = null;
  try {
    for await (const chunk of source) {
      let taken = 0;
      let rest: Buffer | string = chunk as Buffer | string;
      if (taker && header && !pending && typeof chunk !== 'string') {
        const bytes: Buffer = tail?.length ? Buffer.concat([tail, chunk as Buffer]) : (chunk as Buffer);
        tail = null;
        const { end, rows } = taker(bytes, 0, rowNumber);
        rowNumber += rows;
        taken = rows;
        rest = bytes.subarray(end);
        if (end > bytes.lastIndexOf(LF) && rest.length <= MAX_TAIL_BYTES && !rest.includes(CR)) {
          // Only the chunk's unfinished last line is left: kept for the next chunk to complete.
          tail = rest;
          if (taken) yield [];
          continue;
        }
      }
      let text = pending + (typeof rest === 'string' ? rest : decode(rest));
      if (first && text) {
        first = false;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      const items = take(text, false);
      // The unfinished record left, when it is ASCII and the chunk ended on a whole character (the
      // decoder holds nothing), goes back to bytes: the next chunk is offered to `taker` again.
      const endsOnWholeCharacter = typeof rest !== 'string' && rest.length > 0 && rest[rest.length - 1]! < 0x80;
      if (taker && header && endsOnWholeCharacter && pending.length <= MAX_TAIL_BYTES && ASCII_ONLY.test(pending)) {
        tail = pending ? Buffer.from(pending, 'latin1') : null;
        pending = '';
      }
      if (items.length || taken) yield items;
    }
    const items = take(pending + (tail ? decode(tail) : '') + decode(), true);
    if (items.length) yield items;
  } finally {
    source.destroy();
  }
}

/** The same records one at a time: for small readers (the header, the upload check). */
export async function* readCsv(
  source: Readable,
  delimiter: Delimiter,
  encoding: TextEncodingName = 'utf-8',
): AsyncGenerator<CsvItem> {
  for await (const batch of readCsvBatches(source, delimiter, encoding)) yield* batch;
}
