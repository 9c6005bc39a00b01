/**
 * The back office's words, in one table for the server and the web app (decision 135): every staff
 * action the audit records, every delivery state of an SMS or e-mail, every message of the central
 * database's process, the porting events (their names are states.ts'), the roles, the site's sections,
 * the stories' and feedback messages' states — and how an audit record reads in Russian, with what it
 * changed as «было → стало». The server types its audit calls by these actions, so an action without a
 * name does not compile; the web app draws these names and never a code.
 */
import { EVENT_NAMES, type EventKind, STATUS_NAMES } from './states';

/** The staff roles and what each is called. */
export const ROLE_NAMES = {
  editor: 'редактор новостей',
  catalogue: 'каталог тарифов',
  support: 'поддержка',
  admin: 'администратор',
} as const satisfies Record<string, string>;
export type StaffRoleName = keyof typeof ROLE_NAMES;

/** The switchable sections of the site (docs/product.md §10). */
export const FEATURE_NAMES = {
  Portation: 'Перенос номера',
  EsiaAuth: 'Вход через Госуслуги',
  News: 'Новости',
  OperatorPage: 'Страницы операторов',
  OperatorsByRegionMap: 'Карта операторов по регионам',
  Goskey: 'Подпись заявления в Госключе',
} as const satisfies Record<string, string>;

/**
 * The back office's sections and the role each needs: the server's routes declare it (`config.staff`)
 * and the web's menu offers a section by it, from this one table.
 */
export const SECTION_ROLES = {
  news: 'editor',
  tariffs: 'catalogue',
  feedback: 'support',
  porting: 'support',
  jobs: 'support',
  flags: 'admin',
  people: 'admin',
  audit: 'admin',
} as const;
export type StaffSectionKey = keyof typeof SECTION_ROLES;

/** What became of an SMS or an e-mail the site queued. */
export const DELIVERY_NAMES = {
  pending: 'Ждёт отправки',
  sent: 'Отправлено',
  failed: 'Не доставлено',
  skipped: 'Не отправлено: канал не настроен',
} as const satisfies Record<string, string>;
export type DeliveryState = keyof typeof DELIVERY_NAMES;

export const CHANNEL_NAMES = { sms: 'SMS', email: 'E-mail' } as const satisfies Record<string, string>;

/** The messages of the central database's process (the gateway's protocol, docs/porting-gateway.md). */
export const PROCESS_MESSAGE_NAMES = {
  Accepted: 'Заявление принято БДПН',
  Rejected: 'Отказ БДПН',
  DonorCheck: 'Проверка у нынешнего оператора',
  DonorAccepted: 'Оператор подтвердил перенос',
  DonorRejected: 'Отказ оператора',
  ContractSigned: 'Договор с новым оператором оформлен',
  SimIssued: 'SIM-карта нового оператора выдана',
  DebtNotice: 'Уведомление о задолженности',
  DebtPaid: 'Задолженность оплачена',
  Scheduled: 'Назначено окно переноса',
  Rescheduled: 'Перенос отложен',
  Started: 'Перенос начат',
  Ported: 'Номер перенесён',
  Cancelled: 'Заявление отозвано',
} as const satisfies Record<string, string>;

/** A news story's state. */
export const STORY_STATE_NAMES = {
  draft: 'Черновик',
  scheduled: 'Запланирована',
  published: 'На сайте',
} as const satisfies Record<string, string>;

/** A feedback message's state. */
export const FEEDBACK_STATE_NAMES = {
  new: 'Новое',
  read: 'Прочитано',
  handled: 'Обработано',
} as const satisfies Record<string, string>;

/** Where an application on the porting desk stands in its process. */
export const DESK_STAGE_NAMES = {
  draft: 'Черновик: не отправлено',
  held: 'Ждёт ответа владельца номера',
  filing: 'Передаётся в БДПН',
  checking: 'В БДПН и у нынешнего оператора',
  scheduled: 'Назначено окно переноса',
} as const satisfies Record<string, string>;
export type DeskStage = keyof typeof DESK_STAGE_NAMES;

