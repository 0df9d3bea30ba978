import { ERROR_CODES, type ErrorCode } from '@zview/contracts';

/**
 * The one error the domain, auth and db layers throw for anything a client caused: a code from
 * the contracts and a message for the user. Only `http/errors.ts` turns the code into a status,
 * so no layer below http knows about HTTP.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new AppError(ERROR_CODES.badRequest, message, details);
export const unauthorized = (message = 'Authentication is required.') =>
  new AppError(ERROR_CODES.unauthorized, message);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError(ERROR_CODES.forbidden, message);
export const notFound = (message = 'Not found.') => new AppError(ERROR_CODES.notFound, message);
export const conflict = (message: string) => new AppError(ERROR_CODES.conflict, message);
export const payloadTooLarge = (message: string) => new AppError(ERROR_CODES.payloadTooLarge, message);
export const tooManyRequests = (message: string) => new AppError(ERROR_CODES.tooManyRequests, message);
