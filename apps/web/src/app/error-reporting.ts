import type * as SentryTypes from '@sentry/react';
import { APP_VERSION, ERROR_REPORTING, scrubErrorReport, type RuntimeConfig } from '@zview/contracts';

/**
 * Browser error reporting (Sentry-compatible): with ERROR_REPORTING_DSN configured, uncaught
 * errors, unhandled rejections and the errors the error boundaries catch are reported with the
 * environment (ENV) and release 4.10.1, with session replay recorded only around an error
 * (SPEC §9: replay sampling on error 100%, none otherwise; all text and inputs masked, media
 * blocked). With no DSN nothing is loaded and nothing is sent. Every report, breadcrumb and
 * replay recording event goes through scrubErrorReport first (bearer tokens, Authorization,
 * cookies, session tokens, passwords masked). The SDK is loaded lazily, only when configured.
 */
type SentryModule = typeof SentryTypes;
let sentry: Promise<SentryModule | undefined> | undefined;

export interface ErrorReportingOptions {
  /** Test seam: the SDK's options merged last (e.g. a transport). */
  overrides?: Record<string, unknown>;
}

export function startErrorReporting(config: RuntimeConfig, options: ErrorReportingOptions = {}): Promise<boolean> {
  if (!config.ERROR_REPORTING_DSN) return Promise.resolve(false);
  const dsn = config.ERROR_REPORTING_DSN;
  sentry = import('@sentry/react').then(
    (Sentry) => {
      Sentry.init({
        dsn,
        environment: config.ENV,
        release: APP_VERSION,
        sendDefaultPii: false,
        integrations: [
          Sentry.replayIntegration({
            maskAllText: true,
            maskAllInputs: true,
            blockAllMedia: true,
            beforeAddRecordingEvent: (event) => scrubErrorReport(event),
          }),
        ],
        replaysSessionSampleRate: 0,
        replaysOnErrorSampleRate: ERROR_REPORTING.replaysOnErrorSampleRate,
        beforeSend: (event) => scrubErrorReport(event),
        beforeBreadcrumb: (breadcrumb) => scrubErrorReport(breadcrumb),
        ...options.overrides,
      });
      return Sentry;
    },
    () => undefined,
  );
  return sentry.then(Boolean);
}

/** Reports an error caught by the app (error boundaries); nothing without a DSN. */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  void sentry?.then((Sentry) => Sentry?.captureException(error, context ? { extra: context } : undefined));
}

/** Waits until queued reports are sent (tests). */
export async function flushErrorReports(timeoutMs = 2000): Promise<boolean> {
  const Sentry = await sentry;
  return Sentry ? Sentry.flush(timeoutMs) : true;
}
