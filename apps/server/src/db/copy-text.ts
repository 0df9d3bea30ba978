/** Reading what PostgreSQL's COPY … TO STDOUT sends in its text format, from the bytes. */

const NEWLINE = 0x0a;

/** Undoes COPY's text escapes (the values read this way seldom have any). */
export function unescapeCopyText(field: string): string {
  if (!field.includes('\\')) return field;
  return field.replace(/\\(.)/g, (_, c: string) => ({ n: '\n', r: '\r', t: '\t' })[c] ?? c);
}

/**
 * Hands each line of a COPY's stream to `line` as the bytes it spans (`data` from `start` to the
 * newline at `end`), so the reader makes strings of only the fields it keeps: a string sliced out
 * of a chunk's text would keep the whole chunk alive for as long as the string lives.
 */
export async function forEachCopyLine(
  stream: AsyncIterable<Buffer>,
  line: (data: Buffer, start: number, end: number) => void,
): Promise<void> {
  let rest: Buffer = Buffer.alloc(0);
  for await (const chunk of stream) {
    const data = rest.length ? Buffer.concat([rest, chunk]) : chunk;
    let start = 0;
    for (let end = data.indexOf(NEWLINE, start); end !== -1; end = data.indexOf(NEWLINE, start)) {
      line(data, start, end);
      start = end + 1;
    }
    rest = Buffer.from(data.subarray(start));
  }
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return `'${String(value).replaceAll("'", "''")}'`;
}

/**
 * Inlines a compiled statement's $n parameters (numbers and strings only: ids, product keys,
 * constants) as SQL literals: COPY takes no parameters.
 */
export function inlineParameters(text: string, parameters: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(parameters[Number(n) - 1]));
}
