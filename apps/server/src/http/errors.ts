import { CONTROL_CHARACTER_MESSAGE, ERROR_CODES, MESSAGES, type ErrorCode } from '@zview/contracts';
import { AppError } from '../domain/app-error.js';
import { isDeadlock } from '../db/deadlock-retry.js';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable.js';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { reportServerError } from '../error-reporting.js';

/**
 * The application error of the domain (`domain/app-error.ts`) is the only error type thrown for a
 * client's mistake; this module maps its code to a status. Re-exported so route files keep one import.
 */
export {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  payloadTooLarge,
  tooManyRequests,
  unauthorized,
} from '../domain/app-error.js';

/** Turns a zod error into one readable sentence: "name: Required; products: Invalid option". */
export function describeZodError(error: ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

function send(reply: FastifyReply, status: number, code: string, message: string, details?: unknown) {
  return reply
    .status(status)
    .type('application/json')
    .send({ error: { code, message, ...(details === undefined ? {} : { details }) } });
}

/** The status each application error code answers with. */
const statusOf: Record<ErrorCode, number> = {
  [ERROR_CODES.badRequest]: 400,
  [ERROR_CODES.unauthorized]: 401,
  [ERROR_CODES.forbidden]: 403,
  [ERROR_CODES.notFound]: 404,
  [ERROR_CODES.conflict]: 409,
  [ERROR_CODES.payloadTooLarge]: 413,
  [ERROR_CODES.tooManyRequests]: 429,
  [ERROR_CODES.internal]: 500,
  [ERROR_CODES.unavailable]: 503,
};

const statusCodes: Record<number, ErrorCode> = {
  400: ERROR_CODES.badRequest,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.payloadTooLarge,
  429: ERROR_CODES.tooManyRequests,
};

/** What an error answers: status, stable code, message (and details, headers). Shared by /api and /v1 (problem+json). */
export interface DescribedError {
  status: number;
  code: string;
  message: string;
  details?: unknown;
  retryAfter?: string;
}

/**
 * A request that fails its route's declared zod schema (Fastify's validation with
 * fastify-type-provider-zod): the same sentence as a ZodError, the part named as the handler's
 * own parse named it ("page: Too big…"), so the 400 answers are what they were when handlers parsed.
 */
function describeValidationError(error: FastifyError): string | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  return error.validation
    .slice(0, 5)
    .map((issue) => {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      // A message that names its field already ('location is required', SPEC §7) is not prefixed again.
      const field = path.split('.').pop() ?? '';
      const message = issue.message ?? 'Invalid input';
      return path && !message.startsWith(`${field} `) ? `${path}: ${message}` : message;
    })
    .join('; ');
}

export function describeError(error: FastifyError | AppError | ZodError, request: FastifyRequest): DescribedError {
  if (error instanceof AppError)
    return { status: statusOf[error.code], code: error.code, message: error.message, details: error.details };
  if (error instanceof ZodError) return { status: 400, code: ERROR_CODES.badRequest, message: describeZodError(error) };
  const validation = describeValidationError(error as FastifyError);
  if (validation !== undefined) return { status: 400, code: ERROR_CODES.badRequest, message: validation };
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, body too large, rate limit, unsupported media type).
    return { status, code: statusCodes[status] ?? ERROR_CODES.badRequest, message: error.message };
  }
  if (isDatabaseUnavailable(error)) {
    // The database is away (stopped, restarting, unreachable): a temporary state, not our bug.
    request.log.warn(
      { err: { message: (error as Error).message, code: (error as { code?: string }).code } },
      'database unavailable',
    );
    return {
      status: 503,
      code: ERROR_CODES.unavailable,
      message: 'The service is briefly unavailable. Please try again in a few seconds.',
      retryAfter: String(DATABASE_RETRY_AFTER_SECONDS),
    };
  }
  if (isDeadlock(error)) {
    // Two transactions waited on each other and every retry lost: temporary, worth one more try.
    request.log.warn({ err: { message: (error as Error).message } }, 'deadlock after retries');
    return {
      status: 503,
      code: ERROR_CODES.unavailable,
      message: 'The service is briefly busy with this item. Please try again in a few seconds.',
      retryAfter: String(DATABASE_RETRY_AFTER_SECONDS),
    };
  }
  // multipart/form-data without its boundary parameter (busboy): nothing can be parsed.
  if (/^Multipart: Boundary not found/.test(error.message ?? '')) {
    return {
      status: 400,
      code: ERROR_CODES.badRequest,
      message: 'The multipart/form-data Content-Type has no boundary parameter. Please upload the file again.',
    };
  }
  // A multipart body cut short (busboy; a stream closed early under a file being read): the
  // client's upload was incomplete, not our failure.
  if (
    /^(Unexpected end of (form|file)|Part terminated early|Malformed part header)/.test(error.message ?? '') ||
    ((error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE' && request.isMultipart())
  ) {
    return {
      status: 400,
      code: ERROR_CODES.badRequest,
      message: 'The upload ended before the end of the file. Please upload the file again.',
    };
  }
  // Text PostgreSQL cannot hold (NUL, invalid encodings) that slipped past a schema: the client's mistake.
  if (['22021', '22P05'].includes((error as { code?: string }).code ?? '')) {
    return {
      status: 400,
      code: ERROR_CODES.badRequest,
      message: `The input ${CONTROL_CHARACTER_MESSAGE} or invalid text.`,
    };
  }
  request.log.error({ err: error }, 'unhandled error');
  reportServerError(error, request);
  return { status: 500, code: ERROR_CODES.internal, message: MESSAGES.unexpectedError };
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    const described = describeError(error, request);
    if (described.retryAfter) reply.header('retry-after', described.retryAfter);
    return send(reply, described.status, described.code, described.message, described.details);
  });
}
