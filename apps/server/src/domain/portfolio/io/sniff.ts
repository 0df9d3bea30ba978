/**
 * Looks at the first bytes of an upload to decide whether it is a CSV text file we can read:
 * UTF-8 (with or without a byte-order mark), delimited by comma, semicolon or tab.
 */
export type Delimiter = ',' | ';' | '\t';

/** Text encodings an upload may be in: what spreadsheet programs write (issue 12). */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
export const ENCODING_LABELS: Record<TextEncodingName, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16',
  'utf-16be': 'UTF-16 (big-endian)',
  'windows-1252': 'Windows-1252 (Western European)',
};

/** The encoding a byte-order mark names, if any. */
export function encodingFromBom(head: Uint8Array): TextEncodingName | null {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  return null;
}

export interface SniffResult {
  ok: true;
  hasBom: boolean;
  delimiter: Delimiter;
}
export interface SniffFailure {
  ok: false;
  message: string;
}

export const NOT_CSV_MESSAGE =
  'This file is not a CSV text file. Save your spreadsheet as "CSV UTF-8 (comma delimited)" and upload it again.';
export const EMPTY_FILE_MESSAGE = 'This file is empty. Upload a CSV file with a header row and at least one property.';

/** Bytes read from the start of a file to sniff it. */
export const SNIFF_BYTES = 64 * 1024;

/** Counts delimiter candidates in the header line, ignoring text inside double quotes. */
function countOutsideQuotes(line: string, char: string): number {
  let count = 0;
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === char && !quoted) count += 1;
  }
  return count;
}

export function sniffCsv(
  head: Uint8Array,
  isWholeFile: boolean,
  encoding: TextEncodingName = 'utf-8',
): SniffResult | SniffFailure {
  const bom = encodingFromBom(head);
  const hasBom = bom !== null;
  const body = bom === 'utf-8' ? head.subarray(3) : bom ? head.subarray(2) : head;
  const utf16 = encoding.startsWith('utf-16');
  if (body.length === 0 || (!utf16 && /^\s*$/.test(Buffer.from(body).toString('utf8'))))
    return { ok: false, message: EMPTY_FILE_MESSAGE };
  if (!utf16 && body.includes(0)) return { ok: false, message: NOT_CSV_MESSAGE };
  let text: string;
  try {
    // The sample may end inside a multi-byte character: decode in streaming mode so that is not an error.
    text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(body, { stream: !isWholeFile });
    if (utf16 && /^\s*$/.test(text)) return { ok: false, message: EMPTY_FILE_MESSAGE };
    if (utf16 && text.includes('\u0000')) return { ok: false, message: NOT_CSV_MESSAGE };
  } catch {
    return {
      ok: false,
      message: 'This file is not saved as UTF-8 text. Save it as "CSV UTF-8 (comma delimited)" and upload it again.',
    };
  }
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const candidates: Delimiter[] = [',', ';', '\t'];
  const counts = candidates.map((d) => countOutsideQuotes(firstLine, d));
  const best = counts.indexOf(Math.max(...counts));
  // A single-column file has no delimiter in its header: read it as comma separated.
  return { ok: true, hasBom, delimiter: counts[best]! > 0 ? candidates[best]! : ',' };
}
