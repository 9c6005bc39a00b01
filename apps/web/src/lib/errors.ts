import { ApiError, type Schemas } from '@perenos/api-client';

/** What the API puts in an error answer that a message may use. */
export interface ErrorBody {
  /** The kind of refusal, a stable URI (Schemas['Problem']['type']): what the page tells answers apart by. */
  type?: string;
  title?: string;
  detail?: string;
  refreshAt?: string;
  errors?: Record<string, string[]>;
}

/** Where a caller says it better than the generic sentence: per status, and for any other failure of the service. */
export interface MessageOverrides {
  byStatus?: Record<number, string | ((body: ErrorBody | null) => string)>;
  unavailable?: string;
}

/** A rate limit's 429: many requests in a short time, over in a moment. */
export const TOO_MANY = 'Слишком много запросов. Попробуйте позже.';

/** The problem type of a spent daily lookup quota: a 429 of any other type is a rate limit, over in a moment. */
export const QUOTA_EXCEEDED: Schemas['QuotaProblem']['type'] = 'urn:perenos:problem:quota-exceeded';

/** True when the answer is the spent daily quota, not another refusal with the same status. */
export function isQuotaExceeded(body: ErrorBody | null | undefined): boolean {
  return body?.type === QUOTA_EXCEEDED;
}

const BY_STATUS: Record<number, string> = {
  400: 'Проверьте введённые данные.',
  401: 'Сеанс истёк. Войдите через Госуслуги ещё раз.',
  404: 'Запись не найдена.',
  429: TOO_MANY,
};

/** A Russian sentence for any error the API client raises: field messages first, never English or a stack. */
export function userMessage(error: unknown, overrides: MessageOverrides = {}): string {
  if (error instanceof ApiError) {
    const body = error.result as ErrorBody | null;
    const fieldMessages = body?.errors ? Object.values(body.errors).flat() : [];
    if (fieldMessages.length > 0) return fieldMessages.join(' ');
    const special = overrides.byStatus?.[error.status];
    if (special !== undefined) return typeof special === 'function' ? special(body) : special;
    return BY_STATUS[error.status] ?? overrides.unavailable ?? 'Сервис временно недоступен. Попробуйте позже.';
  }
  if (error instanceof TypeError) return 'Нет связи с сервером. Проверьте подключение к интернету.';
  return 'Что-то пошло не так. Попробуйте ещё раз.';
}

/** A 401 or 404 will not change on a second try; only network and server failures are retried once. */
export function retryOnce(count: number, error: unknown): boolean {
  return !(error instanceof ApiError && error.status < 500) && count < 1;
}
