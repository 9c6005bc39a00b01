import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpProblem, NOT_FOUND_TITLE, VALIDATION_TITLE } from '../lib/problem';

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
  413: 'Слишком большой запрос',
  415: 'Неподдерживаемый формат данных',
  429: 'Слишком много запросов',
};

/** One error format for the whole API: problem documents with Russian titles, no internals on 500. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const base = { type: 'about:blank', requestId: request.id };
      if (error.validation) {
        const errors = validationErrors(error.validation as AjvError[], error.validationContext);
        return reply
          .code(400)
          .type('application/problem+json')
          .send({ ...base, title: VALIDATION_TITLE, status: 400, errors });
      }
      if (error instanceof HttpProblem) {
        return reply
          .code(error.status)
          .type('application/problem+json')
          .send({
            ...base,
            title: error.title,
            status: error.status,
            ...(error.detail ? { detail: error.detail } : {}),
            ...(error.errors ? { errors: error.errors } : {}),
            ...error.extensions,
          });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Framework errors (bad JSON, wrong content type, body too large): safe to name, never to echo.
        request.log.info({ err: error }, 'client error');
        const title = TITLES[status] ?? 'Некорректный запрос';
        return reply
          .code(status)
          .type('application/problem+json')
          .send({ ...base, title, status });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply
        .code(500)
        .type('application/problem+json')
        .send({ ...base, title: 'Внутренняя ошибка сервера', status: 500, detail: `Код запроса: ${request.id}` });
    });
  },
  { name: 'errors' },
);