/** Every staff action the audit records, by its code. */
export const AUDIT_ACTION_NAMES = {
  'news.create': 'Новость создана',
  'news.update': 'Новость изменена',
  'news.publish': 'Новость опубликована',
  'news.schedule': 'Публикация новости запланирована',
  'news.unpublish': 'Новость снята с сайта',
  'news.image.upload': 'Картинка для новости загружена',
  'tariffs.upload': 'Файл каталога тарифов загружен',
  'tariffs.apply': 'Каталог тарифов обновлён из файла',
  'tariffs.cancel': 'Загрузка каталога отменена',
  'tariffs.export': 'Каталог тарифов выгружен',
  'feedback.list': 'Просмотр списка обращений',
  'feedback.view': 'Просмотр обращения',
  'feedback.status': 'Состояние обращения изменено',
  'feedback.reply': 'Ответ на обращение отправлен',
  'porting.search': 'Поиск заявлений на перенос',
  'porting.list': 'Просмотр заявлений в работе',
  'porting.order.view': 'Просмотр заявления на перенос',
  'porting.personal-data.view': 'Просмотр персональных данных заявителя',
  'porting.notification.resend': 'Уведомление отправлено повторно',
  'porting.cancel': 'Заявление отменено поддержкой',
  'porting.signature.view': 'Просмотр подписи заявления в Госключе',
  'porting.signature.verify': 'Повторная проверка подписи заявления',
  'porting.signature.download': 'Скачивание подписанного заявления',
  'flags.switch': 'Раздел сайта переключён',
  'staff.grant': 'Роль выдана',
  'staff.revoke': 'Роль снята',
  'jobs.retry': 'Задача запущена повторно',
} as const satisfies Record<string, string>;
export type AuditAction = keyof typeof AUDIT_ACTION_NAMES;

/** Where a Госключ signing stands, as the journal says it. */
const SIGNATURE_STATES: Record<string, string> = {
  pending: 'ждёт подписи',
  signed: 'подписано',
  refused: 'отказ от подписи',
  expired: 'время на подпись истекло',
  failed: 'подпись не принята',
};

/** The journal's filter: the kinds of action, by the start of their code. */
export const AUDIT_GROUPS: readonly { prefix: string; label: string }[] = [
  { prefix: 'news.', label: 'Новости' },
  { prefix: 'tariffs.', label: 'Тарифы' },
  { prefix: 'feedback.', label: 'Обращения' },
  { prefix: 'porting.', label: 'Заявления на перенос' },
  { prefix: 'jobs.', label: 'Фоновые задачи' },
  { prefix: 'flags.', label: 'Разделы сайта' },
  { prefix: 'staff.', label: 'Роли сотрудников' },
];

/** A porting event's name in the back office (the SMS subjects say the same). */
export function eventName(kind: string): string {
  return (EVENT_NAMES as Record<string, string>)[kind] ?? kind;
}

const lookup = (table: Record<string, string>, key: unknown): string =>
  typeof key === 'string' && Object.hasOwn(table, key) ? (table[key] as string) : String(key ?? '—');

/** «+7 (916) 123-45-67» for 79161234567. */
function phone(msisdn: string): string {
  const m = /^7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(msisdn);
  return m ? `+7 (${m[1]}) ${m[2]}-${m[3]}-${m[4]}` : msisdn;
}

/** «26.11.2026, 15:00» (Moscow time) for an instant written as ISO 8601. */
function moscowDateTime(iso: string): string {
  const shifted = new Date(Date.parse(iso) + 3 * 3600_000).toISOString();
  return `${shifted.slice(8, 10)}.${shifted.slice(5, 7)}.${shifted.slice(0, 4)}, ${shifted.slice(11, 16)}`;
}

