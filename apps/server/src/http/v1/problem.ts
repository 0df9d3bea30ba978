import { type Problem } from '@zview/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodError } from 'zod';
import type { AppError } from '../../domain/app-error.js';
import { describeError } from '../errors.js';

/** Titles of the statuses /v1 answers (RFC 9457 `title`: the same for every occurrence). */
const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** `type` of a problem: a stable URI per code, documented at /api/docs. */
export const problemType = (code: string) => `/api/docs#problem-${code}`;

export function problemOf(status: number, code: string, detail: string, request: FastifyRequest): Problem {
  return {
    type: problemType(code),
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    code,
    instance: request.url.split('?')[0],
    requestId: String(request.id),
  };
}

export function sendProblem(reply: FastifyReply, problem: Problem) {
  return reply.status(problem.status).type('application/problem+json').send(JSON.stringify(problem));
}

/** The /v1 error handler: every error as application/problem+json with its stable code (the /api shape is untouched). */
export function problemErrorHandler(
  error: FastifyError | AppError | ZodError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const described = describeError(error, request);
  if (described.retryAfter) reply.header('retry-after', described.retryAfter);
  return sendProblem(reply, problemOf(described.status, described.code, described.message, request));
}
