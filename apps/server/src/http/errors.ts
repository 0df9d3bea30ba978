import { ERROR_CODES, MESSAGES, type ErrorCode } from '@zview/contracts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ZodError } from 'zod';

/** An error a client caused (or may see): thrown anywhere, answered as `{ error: { code, message } }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: unknown) => new HttpError(400, ERROR_CODES.badRequest, message, details);
export const unauthorized = (message = 'Authentication is required.') => new HttpError(401, ERROR_CODES.unauthorized, message);
export const forbidden = (message = 'You do not have permission to do this.') => new HttpError(403, ERROR_CODES.forbidden, message);
export const notFound = (message = 'Not found.') => new HttpError(404, ERROR_CODES.notFound, message);
export const conflict = (message: string) => new HttpError(409, ERROR_CODES.conflict, message);

/** Turns a zod error into one readable sentence: "name: Required; products: Invalid option". */
export function describeZodError(error: ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

function send(reply: FastifyReply, status: number, code: string, message: string, details?: unknown) {
  return reply.status(status).type('application/json').send({ error: { code, message, ...(details === undefined ? {} : { details }) } });
}

const statusCodes: Record<number, ErrorCode> = {
  400: ERROR_CODES.badRequest,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.payloadTooLarge,
  429: ERROR_CODES.tooManyRequests,
};

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    if (error instanceof HttpError) return send(reply, error.statusCode, error.code, error.message, error.details);
    if (error instanceof ZodError) return send(reply, 400, ERROR_CODES.badRequest, describeZodError(error));
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, rate limit, unsupported media type).
      return send(reply, status, statusCodes[status] ?? ERROR_CODES.badRequest, error.message);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, ERROR_CODES.internal, MESSAGES.unexpectedError);
  });
}
