/**
 * The one error type of the reference API (STYLE.md §6). Routes throw it; `app.ts` turns it
 * into the response envelope `{ status, message, data, errors? }` in one place.
 *
 * status 401 -> envelope status "error"; 422 -> "validation_error" with `errors`
 * (field -> list of messages); every other code -> "error" (DESIGN.md §2).
 */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 419 | 422 | 429 | 500 | 502 | 503,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** The envelope's `data` (e.g. a 409's counts); null when absent. */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** 422 with an errors map; `message` is the first error, as Laravel answers. */
export const validationError = (errors: Record<string, string[]>) => new ApiError(422, Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors);

/** 404 "<what> not found." */
export const notFound = (what = 'Record') => new ApiError(404, `${what} not found.`);
/** The record `row` resolves to; 404 "`what` not found." when it resolves to nothing. */
export async function found<T>(row: Promise<T | undefined | null>, what: string): Promise<T> {
  const r = await row;
  if (r === undefined || r === null) throw notFound(what);
  return r;
}
/** 403 with `message` ("Forbidden." by default). */
export const forbidden = (message = 'Forbidden.') => new ApiError(403, message);
