/** An HTTP error the client may see: its title and field messages are Russian and safe to show. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly errors?: Record<string, string[]>,
    readonly detail?: string,
    /** RFC 9457 extension members the caller can act on (declared in the route's response schema). */
    readonly extensions?: Record<string, unknown>,
    /** Response headers that belong to the refusal (`Retry-After`). */
    readonly headers?: Record<string, string>,
  ) {
    super(title);
  }
}

export const NOT_FOUND_TITLE = 'Запись не найдена';
export const VALIDATION_TITLE = 'Ошибка валидации';

/** 404 for an unknown record: the same answer whether it never existed or is not the caller's. */
export function notFound(detail?: string): HttpProblem {
  return new HttpProblem(404, NOT_FOUND_TITLE, undefined, detail);
}

/** 400 with messages for named fields (and extension members, where the route declares them). */
export function validationProblem(errors: Record<string, string[]>, extensions?: Record<string, unknown>): HttpProblem {
  return new HttpProblem(400, VALIDATION_TITLE, errors, undefined, extensions);
}

/** The RFC 9457 document of a problem, as every answer of the API writes it. */
export function problemDocument(problem: HttpProblem, requestId: string) {
  return {
    type: 'about:blank',
    title: problem.title,
    status: problem.status,
    ...(problem.detail ? { detail: problem.detail } : {}),
    ...(problem.errors ? { errors: problem.errors } : {}),
    ...problem.extensions,
    requestId,
  };
}
