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

/** The fields a server refusal names (`details.fields`), in its order; none for other errors. */
export function refusedFields(error: unknown): string[] {
  if (!isApiError(error)) return [];
  const fields = (error.details as { fields?: unknown } | undefined)?.fields;
  return Array.isArray(fields) ? fields.filter((f): f is string => typeof f === 'string') : [];
}

/**
 * A refusal shown where the user can act on it: under the first field it names that the form has
 * (`fieldOf` maps the server's name to the form's), else as the form's general error.
 */
export function serverFieldErrors<F extends string>(error: unknown, fieldOf: (name: string) => F | null): { errors: Partial<Record<F, string>>; general: string | null } {
  const message = error instanceof Error ? error.message : String(error);
  const field = refusedFields(error).map(fieldOf).find((f) => f !== null);
  return field ? { errors: { [field]: message } as Partial<Record<F, string>>, general: null } : { errors: {}, general: message };
}