/** What an audit record is about, in words: «Заявление № 4711», «Раздел «Новости»». */
export function auditTargetName(target: string): string {
  const at = target.indexOf(':');
  const kind = at < 0 ? target : target.slice(0, at);
  const id = at < 0 ? '' : target.slice(at + 1);
  switch (kind) {
    case '':
      return '—';
    case 'catalogue':
      return 'Каталог тарифов';
    case 'news':
      return `Новость № ${id}`;
    case 'image':
      return `Картинка ${id.slice(0, 8)}`;
    case 'upload':
      return `Загрузка каталога № ${id}`;
    case 'feedback':
      return `Обращение № ${id}`;
    case 'order':
      return `Заявление № ${id}`;
    case 'msisdn':
      return `Номер ${phone(id)}`;
    case 'flag':
      return `Раздел «${lookup(FEATURE_NAMES, id)}»`;
    case 'staff':
      return `Сотрудник, oid ${id}`;
    case 'job': {
      const [queue, job] = id.split('/');
      return `Задача ${queue ?? ''} (${(job ?? '').slice(0, 8)})`;
    }
    default:
      return target;
  }
}

/** The names of the values an audit record keeps (its `details`). */
const DETAIL_NAMES: Record<string, string> = {
  reason: 'Причина',
  fileName: 'Файл',
  replace: 'Весь каталог',
  added: 'Добавляется',
  changed: 'Изменяется',
  removed: 'Уходит в архив',
  unchanged: 'Без изменений',
  refused: 'Не загружается',
  tariffsWritten: 'Записано тарифов',
  format: 'Формат',
  tariffs: 'Тарифов',
  found: 'Найдены заявления',
  shown: 'Показаны',
  notifications: 'Уведомлений в заявлении',
  applicant: 'Заявитель (номер на сайте)',
  notificationId: 'Уведомление',
  channel: 'Канал',
  error: 'Ошибка',
  slug: 'Адрес',
  title: 'Заголовок',
  publishedAt: 'Дата публикации',
  contentType: 'Тип файла',
  bytes: 'Размер, байт',
  replyId: 'Ответ',
  to: 'Кому',
  subject: 'Тема',
  centralDatabase: 'Запрос в БДПН',
  result: 'Итог',
  refusal: 'Ответ БДПН',
};

/** A story's fields, for «Изменены: заголовок, текст». */
const STORY_FIELDS: Record<string, string> = {
  slug: 'адрес',
  title: 'заголовок',
  summary: 'краткое описание',
  markdown: 'текст',
  html: 'текст на сайте',
  imageId: 'картинка',
  imageAlt: 'описание картинки',
};

/** What a staff cancellation came to. */
const CANCEL_RESULTS: Record<string, string> = {
  withdrawn: 'заявление отозвано',
  refused: 'БДПН не приняла отзыв',
  unavailable: 'БДПН не ответила',
  'already-ended': 'заявление уже закончилось',
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A kept value in words: да/нет, a Moscow time, a list. */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? moscowDateTime(value) : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(valueText).join(', ');
  return JSON.stringify(value);
}

/** «Было → стало» of a value whose names the table knows. */
const change = (name: string, from: string, to: string) => `${name}: ${from} → ${to}`;

/** An audit record as the journal shows it: the action's name, what it was about, and what changed. */
export interface AuditReading {
  action: string;
  target: string;
  changes: string[];
}

