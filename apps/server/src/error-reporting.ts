import * as Sentry from '@sentry/node';
import { APP_VERSION, scrubErrorReport } from '@zview/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * Server error reporting (Sentry-compatible, ARCHITECTURE "metrics, errors"): on when
 * ERROR_REPORTING_DSN is set, else nothing is sent. Reports carry the environment and release
 * 4.10.1; every report and breadcrumb goes through scrubErrorReport (bearer tokens, Authorization,
 * cookies, session tokens, passwords masked) before it leaves the process.
 */
let activeDsn: string | undefined;

export function initServerErrorReporting(options: { dsn: string | undefined; environment: string }): boolean {
  if (!options.dsn) return false;
  if (activeDsn === options.dsn) return true;
  Sentry.init({
    dsn: options.dsn,
    environment: options.environment,
    release: APP_VERSION,
    sendDefaultPii: false,
    // Errors only: no tracing, and no automatic instrumentation of the process.
    tracesSampleRate: 0,
    skipOpenTelemetrySetup: true,
    defaultIntegrations: false,
    integrations: [
      Sentry.linkedErrorsIntegration(),
      Sentry.requestDataIntegration(),
      Sentry.consoleIntegration(),
      Sentry.onUncaughtExceptionIntegration(),
      Sentry.onUnhandledRejectionIntegration(),
    ],
    beforeSend: (event) => scrubErrorReport(event),
    beforeBreadcrumb: (breadcrumb) => scrubErrorReport(breadcrumb),
  });
  activeDsn = options.dsn;
  return true;
}

/** Reports an unexpected error of a request (the 500s of http/errors.ts). */
export function reportServerError(error: unknown, request?: FastifyRequest): void {
  if (!activeDsn) return;
  Sentry.withScope((scope) => {
    if (request) {
      scope.setTag('route', request.routeOptions.url ?? 'unknown');
      scope.setContext('request', { method: request.method, url: request.url, headers: request.headers });
      if (request.actor) scope.setUser({ id: request.actor.userId });
    }
    Sentry.captureException(error);
  });
}

/** Sends what is queued (tests, shutdown). */
export function flushErrorReports(timeoutMs = 2000): Promise<boolean> {
  return activeDsn ? Sentry.flush(timeoutMs) : Promise.resolve(true);
}
