import { PassThrough, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { afterAll, describe, expect, it } from 'vitest';
import { copyOut } from '../src/db/copy-out.js';
import { useTestDatabase } from './database.js';

const { url } = await useTestDatabase();
const client = new pg.Client({ connectionString: url });
await client.connect();
afterAll(() => client.end());

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  await pipeline(
    stream,
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        parts.push(Buffer.from(chunk));
        callback();
      },
    }),
  );
  return Buffer.concat(parts);
}

// Rows short and long (a row of 300 KB spans many socket reads), NULLs, text that COPY escapes.
const ROWS = `SELECT g, CASE WHEN g % 7 = 0 THEN NULL ELSE repeat(chr(97 + g % 26), CASE WHEN g % 500 = 1 THEN 300000 ELSE g % 40 END) END,
                     E'tab\\there, line\\nbreak, é', g * 0.5::float8
              FROM generate_series(1, 20000) g`;

describe('COPY TO STDOUT read off the socket (copyOut)', () => {
  it('gives the same bytes as pg-copy-streams, in text and in binary, and the row count', async () => {
    for (const format of ['text', 'binary']) {
      const text = `COPY (${ROWS}) TO STDOUT (FORMAT ${format})`;
      const expected = await bytesOf(client.query(copyTo(text)));
      const stream = copyOut(text);
      const actual = await bytesOf(client.query(stream));
      expect(actual.length).toBe(expected.length);
      expect(actual.equals(expected)).toBe(true);
      expect(stream.rowCount).toBe(20000);
    }
    // The connection is pg's again: the next query works.
    expect((await client.query('SELECT 41 + 1 AS n')).rows[0].n).toBe(42);
  });

  it('fails with PostgreSQL’s error when the COPY fails part-way, and the connection goes on', async () => {
    const stream = copyOut(`COPY (SELECT 1 / (g - 5000) FROM generate_series(1, 10000) g) TO STDOUT`);
    await expect(bytesOf(client.query(stream))).rejects.toThrow('division by zero');
    expect((await client.query('SELECT 1 AS n')).rows[0].n).toBe(1);
  });

  it('stops reading while the consumer is behind (backpressure), and finishes when it catches up', async () => {
    const stream = copyOut(`COPY (SELECT repeat('x', 1000) FROM generate_series(1, 20000)) TO STDOUT`);
    client.query(stream);
    const slow = new PassThrough({ highWaterMark: 1024 });
    stream.pipe(slow);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // 20 MB were sent; what was read is bounded by the streams' buffers, not the COPY's size.
    expect(stream.readableLength + slow.readableLength).toBeLessThan(2 * 1024 * 1024);
    expect((await bytesOf(slow)).length).toBe(20000 * 1001);
  });
});

describe('copyOut reading the protocol split anywhere', () => {
  /** A stand-in connection whose socket delivers `wire` in pieces of `piece` bytes once the query is sent. */
  function connectionDelivering(wire: Buffer, piece: number) {
    const socket = new PassThrough();
    const handedBack: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => handedBack.push(Buffer.from(chunk)));
    return {
      handedBack,
      connection: {
        stream: socket,
        query() {
          for (let at = 0; at < wire.length; at += piece) socket.write(wire.subarray(at, at + piece));
        },
      },
    };
  }
  const message = (type: string, body: Buffer) => {
    const header = Buffer.alloc(5);
    header.write(type, 0, 'latin1');
    header.writeInt32BE(body.length + 4, 1);
    return Buffer.concat([header, body]);
  };

  it('keeps the payloads and hands pg what follows CopyDone, with every split of headers and payloads', async () => {
    const rows = ['first row\n', '', 'a longer second row of the copy\n', 'x\n'];
    const notice = message('N', Buffer.from('Snotice\0\0'));
    const end = Buffer.concat([message('C', Buffer.from('COPY 4\0')), message('Z', Buffer.from('I'))]);
    const wire = Buffer.concat([
      message('H', Buffer.from([0, 0, 1, 0, 0])),
      message('d', Buffer.from(rows[0]!)),
      notice,
      ...rows.slice(1).map((row) => message('d', Buffer.from(row))),
      message('c', Buffer.alloc(0)),
      end,
    ]);
    for (const piece of [1, 2, 3, 5, 6, 7, 13, wire.length]) {
      const { connection, handedBack } = connectionDelivering(wire, piece);
      const stream = copyOut('COPY …');
      stream.submit(connection as never);
      expect((await bytesOf(stream)).toString()).toBe(rows.join(''));
      await new Promise((resolve) => setImmediate(resolve));
      expect(Buffer.concat(handedBack).equals(end)).toBe(true);
    }
  });

  it('hands pg an error from its first byte, with every split', async () => {
    const error = Buffer.concat([message('E', Buffer.from('SERROR\0Mboom\0\0')), message('Z', Buffer.from('I'))]);
    const wire = Buffer.concat([message('H', Buffer.from([0, 0, 0])), message('d', Buffer.from('row\n')), error]);
    for (const piece of [1, 2, 4, 5, 6, 9, wire.length]) {
      const { connection, handedBack } = connectionDelivering(wire, piece);
      const stream = copyOut('COPY …');
      stream.submit(connection as never);
      const read = bytesOf(stream);
      await new Promise((resolve) => setImmediate(resolve));
      expect(Buffer.concat(handedBack).equals(error)).toBe(true);
      // pg reads the error and ends the stream with it (handleError).
      stream.handleError(new Error('boom'));
      await expect(read).rejects.toThrow('boom');
    }
  });
});

describe('a COPY longer than the connection’s query timeout', () => {
  it('streams at its consumer’s pace past the timeout, and the connection goes on after it', async () => {
    const timed = new pg.Client({ connectionString: url, query_timeout: 300 });
    await timed.connect();
    try {
      // 3 MB read in socket chunks of at most 64 KB, 20 ms each: about a second, past the 300 ms.
      const stream = copyOut(`COPY (SELECT repeat('x', 9999) FROM generate_series(1, 300)) TO STDOUT`);
      timed.query(stream);
      let bytes = 0;
      const began = Date.now();
      await pipeline(
        stream,
        new Writable({
          highWaterMark: 16,
          write(chunk: Buffer, _encoding, callback) {
            bytes += chunk.length;
            setTimeout(callback, 20);
          },
        }),
      );
      expect(bytes).toBe(300 * 10_000);
      expect(Date.now() - began).toBeGreaterThan(600);
      // The connection is pg's again, and goes on.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect((await timed.query('SELECT pg_sleep(0.1), 7 AS n')).rows[0].n).toBe(7);
    } finally {
      await timed.end();
    }
  });
});
