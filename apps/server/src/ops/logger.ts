import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { pino, type Logger, type DestinationStream } from 'pino';

/**
 * Structured JSON logs (issue 20): one pino logger per process (Fastify's own), a request id on
 * every line a request causes, carried into the jobs it queues (JobQueue stores it with the
 * payload and binds it to the job's logger), and credentials never written: headers that carry
 * them are removed, fields named like them are censored wherever they appear, and URLs are logged
 * through redactUrl (one-time tokens in identity flows, signed URL signatures).
 */

/** Paths censored in every line (pino redact): credentials in headers, bodies and errors. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["proxy-authorization"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'password',
  '*.password',
  'newPassword',
  '*.newPassword',
  'token',
  '*.token',
  'accessToken',
  '*.accessToken',
  'refreshToken',
  '*.refreshToken',
  'idToken',
  '*.idToken',
  'sessionToken',
  '*.sessionToken',
  'apiKey',
  '*.apiKey',
  'secret',
  '*.secret',
  'clientSecret',
  '*.clientSecret',
  'cookie',
  '*.cookie',
  'authorization',
  '*.authorization',
  'connectionString',
  '*.connectionString',
  'databaseUrl',
  '*.databaseUrl',
];

/**
 * The most bytes one write takes: PIPE_BUF on Linux, the size up to which a pipe takes a write
 * whole. API processes share one stdout (API_PROCESSES=2); a larger write may be split around
 * another process's and leave lines that are not JSON (process-logs.test.ts shows it with 60 kB
 * writes). Each write is whole lines (sonic-boom's maxWrite starts a new chunk rather than split
 * a line), unless one line is longer than this.
 */
const LOG_WRITE_BYTES = 4096;

/**
 * Bytes of log lines buffered before they are written. One request line is about 400 bytes: at a
 * few thousand requests a second this is one write every 9 lines instead of one per event-loop
 * turn that logs (2–4 µs of CPU per line where a loop logs about one line per turn:
 * docs/performance/lookups-s28-cluster.md). Below LOG_WRITE_BYTES, which sonic-boom requires.
 */
export const LOG_BUFFER_BYTES = LOG_WRITE_BYTES - 512;
/** The longest a line waits in the buffer when traffic is low. */
export const LOG_FLUSH_MS = 500;

/**
 * Where a process's log lines go: `dest` (stdout by default), through a buffer written once it
 * holds LOG_BUFFER_BYTES, and at least every LOG_FLUSH_MS (an unref'd timer: it never keeps a
 * process alive). At exit, a fatal error included, what is left is written (the 'exit' hook
 * below), so no line is lost when a process ends through process.exit or an uncaught exception.
 *
 * Written synchronously (sonic-boom `sync`, pino's own default for stdout), a write per
 * LOG_BUFFER_BYTES or so. The asynchronous mode reordered and could lose lines: when the pipe was
 * full, a write waiting to retry EAGAIN was overtaken by the shutdown's synchronous flush, and
 * dropped if the process exited before the retry (process-logs.test.ts fills the pipe). The cost
 * is pino's default one: while stdout's reader is not reading, the process waits for it.
 */
export function createLogDestination(dest: number | string = 1): DestinationStream {
  const boom = pino.destination({ dest, minLength: LOG_BUFFER_BYTES, maxWrite: LOG_WRITE_BYTES, sync: true });
  // Only a buffer with something in it is flushed: an idle process makes no empty writes.
  let pending = false;
  const timer = setInterval(() => {
    if (!pending) return;
    pending = false;
    try {
      boom.flush();
    } catch {
      // Ended before its close: nothing left to flush.
    }
  }, LOG_FLUSH_MS);
  timer.unref();
  // pino ends asynchronous destinations at exit itself, not synchronous ones: the last buffer.
  const flushAtExit = () => {
    try {
      boom.flushSync();
    } catch {
      // Destroyed, or the reader is gone (EPIPE): nowhere left to write.
    }
  };
  process.once('exit', flushAtExit);
  boom.once('close', () => {
    clearInterval(timer);
    process.off('exit', flushAtExit);
  });
  return {
    write(line: string) {
      pending = true;
      return boom.write(line);
    },
    // pino's logger.flush() and final writes reach the buffer through these.
    flush: (cb?: (error?: Error) => void) => boom.flush(cb),
    flushSync: () => boom.flushSync(),
  } as DestinationStream;
}

let stdoutDestination: DestinationStream | undefined;

/** This process's stdout destination, one buffer for all its loggers (their lines stay in order). */
export function processLogDestination(): DestinationStream {
  stdoutDestination ??= createLogDestination(1);
  return stdoutDestination;
}

export interface LoggerOptions {
  level?: string;
  /** Where lines go (default: stdout, buffered: processLogDestination). */
  stream?: DestinationStream;
  /** Bound to every line (e.g. the process role). */
  base?: Record<string, unknown>;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  return pino(
    {
      level: options.level ?? process.env.LOG_LEVEL ?? 'info',
      base: { pid: process.pid, ...options.base },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
    },
    options.stream ?? processLogDestination(),
  );
}

let processLogger: Logger | undefined;

/** This process's logger (silent under the test runner unless LOG_LEVEL is set). */
export function getProcessLogger(): Logger {
  processLogger ??= createLogger({
    level: process.env.LOG_LEVEL ?? (process.env.VITEST ? 'silent' : 'info'),
    base: { role: process.env.ZVIEW_ROLE ?? 'all' },
  });
  return processLogger;
}

export interface RequestContext {
  requestId: string;
  log: FastifyBaseLogger;
}

/** The request (or job) being served on this async path: its id and its bound logger. */
export const requestContext = new AsyncLocalStorage<RequestContext>();

/** The logger of the current request or job, else `fallback`. */
export function currentLog(fallback: FastifyBaseLogger = getProcessLogger()): FastifyBaseLogger {
  return requestContext.getStore()?.log ?? fallback;
}
