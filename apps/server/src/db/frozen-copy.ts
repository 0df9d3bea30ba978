import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { copyOut } from './copy-out.js';

/**
 * Bulk rows written without WAL (issue 46). With synchronous commit every commit flushes all the
 * WAL written before it, so a lookup's usage commit waited for a portfolio run's and its
 * analysis' megabytes to reach the disk (docs/performance/lookups.md). On the embedded server
 * (wal_level minimal) a table created or truncated in a transaction is written without WAL and
 * synced at commit; its rows also have to be frozen as they are written (COPY … FREEZE), since
 * with data checksums the first reader to set a page's hint bits writes the whole page to the WAL
 * (a page written without WAL has no image there yet), which would only move the WAL to that reader.
 *
 * INSERT … SELECT cannot freeze, so such rows are computed into a temporary table (never in the
 * WAL) and copied from it, through this process, by COPY … FREEZE: a slice of pages at a time,
 * so the bytes held here stay bounded whatever the table's size.
 */

/** Pages of the source per slice: ~16 MB of table, about as much COPY text held at once. */
const SLICE_PAGES = 2048;

/** A COPY … TO STDOUT read whole (a slice). */
async function copyToBuffers(client: pg.ClientBase, text: string): Promise<Buffer[]> {
  const buffers: Buffer[] = [];
  for await (const buffer of client.query(copyOut(text)) as AsyncIterable<Buffer>) buffers.push(buffer);
  return buffers;
}

/**
 * Copies every row of `source` into `target` (same columns, same order and types), in the caller's
 * transaction; FREEZE (`freeze`, the default) needs `target` created or truncated in it. Both are
 * escaped identifiers. Answers the rows copied.
 */
export async function copyRowsFrozen(
  client: pg.ClientBase,
  source: string,
  target: string,
  freeze = true,
): Promise<number> {
  const { rows } = await client.query<{ pages: number }>(
    `SELECT (pg_relation_size($1::regclass) / current_setting('block_size')::int)::int AS pages`,
    [source],
  );
  let copied = 0;
  for (let first = 0; first < (rows[0]?.pages ?? 0); first += SLICE_PAGES) {
    // A TID range scan reads only the slice's pages.
    const slice = await copyToBuffers(
      client,
      `COPY (SELECT * FROM ${source} WHERE ctid >= '(${first},0)'::tid AND ctid < '(${first + SLICE_PAGES},0)'::tid) TO STDOUT (FORMAT binary)`,
    );
    // Binary: the same column types on both sides, so no value is printed and parsed again (text
    // made a run's commits and finish about 1 s slower per 200,000 rows: floats, jsonb, arrays).
    const into = client.query(copyFrom(`COPY ${target} FROM STDIN (FORMAT binary${freeze ? ', FREEZE' : ''})`));
    await pipeline(Readable.from(slice), into);
    copied += into.rowCount ?? 0;
  }
  return copied;
}
