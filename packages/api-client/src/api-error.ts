/** Message of every failure docs/product.md §8 does not catalogue for the call (5xx, other 4xx, unreadable 200). */
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected server error occurred.';

/** User-facing messages of the catalogued error statuses, used only where product.md §8 lists the status for the call. */
export const CATALOGUE_MESSAGES = {
  400: 'Ошибка валидации',
  401: 'Некорректный JWT токен',
  404: 'Запись не найдена',
} as const;

/** A non-success answer of the API, with everything the server sent back. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  /** Creates the error; `result` is the parsed JSON body, or null when the body is not JSON. */
  constructor(
    message: string,
    readonly status: number,
    /** Response body as text. */
    readonly response: string,
    /** Response headers, names lower-cased. */
    readonly headers: Record<string, string>,
    readonly result: unknown,
  ) {
    super(message);
  }
}
