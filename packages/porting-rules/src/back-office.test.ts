import { describe, expect, it } from 'vitest';
import { auditTargetName, eventName, readAudit } from './back-office';

const read = (action: string, target: string, details: Record<string, unknown> = {}) =>
  readAudit({ action, target, details });

describe('an audit record in Russian', () => {
  it('names the action and what it was about, never its code', () => {
    expect(read('porting.notification.resend', 'order:4711', { notificationId: 12, channel: 'sms' })).toEqual({
      action: 'Уведомление отправлено повторно',
      target: 'Заявление № 4711',
      changes: ['Уведомление № 12, SMS'],
    });
    expect(read('porting.search', 'msisdn:79161234567', { found: [3, 4] })).toEqual({
      action: 'Поиск заявлений на перенос',
      target: 'Номер +7 (916) 123-45-67',
      changes: ['Найдены заявления: № 3, № 4'],
    });
  });

  it('shows a change as «было → стало», in words', () => {
    expect(read('flags.switch', 'flag:News', { from: false, to: true })).toEqual({
      action: 'Раздел сайта переключён',
      target: 'Раздел «Новости»',
      changes: ['Раздел: выключен → включён'],
    });
    expect(read('feedback.status', 'feedback:5', { from: 'new', to: 'handled' }).changes).toEqual([
      'Состояние: Новое → Обработано',
    ]);
    expect(read('staff.revoke', 'staff:1000000002', { role: 'admin', changed: true }).changes).toEqual([
      'Роль «администратор»: есть → нет',
    ]);
    expect(read('news.unpublish', 'news:3', { from: 'published' }).changes).toEqual(['Состояние: На сайте → Черновик']);
    expect(
      read('porting.cancel', 'order:7', {
        reason: 'оператор-донор не отвечает',
        from: 'PendingBDPN',
        centralDatabase: true,
        result: 'withdrawn',
      }).changes,
    ).toEqual([
      'Состояние: В обработке → Отменено',
      'Причина: оператор-донор не отвечает',
      'Итог: заявление отозвано',
      'Запрос в БДПН: был',
    ]);
  });

  it('says the kept values in words: times in Moscow, yes and no, lists', () => {
    expect(read('news.publish', 'news:3', { from: 'draft', publishedAt: '2026-11-26T09:00:00.000Z' }).changes).toEqual([
      'Состояние: Черновик → На сайте',
      'Дата публикации: 26.11.2026, 12:00',
    ]);
    expect(read('tariffs.export', 'catalogue', { format: 'csv', tariffs: 120 })).toEqual({
      action: 'Каталог тарифов выгружен',
      target: 'Каталог тарифов',
      changes: ['Формат: csv', 'Тарифов: 120'],
    });
  });

  it('names every kind of target', () => {
    expect(auditTargetName('upload:3')).toBe('Загрузка каталога № 3');
    expect(auditTargetName('job:porting.advance/0f9e8d7c-aaaa')).toBe('Задача porting.advance (0f9e8d7c)');
    expect(auditTargetName('')).toBe('—');
  });

  it('names the porting events as the messages do', () => {
    expect(eventName('donor-rejected')).toBe('Отказ оператора');
    expect(eventName('sim-issued')).toBe('SIM-карта нового оператора');
  });
});
