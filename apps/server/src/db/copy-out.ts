import { Readable } from 'node:stream';
import type { Connection, Submittable } from 'pg';

/**
 * `COPY … TO STDOUT` as a Readable of the COPY's own bytes, for `client.query(copyOut(sql))`.
 *
 * It does what pg-copy-streams' `to` does (take the connection's socket over while the COPY
 * streams, give it back to pg at CopyDone or at an error) with a cheaper reading of the protocol:
 * PostgreSQL sends each row in a CopyData message of its own, and pg-copy-streams cuts a Buffer
 * for each one and joins them again, about a second of CPU for a million export rows (issue 22);
 * here each socket chunk loses its message headers in place (the payloads moved up over them) and
 * goes on whole.
 */
export function copyOut(text: string): CopyOut {
  return new CopyOut(text);
}

/** Message types (PostgreSQL frontend/backend protocol). */
const COPY_DATA = 0x64; // 'd'
const COPY_DONE = 0x63; // 'c'
const COPY_OUT_RESPONSE = 0x48; // 'H'
const ERROR_RESPONSE = 0x45; // 'E'
/** Messages the backend may send in the middle of a COPY (protocol-flow "COPY Operations"): skipped. */
const ASYNCHRONOUS = new Set([0x4e /* 'N' notice */, 0x41 /* 'A' notification */, 0x53 /* 'S' parameter status */]);

/** A message's header: its type byte and an int32 length that counts itself. */
const HEADER_SIZE = 5;

/**
 * Moves `length` bytes of `chunk` from `from` down to `to` (to < from):
 * a row's payload is ~100 bytes, where copyWithin's call costs more than the copy; longer ones
 * go to it.
 */
function moveUp(chunk: Buffer, view: DataView, to: number, from: number, length: number): void {
  if (length > 256) {
    chunk.copyWithin(to, from, from + length);
    return;
  }
  const end = from + length;
  // Front to back, four bytes at a time, each word read before it is written: the target is behind
  // the source, so what is written is never a byte still to be read.
  for (; from + 4 <= end; from += 4, to += 4) view.setInt32(to, view.getInt32(from, true), true);
  while (from < end) chunk[to++] = chunk[from++]!;
}

export class CopyOut extends Readable implements Submittable {
  /** Rows copied, from the CommandComplete that follows CopyDone. */
  rowCount = 0;
  /**
   * No read timeout (pg reads this of a submittable before its connection's query_timeout): a COPY
   * goes at its consumer's pace, a download to a slow client for minutes, and the API's 30 s bound
   * made every export longer than that fail. (2^31 - 1 ms, setTimeout's longest; 0 would mean
   * "the connection's".) A consumer that is gone destroys the stream, which discards the connection.
   */
  readonly query_timeout = 2 ** 31 - 1;
  /** Set by pg when it times the query: called once the command is over, which stops its timer. */
  callback?: (error?: Error) => void;
  private connection: Connection | null = null;
  /** pg's own listener of the socket, set aside while the COPY streams. */
  private pgHandler: ((chunk: Buffer) => void) | null = null;
  private readonly onReadable = () => this.forward();
  /** The header being read (it may be split between chunks), and how much of it is in. */
  private readonly header = Buffer.alloc(HEADER_SIZE);
  private headerFill = 0;
  /** The type of the message being read, and how many of its bytes are still to come. */
  private type = 0;
  private left = 0;
  /** The consumer wants more (the last push was under the high-water mark). */
  private wanted = false;
  private forwarding = false;

  constructor(readonly text: string) {
    super();
  }

  submit(connection: Connection): void {
    this.connection = connection;
    const socket = this.socket();
    const listeners = socket.listeners('data');
    if (listeners.length !== 1) throw new Error('COPY: the connection has no single reader to take over.');
    this.pgHandler = listeners[0] as (chunk: Buffer) => void;
    socket.removeListener('data', this.pgHandler);
    socket.pause();
    socket.on('readable', this.onReadable);
    connection.query(this.text);
  }

