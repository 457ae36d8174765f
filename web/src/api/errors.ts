/** A failed API call. `message` is the German text to show. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the server was not reached. */
    readonly status: number,
    message: string,
    /** The `details` of the server's error answer, if any. */
    readonly details?: unknown,
    /** True when `message` is the server's own `error` text. */
    readonly fromServer = false,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
