import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './app.js';

/**
 * Slow clients (issue 39): a body that trickles is answered 408 and closed after one window, a
 * request whose headers never finish is closed after the headers timeout, one process holds a
 * bounded number of connections, and a slow upload that keeps sending is not cut.
 */
const { app } = await useTestApp({
  BODY_WINDOW_S: '1',
  BODY_MIN_BYTES: '200',
  HEADERS_TIMEOUT_S: '1',
  MAX_CONNECTIONS: '6',
});
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;

interface Conversation {
  socket: net.Socket;
  /** What the server sent so far. */
  received(): string;
  /** Resolves with everything the server sent once it closed the connection. */
  closed: Promise<{ text: string; atMs: number }>;
}

function open(): Promise<Conversation> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1', () => resolve({ socket, closed, received: () => text }));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    const closed = new Promise<{ text: string; atMs: number }>((done) =>
      socket.on('close', () => done({ text, atMs: performance.now() - started })),
    );
    socket.on('error', () => {});
    socket.once('error', reject);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const BODY = JSON.stringify({ batch: [], padding: 'x'.repeat(3000) });
const head = (length: number) =>
  `POST /v1/batch HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('slow clients', () => {
  it('answers 408 and closes a body that trickles a byte at a time', async () => {
    const { socket, closed } = await open();
    socket.write(head(BODY.length));
    let sent = 0;
    const trickle = setInterval(() => {
      if (!socket.destroyed) socket.write(BODY[sent++]!);
    }, 100);
    const { text, atMs } = await closed;
    clearInterval(trickle);
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    expect(atMs).toBeLessThan(5000);
  }, 15_000);

  it('closes a connection whose headers never finish', async () => {
    const { socket, closed } = await open();
    socket.write('POST /v1/batch HTTP/1.1\r\nHost: localhost\r\n');
    const { atMs } = await closed;
    expect(atMs).toBeLessThan(5000);
  }, 15_000);

  it('lets a slow upload that keeps sending finish', async () => {
    const { socket, received } = await open();
    socket.write(head(BODY.length));
    // 300 bytes every 250 ms: above 200 bytes a second, for about 3 s.
    for (let at = 0; at < BODY.length; at += 300) {
      socket.write(BODY.slice(at, at + 300));
      await pause(250);
    }
    const deadline = performance.now() + 5000;
    while (!received() && performance.now() < deadline) await pause(50);
    const answer = received();
    socket.destroy();
    expect(answer).not.toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toMatch(/^HTTP\/1\.1 [24]\d\d/);
  }, 15_000);

  it('drops connections beyond MAX_CONNECTIONS', async () => {
    const held = await Promise.all(Array.from({ length: 6 }, open));
    await pause(200);
    const extra = await open();
    const { atMs } = await extra.closed;
    expect(atMs).toBeLessThan(2000);
    for (const { socket } of held) socket.destroy();
  }, 15_000);
});
