import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isRetryableConflict } from '../db/transaction-retry';
import {
  HttpProblem,
  NOT_FOUND_TITLE,
  PROBLEM_TYPES,
  problemDocument,
  problemTypeOf,
  VALIDATION_TITLE,
} from '../lib/problem';

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

const TYPE_MESSAGES: Record<string, string> = {
  integer: 'Должно быть целым числом.',
  number: 'Должно быть числом.',
  boolean: 'Должно быть true или false.',
  string: 'Должно быть строкой.',
};

const FORMAT_MESSAGES: Record<string, string> = {
  email: 'Введите адрес электронной почты целиком, например anna@mail.ru.',
  date: 'Введите дату в виде ГГГГ-ММ-ДД.',
  'date-time': 'Введите дату и время в формате ISO 8601.',
  uri: 'Введите адрес ссылки целиком, начиная с https://.',
};

/** Turns one validator error into a Russian message a person can act on. */
function messageFor(error: AjvError): string {
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return 'Обязательное поле.';
    case 'type':
      return TYPE_MESSAGES[String(p.type)] ?? 'Неверный формат значения.';
    case 'minimum':
      return `Должно быть не меньше ${String(p.limit)}.`;
    case 'maximum':
      return `Должно быть не больше ${String(p.limit)}.`;
    case 'exclusiveMinimum':
      return `Должно быть больше ${String(p.limit)}.`;
    case 'exclusiveMaximum':
      return `Должно быть меньше ${String(p.limit)}.`;
    case 'minLength':
      return Number(p.limit) === 1 ? 'Не может быть пустым.' : `Не короче ${String(p.limit)} символов.`;
    case 'maxLength':
      return `Не длиннее ${String(p.limit)} символов.`;
    case 'minItems':
      return `Нужно не меньше ${String(p.limit)} значений.`;
    case 'maxItems':
      return `Допускается не больше ${String(p.limit)} значений.`;
    case 'enum':
      return `Допустимые значения: ${(p.allowedValues as unknown[]).join(', ')}.`;
    case 'const':
      return `Допустимое значение: ${String(p.allowedValue)}.`;
    case 'format':
      return FORMAT_MESSAGES[String(p.format)] ?? 'Неверный формат значения.';
    case 'pattern':
      return 'Неверный формат значения.';
    case 'additionalProperties':
      return 'Неизвестное поле.';
    default:
      return 'Недопустимое значение.';
  }
}

function fieldOf(error: AjvError, context: string | undefined): string {
  if (error.keyword === 'required') return String(error.params.missingProperty);
  if (error.keyword === 'additionalProperties') return String(error.params.additionalProperty);
  const path = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path || context || 'body';
}

/** Groups validator errors by field; a union's alternatives collapse to one message. */
export function validationErrors(errors: AjvError[], context: string | undefined): Record<string, string[]> {
  const byField: Record<string, string[]> = {};
  const unionPaths = new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath));
  for (const error of errors) {
    let message: string;
    if (unionPaths.has(error.instancePath)) {
      if (error.keyword !== 'anyOf') continue;
      const consts = errors
        .filter((e) => e.instancePath === error.instancePath && e.keyword === 'const')
        .map((e) => String(e.params.allowedValue));
      message = consts.length > 0 ? `Допустимые значения: ${consts.join(', ')}.` : 'Недопустимое значение.';
    } else {
      message = messageFor(error);
    }
    const field = fieldOf(error, context);
    const list = byField[field] ?? [];
    if (!list.includes(message)) list.push(message);
    byField[field] = list;
  }
  return byField;
}

const TITLES: Record<number, string> = {
  400: VALIDATION_TITLE,
  401: 'Некорректный JWT токен',
  403: 'Доступ запрещён',
  404: NOT_FOUND_TITLE,
  405: 'Метод не поддерживается',
  406: 'Формат ответа не поддерживается',
  408: 'Истекло время ожидания запроса',
  411: 'Не указана длина запроса',
  413: 'Слишком большой запрос',
  414: 'Слишком длинный адрес запроса',
  415: 'Неподдерживаемый формат данных',
  429: 'Слишком много запросов',
  431: 'Слишком длинный адрес или заголовки запроса',
};

