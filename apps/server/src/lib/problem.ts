/**
 * Problem documents (RFC 9457). Each kind of refusal has a stable `type` URI, documented in the OpenAPI
 * document (lib/schemas.ts): a client tells refusals apart by it, never by their text or which fields
 * they carry (decision 113). Each kind has one factory here; titles and texts stay Russian.
 */
export const PROBLEM_TYPES = {
  /** 400: fields that failed validation (`errors` names them). */
  validation: 'urn:perenos:problem:validation',
  /** 400, 414, 431: a request the server could not read at all (bad encoding, too long, malformed). */
  badRequest: 'urn:perenos:problem:bad-request',
  /** 401: no session, or one that ended. */
  unauthorized: 'urn:perenos:problem:unauthorized',
  /** 403: the request is refused as it stands (a cross-site write, a role the caller lacks). */
  forbidden: 'urn:perenos:problem:forbidden',
  /** 404: no such record, or not the caller's (the same answer). */
  notFound: 'urn:perenos:problem:not-found',
  /** 405, 406, 415 and other requests the route cannot take in that form. */
  notAcceptable: 'urn:perenos:problem:not-acceptable',
  /** 408: the request or its upload took longer than allowed. */
  timeout: 'urn:perenos:problem:timeout',
  /** 409: the record's state does not allow the step. */
  conflict: 'urn:perenos:problem:conflict',
  /** 413: a body or file larger than allowed. */
  tooLarge: 'urn:perenos:problem:too-large',
  /** 429: the day's lookup quota is spent; `refreshAt` says when it renews. */
  quotaExceeded: 'urn:perenos:problem:quota-exceeded',
  /** 429: too many requests in a short time (sign-in, feedback, confirmation codes); try again shortly. */
  rateLimited: 'urn:perenos:problem:rate-limited',
  /** 503: the node is busy with other files (`retryAfter`). */
  serverBusy: 'urn:perenos:problem:server-busy',
  /** 503: a part of the service is out of reach or restarting; try again later. */
  unavailable: 'urn:perenos:problem:unavailable',
  /** 500: a failure of the server (nothing of it is shown). */
  internal: 'urn:perenos:problem:internal',
} as const;

export type ProblemType = (typeof PROBLEM_TYPES)[keyof typeof PROBLEM_TYPES];

/** The type of a refusal known only by its status (framework errors, answers written before routing). */
export function problemTypeOf(status: number): ProblemType {
  switch (status) {
    case 400:
      return PROBLEM_TYPES.validation;
    case 401:
      return PROBLEM_TYPES.unauthorized;
    case 403:
      return PROBLEM_TYPES.forbidden;
    case 404:
      return PROBLEM_TYPES.notFound;
    case 408:
      return PROBLEM_TYPES.timeout;
    case 409:
      return PROBLEM_TYPES.conflict;
    case 413:
      return PROBLEM_TYPES.tooLarge;
    case 414:
    case 431:
      return PROBLEM_TYPES.badRequest;
    case 429:
      return PROBLEM_TYPES.rateLimited;
    case 503:
      return PROBLEM_TYPES.unavailable;
    default:
      return status >= 500 ? PROBLEM_TYPES.internal : PROBLEM_TYPES.notAcceptable;
  }
}

/** An HTTP error the client may see: its title and field messages are Russian and safe to show. */
export class HttpProblem extends Error {
  /** The kind of refusal (PROBLEM_TYPES); by default the one its status names. */
  type: ProblemType;

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
    this.type = problemTypeOf(status);
  }

  /** The same problem as another kind than its status names. */
  as(type: ProblemType): this {
    this.type = type;
    return this;
  }
}

export const NOT_FOUND_TITLE = 'Запись не найдена';
export const VALIDATION_TITLE = 'Ошибка валидации';
export const TOO_MANY_TITLE = 'Слишком много запросов';
export const TOO_LARGE_TITLE = 'Слишком большой файл';

/** 404 for an unknown record: the same answer whether it never existed or is not the caller's. */
export function notFound(detail?: string, extensions?: Record<string, unknown>): HttpProblem {
  return new HttpProblem(404, NOT_FOUND_TITLE, undefined, detail, extensions);
}

/** 400 with messages for named fields (and extension members, where the route declares them). */
export function validationProblem(errors: Record<string, string[]>, extensions?: Record<string, unknown>): HttpProblem {
  return new HttpProblem(400, VALIDATION_TITLE, errors, undefined, extensions);
}

/** 401: no session, or one that ended. */
export function unauthorized(title: string): HttpProblem {
  return new HttpProblem(401, title);
}

/** 403: refused as it stands. */
export function forbidden(title: string, detail?: string): HttpProblem {
  return new HttpProblem(403, title, undefined, detail);
}

/** 408: the upload or the work took longer than allowed. */
export function timedOut(title: string, errors?: Record<string, string[]>, detail?: string): HttpProblem {
  return new HttpProblem(408, title, errors, detail);
}

/** 409: the record's state does not allow the step. */
export function conflict(title: string, detail?: string, errors?: Record<string, string[]>): HttpProblem {
  return new HttpProblem(409, title, errors, detail);
}

/** 413: a file larger than allowed, with the field it came in. */
export function tooLarge(errors: Record<string, string[]>): HttpProblem {
  return new HttpProblem(413, TOO_LARGE_TITLE, errors);
}

/** 429 of too many requests in a short time: try again shortly (not the day's quota). */
export function rateLimited(
  detail?: string,
  errors?: Record<string, string[]>,
  headers?: Record<string, string>,
): HttpProblem {
  return new HttpProblem(429, TOO_MANY_TITLE, errors, detail, undefined, headers);
}

/**
 * 429 of a spent lookup quota: when it renews (`refreshAt`, and `Retry-After` in seconds), the same for
 * a lookup and for porting step 1, which names what a lookup names.
 */
export function quotaExceeded(refreshAt: Date, now: Date): HttpProblem {
  const seconds = Math.max(1, Math.ceil((refreshAt.getTime() - now.getTime()) / 1000));
  return new HttpProblem(
    429,
    'Лимит проверок на сегодня исчерпан',
    undefined,
    'Новые проверки станут доступны в 00:00 по московскому времени.',
    { refreshAt: refreshAt.toISOString() },
    { 'Retry-After': String(seconds) },
  ).as(PROBLEM_TYPES.quotaExceeded);
}

/** 503: the node is busy with other work of the kind; try again in `seconds` (nothing was spent). */
export function serverBusy(title: string, detail: string, seconds: number): HttpProblem {
  return new HttpProblem(503, title, undefined, detail, { retryAfter: seconds }, { 'Retry-After': String(seconds) }).as(
    PROBLEM_TYPES.serverBusy,
  );
}

/** 503: a part of the service is out of reach; try again later. */
export function unavailable(title: string, detail?: string, headers?: Record<string, string>): HttpProblem {
  return new HttpProblem(503, title, undefined, detail, undefined, headers);
}

/** The RFC 9457 document of a problem, as every answer of the API writes it. */
export function problemDocument(problem: HttpProblem, requestId: string) {
  return {
    type: problem.type,
    title: problem.title,
    status: problem.status,
    ...(problem.detail ? { detail: problem.detail } : {}),
    ...(problem.errors ? { errors: problem.errors } : {}),
    ...problem.extensions,
    requestId,
  };
}
