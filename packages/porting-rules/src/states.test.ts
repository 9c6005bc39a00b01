import { describe, expect, it } from 'vitest';
import {
  DRAFT_EXPIRED,
  daysText,
  donorRefusalText,
  endingOf,
  nextSteps,
  PORT_AGAIN_AFTER,
  phaseOf,
  pluralForm,
  STATUS_MEANINGS,
  statusName,
  stuckReason,
  termsEditionText,
  WITHDRAW_CLOSED,
} from './states';

describe('counts in Russian', () => {
  it('take the form of their last digits', () => {
    const forms = ['тариф', 'тарифа', 'тарифов'] as const;
    expect([1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111].map((n) => `${n} ${pluralForm(n, forms)}`)).toEqual([
      '1 тариф',
      '2 тарифа',
      '4 тарифа',
      '5 тарифов',
      '11 тарифов',
      '12 тарифов',
      '14 тарифов',
      '21 тариф',
      '22 тарифа',
      '25 тарифов',
      '101 тариф',
      '111 тарифов',
    ]);
  });

  it('put the rules’ constants into the sentences, never a number typed in', () => {
    expect(daysText(7)).toBe('7 дней');
    expect(daysText(1)).toBe('1 день');
    expect(DRAFT_EXPIRED).toBe('Заявление не было отправлено за 7 дней и удалено');
    expect(STATUS_MEANINGS.Initialized).toContain('за 7 дней');
    expect(WITHDRAW_CLOSED).toContain('через 60 дней');
    expect(PORT_AGAIN_AFTER).toContain('через 60 дней');
  });
});

describe('the name of an application’s state', () => {
  it('names a refusal for who refused, and anything else that ended «Отменено»', () => {
    expect(statusName('Deleted', 'donor-rejected')).toBe('Отказ оператора');
    expect(statusName('Deleted', 'rejected')).toBe('Отказ БДПН');
    expect(statusName('Deleted', 'cancelled')).toBe('Отменено');
    expect(statusName('Deleted', null)).toBe('Отменено');
    // An ending never renames a status that is not an ending.
    expect(statusName('Done', 'donor-rejected')).toBe('Номер перенесён');
  });

  it('reads the ending from the timeline’s last ending event', () => {
    const events = [{ kind: 'submitted' }, { kind: 'withdrawal-refused' }, { kind: 'donor-rejected' }];
    expect(endingOf(events)).toBe('donor-rejected');
    expect(endingOf([{ kind: 'submitted' }, { kind: 'ported' }])).toBeNull();
  });

  it('says a donor’s refusal in plain words by its reason code', () => {
    expect(donorRefusalText('паспортные данные заявителя не совпадают', 'passport')).toBe(
      'Нынешний оператор отказал в переносе: паспорт в заявлении (из Госуслуг) не совпал с паспортом владельца номера в договоре с оператором',
    );
    expect(donorRefusalText('номер заблокирован по заявлению владельца', 'blocked')).toBe(
      'Нынешний оператор отказал в переносе: номер заблокирован по заявлению владельца: пока блокировка не снята, перенести его нельзя',
    );
    expect(donorRefusalText('что-то иное', null)).toBe('Нынешний оператор отказал в переносе: что-то иное');
  });

  it('writes the terms’ edition in words', () => {
    expect(termsEditionText('2026-11-01')).toBe('на условиях от 1 ноября 2026 года');
  });
});

describe('the phases of an application', () => {
  const facts = { donor: 'МТС', night: '2026-12-07', email: null };

  it('tell the night set from the night to be set', () => {
    const filed = phaseOf({ status: 'PendingBDPN', events: [{ kind: 'accepted' }] });
    const scheduled = phaseOf({ status: 'PendingBDPN', events: [{ kind: 'accepted' }, { kind: 'scheduled' }] });
    expect([filed, scheduled]).toEqual(['filed', 'scheduled']);
    expect(nextSteps(filed, facts).join(' ')).toContain('БДПН назначит окно переноса: ночь 7 декабря 2026');
    expect(nextSteps(scheduled, facts).join(' ')).toContain('Перенос состоится в назначенное окно: 7 декабря 2026');
    expect(nextSteps(scheduled, facts).join(' ')).not.toContain('назначит');
    // The window the central database set, in real time: at a demo's scale, the minute it happens.
    const demo = { ...facts, window: { start: '2026-12-02T08:47:03Z', end: '2026-12-02T08:47:07Z' } };
    expect(nextSteps(scheduled, demo).join(' ')).toContain(
      'Перенос состоится в назначенное окно: 2 декабря 2026, 11:47 (МСК).',
    );
    expect(nextSteps(scheduled, demo).join(' ')).not.toContain('7 декабря');
  });

  it('have nothing to come once the number moved or the application ended', () => {
    expect(nextSteps(phaseOf({ status: 'Done', events: [{ kind: 'scheduled' }] }), facts)).toEqual([]);
    expect(nextSteps(phaseOf({ status: 'Deleted', events: [{ kind: 'scheduled' }] }), facts)).toEqual([]);
  });
});

describe('a stuck application', () => {
  // 2 December 2026, 12:00 Moscow time.
  const now = new Date('2026-12-02T09:00:00Z');
  const base = {
    createdAt: new Date('2026-12-01T09:00:00Z'),
    portationDate: '2026-12-10',
    windowEnd: null,
    heldUntil: null,
  };

  it('is a draft past its lifetime, and not one younger', () => {
    expect(stuckReason({ ...base, status: 'Initialized', createdAt: new Date('2026-11-24T09:00:00Z') }, now)).toBe(
      'Черновик старше 7 дней: его должны были удалить',
    );
    expect(
      stuckReason({ ...base, status: 'Initialized', createdAt: new Date('2026-11-26T09:00:00Z') }, now),
    ).toBeNull();
  });

  it('is one whose window ended over an hour ago without the porting', () => {
    const ended = (at: string) => stuckReason({ ...base, status: 'PendingBDPN', windowEnd: new Date(at) }, now);
    expect(ended('2026-12-02T03:00:00Z')).toBe('Окно переноса закончилось 2 декабря 2026, а номер не перенесён');
    // Ended 30 minutes ago: the engine's job may still be on its way.
    expect(ended('2026-12-02T08:30:00Z')).toBeNull();
  });

  it('is one whose night has passed with no window set', () => {
    const night = (day: string) => stuckReason({ ...base, status: 'PendingBDPN', portationDate: day }, now);
    expect(night('2026-12-01')).toBe('Ночь переноса 1 декабря 2026 прошла, а БДПН не назначила окно');
    // Tonight's night and the next ones are still to come.
    expect(night('2026-12-02')).toBe('Ночь переноса 2 декабря 2026 прошла, а БДПН не назначила окно');
    expect(night('2026-12-03')).toBeNull();
  });

  it('is one that waited for the number’s owner past the hold', () => {
    expect(stuckReason({ ...base, status: 'PendingBDPN', heldUntil: new Date('2026-12-02T07:00:00Z') }, now)).toMatch(
      /^Срок ответа владельца номера \(24 часа\) прошёл/,
    );
    expect(
      stuckReason({ ...base, status: 'PendingBDPN', heldUntil: new Date('2026-12-02T10:00:00Z') }, now),
    ).toBeNull();
  });

  it('is never one that ended', () => {
    expect(stuckReason({ ...base, status: 'Done', windowEnd: new Date('2026-11-01T03:00:00Z') }, now)).toBeNull();
    expect(stuckReason({ ...base, status: 'Deleted', createdAt: new Date('2026-01-01T00:00:00Z') }, now)).toBeNull();
  });
});
