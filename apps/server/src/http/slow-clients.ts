import type { FastifyInstance } from 'fastify';

export interface SlowClientLimits {
  /** A request body must deliver at least `minBytes` in every window of this length… */
  bodyWindowMs: number;
  /** …else the request is answered 408 and its connection closed. */
  bodyMinBytes: number;
}

const TIMED_OUT_BODY = JSON.stringify({
  error: {
    code: 'bad_request',
    message: 'The request body stalled: too little data arrived. Please send it again.',
  },
});
const TIMED_OUT = [
  'HTTP/1.1 408 Request Timeout',
  'Connection: close',
  'Content-Type: application/json; charset=utf-8',
  `Content-Length: ${Buffer.byteLength(TIMED_OUT_BODY)}`,
  '',
  TIMED_OUT_BODY,
].join('\r\n');

/**
 * Cuts request bodies that stall or trickle (issue 39): a body must keep delivering at least
 * `bodyMinBytes` per `bodyWindowMs`, so a byte-a-second client holds its connection for one
 * window, not for the whole request timeout, while an upload that keeps sending (however large,
 * however long) goes on. Windows in which the server is not reading (its handler busy before it
 * reads, or a consumer applying backpressure) are not held against the client.
 */
export function guardSlowBodies(app: FastifyInstance, limits: SlowClientLimits): void {
  app.addHook('onRequest', async (request) => {
    const raw = request.raw;
    const declared = Number(raw.headers['content-length'] ?? 0);
    if (raw.complete || (!(declared > 0) && raw.headers['transfer-encoding'] === undefined)) return;
    const socket = raw.socket;
    // Injected requests (tests, app.inject) have no real socket to measure.
    if (typeof socket?.bytesRead !== 'number') return;
    let seen = socket.bytesRead;
    const timer = setInterval(() => {
      if (raw.complete || socket.destroyed) return stop();
      const arrived = socket.bytesRead - seen;
      seen = socket.bytesRead;
      // Our own pace, not the client's: nobody reads yet, or what arrived is still unread.
      if (raw.readableFlowing !== true || raw.readableLength > 0) return;
      if (arrived >= limits.bodyMinBytes) return;
      stop();
      request.log.warn({ arrived, windowMs: limits.bodyWindowMs }, 'request body too slow: connection closed');
      if (!socket.writableEnded && !request.raw.socket.destroyed) socket.end(TIMED_OUT);
      setTimeout(() => socket.destroy(), 1000).unref();
    }, limits.bodyWindowMs);
    timer.unref();
    function stop() {
      clearInterval(timer);
    }
    raw.once('end', stop);
    raw.once('close', stop);
  });
}