  override _read(): void {
    this.wanted = true;
    this.forward();
  }

  /** Reads the socket while the consumer wants more. */
  private forward(): void {
    if (this.forwarding || !this.wanted || this.pgHandler === null) return;
    this.forwarding = true;
    const socket = this.socket();
    let chunk: Buffer | null;
    while (this.wanted && this.pgHandler !== null && (chunk = socket.read() as Buffer | null) !== null)
      this.parse(chunk);
    this.forwarding = false;
  }

  /**
   * Moves the CopyData payloads of `chunk` up over the headers and pushes what they fill. After
   * CopyDone, or from an ErrorResponse on, gives pg the rest to read (the command's end, or its
   * error).
   */
  private parse(chunk: Buffer): void {
    const size = chunk.length;
    const view = new DataView(chunk.buffer, chunk.byteOffset, size);
    let at = 0;
    let out = 0;
    while (at < size) {
      if (this.left > 0) {
        const n = Math.min(this.left, size - at);
        if (this.type === COPY_DATA) {
          if (out !== at) moveUp(chunk, view, out, at, n);
          out += n;
        }
        at += n;
        this.left -= n;
        continue;
      }
      // Where this message's header starts in the chunk (nearly always there, read where it is),
      // or -1 where it was gathered in `header` across chunks: pg may have to read the message.
      let headerAt = -1;
      if (this.headerFill === 0 && at + HEADER_SIZE <= size) {
        headerAt = at;
        this.type = chunk[at]!;
        this.left = view.getInt32(at + 1) - 4;
        at += HEADER_SIZE;
      } else {
        this.header[this.headerFill++] = chunk[at++]!;
        if (this.headerFill < HEADER_SIZE) continue;
        this.headerFill = 0;
        this.type = this.header[0]!;
        this.left = this.header.readInt32BE(1) - 4;
      }
      if (this.type === COPY_DONE) return this.handBack(chunk, out, chunk.subarray(at + this.left), true);
      if (this.type !== COPY_DATA && this.type !== COPY_OUT_RESPONSE && !ASYNCHRONOUS.has(this.type)) {
        // An error (pg reads it and ends this stream through handleError), or a message no COPY
        // sends. Its header may have begun in the chunk before: pg gets it whole, then the rest.
        const message = headerAt >= 0 ? chunk.subarray(headerAt) : Buffer.concat([this.header, chunk.subarray(at)]);
        this.handBack(chunk, out, message);
        if (this.type !== ERROR_RESPONSE)
          this.destroy(new Error(`COPY: unexpected message '${String.fromCharCode(this.type)}' from PostgreSQL.`));
        return;
      }
    }
    if (out) this.wanted = this.push(chunk.subarray(0, out));
  }

  /**
   * Pushes the payload bytes before `out`, gives the socket back to pg with `unread` to read
   * first, and ends the stream when the COPY is done (an error ends it through handleError).
   */
  private handBack(chunk: Buffer, out: number, unread: Buffer, done = false): void {
    if (out) this.push(chunk.subarray(0, out));
    const socket = this.socket();
    const handler = this.pgHandler!;
    this.pgHandler = null;
    socket.removeListener('readable', this.onReadable);
    socket.on('data', handler);
    if (unread.length) handler(unread);
    // pg's handler may pause the socket (its own high-water mark): resume once it has returned.
    process.nextTick(() => socket.resume());
    if (done) this.push(null);
  }

  private socket() {
    return (this.connection as unknown as { stream: NodeJS.ReadableStream & NodeJS.EventEmitter }).stream;
  }

  handleError(error: Error): void {
    this.callback?.(error);
    this.destroy(error);
  }

  handleCommandComplete(message: { text?: string }): void {
    const match = /COPY (\d+)/.exec(message?.text ?? '');
    if (match) this.rowCount = Number(match[1]);
  }

  handleReadyForQuery(): void {
    this.callback?.();
  }
}