export function readAudit(entry: { action: string; target: string; details: Record<string, unknown> }): AuditReading {
  const d = entry.details;
  const rest = (skip: string[]) =>
    Object.entries(d)
      .filter(([key]) => !skip.includes(key))
      .map(([key, value]) => `${DETAIL_NAMES[key] ?? key}: ${valueText(value)}`);
  let changes: string[];
  switch (entry.action) {
    case 'flags.switch':
      changes = [
        change('Раздел', d.from ? 'включён' : 'выключен', d.to ? 'включён' : 'выключен'),
        ...rest(['from', 'to']),
      ];
      break;
    case 'feedback.status':
      changes = [change('Состояние', lookup(FEEDBACK_STATE_NAMES, d.from), lookup(FEEDBACK_STATE_NAMES, d.to))];
      break;
    case 'feedback.list':
      changes = [
        `Показаны: ${d.status ? lookup(FEEDBACK_STATE_NAMES, d.status).toLowerCase() : 'все'}`,
        `Обращения: ${Array.isArray(d.shown) && d.shown.length > 0 ? d.shown.map((id) => `№ ${id}`).join(', ') : '—'}`,
      ];
      break;
    case 'news.publish':
    case 'news.schedule':
      changes = [
        change(
          'Состояние',
          lookup(STORY_STATE_NAMES, d.from),
          STORY_STATE_NAMES[entry.action === 'news.schedule' ? 'scheduled' : 'published'],
        ),
        ...rest(['from']),
      ];
      break;
    case 'news.unpublish':
      changes = [change('Состояние', lookup(STORY_STATE_NAMES, d.from), STORY_STATE_NAMES.draft)];
      break;
    case 'news.update':
      changes = [
        `Изменены: ${Array.isArray(d.changed) && d.changed.length > 0 ? d.changed.map((f) => STORY_FIELDS[String(f)] ?? String(f)).join(', ') : 'ничего'}`,
      ];
      break;
    case 'staff.grant':
    case 'staff.revoke': {
      const role = `«${lookup(ROLE_NAMES, d.role)}»`;
      const granted = entry.action === 'staff.grant';
      changes = [
        d.changed === false
          ? `Роль ${role}: ${granted ? 'уже была выдана' : 'уже была снята'}, ничего не изменилось`
          : change(`Роль ${role}`, granted ? 'нет' : 'есть', granted ? 'есть' : 'нет'),
        ...rest(['role', 'changed']),
      ];
      break;
    }
    case 'porting.search':
      changes = [
        `Найдены заявления: ${Array.isArray(d.found) && d.found.length > 0 ? d.found.map((id) => `№ ${id}`).join(', ') : 'ни одного'}`,
      ];
      break;
    case 'porting.list':
      changes = [
        `Список: ${d.list === 'stuck' ? 'зависшие' : 'в работе'}`,
        `Заявления: ${Array.isArray(d.shown) && d.shown.length > 0 ? d.shown.map((id) => `№ ${id}`).join(', ') : 'ни одного'}`,
      ];
      break;
    case 'porting.cancel':
      changes = [
        change('Состояние', lookup(STATUS_NAMES, d.from), STATUS_NAMES.Deleted),
        `Причина: ${valueText(d.reason)}`,
        ...(d.result ? [`Итог: ${lookup(CANCEL_RESULTS, d.result)}`] : []),
        ...(d.centralDatabase === undefined ? [] : [`Запрос в БДПН: ${d.centralDatabase ? 'был' : 'не понадобился'}`]),
        ...(d.refusal ? [`Ответ БДПН: ${valueText(d.refusal)}`] : []),
      ];
      break;
    case 'porting.notification.resend':
      changes = [`Уведомление № ${valueText(d.notificationId)}, ${lookup(CHANNEL_NAMES, d.channel)}`];
      break;
    case 'porting.signature.view':
      changes = [`Состояние подписи: ${lookup(SIGNATURE_STATES, d.status)}`];
      break;
    case 'porting.signature.verify':
      changes = [
        `Итог проверки: ${d.valid ? 'подпись верна' : `подпись не принята${d.refusal ? ` — ${valueText(d.refusal)}` : ''}`}`,
        ...(d.serial ? [`Серийный номер сертификата: ${valueText(d.serial)}`] : []),
      ];
      break;
    case 'porting.signature.download':
      changes = [`Файл: ${d.file === 'pdf' ? 'подписанное заявление (PDF)' : 'подпись (CMS)'}`];
      break;
    default:
      changes = rest([]);
  }
  return {
    action: lookup(AUDIT_ACTION_NAMES, entry.action),
    target: auditTargetName(entry.target),
    changes,
  };
}

/** The porting events' names, as the table's part for the desk (states.ts holds them). */
export const PORTING_EVENT_NAMES: Record<EventKind, string> = EVENT_NAMES;
