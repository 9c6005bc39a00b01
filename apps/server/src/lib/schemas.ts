import { type TSchema, Type } from 'typebox';
import { PROBLEM_TYPES, type ProblemType } from './problem';

/** The `type` of every problem document: a stable URI per kind of refusal (lib/problem.ts, decision 113). */
const ProblemTypeSchema = Type.Unsafe<ProblemType>({
  type: 'string',
  enum: Object.values(PROBLEM_TYPES),
  description:
    'Вид ошибки — постоянный URI, по нему клиент различает ответы (не по тексту): ' +
    'validation — поля не прошли проверку; bad-request — запрос не удалось прочитать; unauthorized — нужен вход; ' +
    'forbidden — запрос отклонён; not-found — записи нет; not-acceptable — запрос в таком виде не принимается; ' +
    'timeout — не уложились во время; conflict — состояние записи не допускает шаг; too-large — слишком большой файл; ' +
    'quota-exceeded — лимит проверок на сегодня исчерпан (refreshAt); rate-limited — слишком много запросов подряд; ' +
    'server-busy — сервер занят файлами (retryAfter); unavailable — сервис временно недоступен; internal — ошибка сервера.',
});

/** RFC 9457 problem document: every 4xx/5xx answer of the API. */
export const ProblemSchema = Type.Object(
  {
    type: ProblemTypeSchema,
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.Optional(Type.String()),
    errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
    requestId: Type.Optional(Type.String()),
  },
  { $id: 'Problem', description: 'Описание ошибки (RFC 9457)' },
);

export const ProblemRef = Type.Ref('Problem');

/** 429 of a spent lookup quota: the lookups, and porting step 1, which names what a lookup names. */
export const QuotaProblemSchema = Type.Object(
  {
    ...ProblemSchema.properties,
    type: Type.Literal(PROBLEM_TYPES.quotaExceeded),
    refreshAt: Type.String({ format: 'date-time', description: 'Когда лимит обновится' }),
  },
  { $id: 'QuotaProblem', description: 'Лимит проверок исчерпан' },
);

/** A page of rows with the position of the page in the whole list. */
export function PageSchema<T extends TSchema>(row: T) {
  return Type.Object({
    data: Type.Array(row),
    offset: Type.Integer({ description: 'Сколько строк пропущено' }),
    pageSize: Type.Integer({ description: 'Сколько строк запрошено' }),
    totalRows: Type.Integer({ description: 'Всего строк' }),
  });
}

/** The largest value of a PostgreSQL `integer` column: every integer input is bounded by its column. */
export const INT4_MAX = 2_147_483_647;

/** Skip/Take/SortBy/SortDesc query of the paged lists. */
export function PagingQuery<S extends string>(sortFields: readonly S[], defaultSort: S) {
  return {
    Skip: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0, description: 'Сколько строк пропустить' }),
    Take: Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'Сколько строк вернуть' }),
    SortBy: Type.Union(
      sortFields.map((f) => Type.Literal(f)),
      { default: defaultSort, description: 'Поле сортировки' },
    ),
    SortDesc: Type.Boolean({ default: false, description: 'По убыванию' }),
  };
}
