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

export interface LoggerOptions {
  level?: string;
  /** Where lines go (default stdout). */
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
    options.stream,
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
