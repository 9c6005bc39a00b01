import { Type } from 'typebox';
import { ProblemSchema } from '../../lib/schemas';

export const MsisdnRequestSchema = Type.Object(
  {
    msisdn: Type.String({
      maxLength: 64,
      description: 'Номер в любой привычной записи: +7 916 123-45-67, 8 (916) 123-45-67, 79161234567',
    }),
  },
  { description: 'Номер для проверки' },
);

export const MsisdnInfoSchema = Type.Object(
  {
    msisdn: Type.String({ description: 'Номер: 11 цифр, 7XXXXXXXXXX' }),
    operatorId: Type.Integer(),
    operatorName: Type.String({ description: 'Оператор, который обслуживает номер сейчас' }),
    operatorLogo: Type.String({ description: 'Адрес логотипа оператора' }),
    regionCode: Type.Union([Type.Integer(), Type.Null()], { description: 'Код региона (ФНС)' }),
    regionName: Type.Union([Type.String(), Type.Null()]),
    isPorted: Type.Boolean({ description: 'Номер перенесён к другому оператору' }),
    lastPortation: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
      description: 'Дата последнего переноса',
    }),
    rangeHolder: Type.Union([Type.String(), Type.Null()], {
      description: 'Юридическое лицо — владелец диапазона по реестру нумерации',
    }),
    quota: Type.Ref('Quota', { description: 'Лимит после этой проверки: странице не нужен второй запрос' }),
  },
  { $id: 'MsisdnInfo' },
);

export const LookupNotFoundSchema = Type.Object(
  {
    ...ProblemSchema.properties,
    quota: Type.Ref('Quota', { description: 'Лимит после этой проверки (она засчитана)' }),
  },
  { $id: 'LookupNotFound', description: 'Номер не входит ни в один диапазон; проверка засчитана' },
);

export const QuotaSchema = Type.Object(
  {
    remainingCount: Type.Integer({ description: 'Сколько проверок осталось на сегодня' }),
    refreshAt: Type.String({ format: 'date-time', description: 'Когда лимит обновится (00:00 по Москве)' }),
  },
  { $id: 'Quota' },
);

export const BatchBusyProblemSchema = Type.Object(
  {
    ...ProblemSchema.properties,
    retryAfter: Type.Integer({ description: 'Через сколько секунд повторить загрузку (как в заголовке Retry-After)' }),
  },
  {
    $id: 'BatchBusyProblem',
    description:
      'Узел уже обрабатывает столько файлов, сколько может (BATCH_CONCURRENCY); лимит проверок не расходуется',
  },
);

export const NumberingPlanInfoSchema = Type.Object(
  {
    isDemo: Type.Boolean({ description: 'Загружен демонстрационный план, а не официальный реестр' }),
    source: Type.Union([Type.String(), Type.Null()]),
    importedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    ranges: Type.Integer({ description: 'Диапазонов в плане' }),
    indexReady: Type.Boolean({ description: 'Индекс перенесённых номеров этого узла построен' }),
    maxRows: Type.Integer({ description: 'Сколько номеров можно проверить одним файлом' }),
    maxBytes: Type.Integer({ description: 'Наибольший размер файла, байт' }),
  },
  { $id: 'NumberingPlanInfo' },
);

export const BatchUploadSchema = Type.Object(
  {
    File: Type.String({ format: 'binary', description: 'Файл .csv, .txt или .xlsx с номерами' }),
  },
  { $id: 'BatchUpload' },
);