const DETAILS: Record<number, string> = {
  408: 'Запрос не пришёл целиком вовремя. Повторите его.',
  413: 'Размер запроса превышает допустимый.',
  415: 'Сервер не принимает данные в таком формате.',
  431: 'Адрес страницы или заголовки запроса (например, cookie) слишком длинные. Сократите адрес или очистите cookie сайта.',
};

/** The Russian title of a client-error status; a generic one for a status without its own. */
export function problemTitle(status: number): string {
  return TITLES[status] ?? 'Некорректный запрос';
}

/**
 * Node answers some requests before Fastify sees them (headers or URL too long → 431, a request that
 * does not arrive in time → 408, a malformed one → 400), in English by default. This is the server's
 * `clientErrorHandler`: the same Russian problem document as every other answer, written to the socket.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({
    type: status === 400 ? PROBLEM_TYPES.badRequest : problemTypeOf(status),
    // Here a 400 is a request Node could not parse, not a field that failed validation.
    title: status === 400 ? 'Некорректный запрос' : problemTitle(status),
    status,
    ...(DETAILS[status] ? { detail: DETAILS[status] } : {}),
  });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Type: application/problem+json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

/** Error codes of a database that cannot be reached or went away (node-postgres, the server's SQLSTATE). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08004',
  '08006', // connection_exception family
  '53300', // too_many_connections
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused/i;

/** True when the error (or what caused it) says the database is out of reach: worth a retry, not a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}

/** One error format for the whole API: problem documents with Russian titles, no internals on 500. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const base = { requestId: request.id };
      if (error.validation) {
        const errors = validationErrors(error.validation as AjvError[], error.validationContext);
        return reply
          .code(400)
          .type('application/problem+json')
          .send({ type: PROBLEM_TYPES.validation, ...base, title: VALIDATION_TITLE, status: 400, errors });
      }
      if (error instanceof HttpProblem) {
        if (error.headers) reply.headers(error.headers);
        return reply.code(error.status).type('application/problem+json').send(problemDocument(error, request.id));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Framework errors (bad JSON, wrong content type, body too large): safe to name, never to echo.
        request.log.info({ err: error }, 'client error');
        const title = problemTitle(status);
        return reply
          .code(status)
          .type('application/problem+json')
          .send({
            type: status === 400 ? PROBLEM_TYPES.badRequest : problemTypeOf(status),
            ...base,
            title,
            status,
            ...(DETAILS[status] ? { detail: DETAILS[status] } : {}),
          });
      }
      if (isDatabaseUnavailable(error)) {
        // Every change is one transaction, so a request cut off here changed nothing: try again later.
        request.log.error({ err: error }, 'database unavailable');
        return reply
          .code(503)
          .header('retry-after', '60')
          .type('application/problem+json')
          .send({
            type: PROBLEM_TYPES.unavailable,
            ...base,
            title: 'Сервис временно недоступен',
            status: 503,
            detail: 'Не удалось связаться с базой данных сайта. Попробуйте через минуту.',
          });
      }
      if (isRetryableConflict(error)) {
        // Still waiting in a circle after the transaction's own retries (db/transaction-retry.ts): nothing
        // was changed, and the same request a moment later goes through.
        request.log.warn({ err: error }, 'transaction conflict after retries');
        return reply
          .code(503)
          .header('retry-after', '1')
          .type('application/problem+json')
          .send({
            type: PROBLEM_TYPES.unavailable,
            ...base,
            title: 'Сервис занят',
            status: 503,
            detail: 'Запрос совпал с другим изменением тех же данных и не выполнен. Повторите его через секунду.',
          });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply
        .code(500)
        .type('application/problem+json')
        .send({
          type: PROBLEM_TYPES.internal,
          ...base,
          title: 'Внутренняя ошибка сервера',
          status: 500,
          detail: `Код запроса: ${request.id}`,
        });
    });
  },
  { name: 'errors' },
);
