import { parseApiErrorBody } from '@zview/contracts';

/** An API answer other than 2xx, carrying the server's `{ error: { code, message } }`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  /** Builds the error from a failed response, whether or not its body is the JSON error shape. */
  static async fromResponse(response: Response): Promise<ApiError> {
    const text = await response.text().catch(() => '');
    try {
      const error = parseApiErrorBody(JSON.parse(text));
      if (error) return new ApiError(response.status, error.code, error.message, error.details);
    } catch {
      // not JSON: fall through
    }
    return new ApiError(
      response.status,
      `http_${response.status}`,
      text.trim() || response.statusText || `Request failed with status ${response.status}`,
    );
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
