// Zod-free: the web app's API client reads every error answer with this, and the client is part of
// the first screen's JavaScript (issue 45). apiErrorSchema (errors.ts) is the contract;
// error-body.test.ts holds the two in agreement.
import type { ApiError } from './errors.js';

/** apiErrorSchema's parse without zod: the `error` of `{ error: { code, message, details? } }`, or undefined. */
export function parseApiErrorBody(body: unknown): ApiError['error'] | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, details } = error as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  return 'details' in error ? { code, message, details } : { code, message };
}
