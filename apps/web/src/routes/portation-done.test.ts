import { MantineProvider } from '@mantine/core';
import {
  DEBT_TEXTS,
  NEXT_WINDOW_WILL_BE_SET,
  PHASE_HEADINGS,
  PORTING_IN_THE_WINDOW,
  SIM_BEFORE_NIGHT,
  WITHDRAW_CLOSED,
  WITHDRAW_WHILE,
} from '@perenos/porting-rules/states';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentProps, createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { cssVariablesResolver, themeFor } from '../app/theme';
import type { PortationOrder } from '../features/porting';
import { formatRub } from '../lib/format';
import { PortationDoneView } from './portation-done';

// Issue 36: after «Номер перенесён» the page still said «Перенос состоится в назначенную ночь», «eSIM
// готова к установке», «До ночи переноса…»; after a withdrawal, «Задолженность … не была оплачена
// вовремя». The done page is drawn here in every phase of one application (as the server draws it), and
// what belongs to one phase must be there and what belongs only to another must not.

const at = (hour: number) => `2026-11-26T${String(hour).padStart(2, '0')}:00:00.000Z`;
const event = (kind: string, status: PortationOrder['status'], description: string, hour: number) => ({
  kind: kind as PortationOrder['events'][number]['kind'],
  status,
  description,
  occurredAt: at(hour),
});

const SUM = formatRub(1840);

/** The timeline up to the debt notice: filed, accepted, the contract, the donor's check, the eSIM issued. */
const UNDER_WAY = [
  event('created', 'Initialized', 'Заявление создано', 8),
  event('submitted', 'PendingBDPN', 'Заявление подписано и отправлено в центральную базу (БДПН)', 9),
  event('accepted', 'PendingBDPN', 'Заявление принято БДПН', 10),
  event('contract-signed', 'PendingBDPN', 'Новый оператор оформил договор на условиях от 1 ноября 2026 года', 10),
  event('sim-issued', 'PendingBDPN', 'Новый оператор выпустил eSIM; временный номер +7 (958) 000-11-22', 11),
  event('debt-notice', 'PendingBDPN', `Оператор-донор сообщил о задолженности ${SUM}`, 12),
];

function order(patch: Partial<PortationOrder>): PortationOrder {
  return {
    id: 24,
    msisdn: '79275551234',
    status: 'PendingBDPN',
    regionCode: 63,
    regionName: 'Самарская область',
    fromOperator: { operatorId: 1, operatorName: 'МТС', operatorLogo: '/logo/mts.svg' },
    toOperator: { operatorId: 2, operatorName: 'Т2', operatorLogo: '/logo/t2.svg' },
    tariffId: 5,
    tariffName: 'Мой онлайн',
    portationAt: '2026-12-07',
    window: null,
    email: 'dolgova@example.ru',
    createdAt: at(8),
    lastUpdatedAt: at(12),
    portationId: 23,
    reason: null,
    isMsisdnConfirmed: true,
    canWithdraw: true,
    sim: { kind: 'esim', officeId: null, office: null, address: null },
    fee: 100,
    contractVersion: '2026-11-01',
    contractAcceptedAt: at(9),
    consentVersion: '2026-11-01',
    consentAcceptedAt: at(9),
    simIssuedAt: at(11),
    temporaryMsisdn: '79580001122',
    esimActivationCode: 'LPA:1$smdp.example.ru$ACT-0001',
    debt: { amount: 1840, payBy: '2026-12-05T20:59:00.000Z', paidAt: null, numbers: [] },
    earliestPortationAt: '2026-12-04',
    latestPortationAt: '2027-05-26',
    events: UNDER_WAY,
    ...patch,
  } as PortationOrder;
}

const paid = {
  amount: 1840,
  payBy: '2026-12-05T20:59:00.000Z',
  paidAt: at(13),
  numbers: [
    { msisdn: '79275551234', amount: 1240, paidAt: at(12) },
    { msisdn: '79275551235', amount: 600, paidAt: at(13) },
  ],
};

const PHASES: Record<string, PortationOrder> = {
  filed: order({}),
  scheduled: order({
    canWithdraw: false,
    debt: paid,
    events: [
      ...UNDER_WAY,
      event('debt-paid', 'PendingBDPN', 'Задолженность оплачена: перенос продолжается', 13),
      event('scheduled', 'PendingBDPN', 'Назначено окно переноса: 7 декабря 2026, 00:00–06:00 (МСК)', 14),
    ],
  }),
  ported: order({
    status: 'Done',
    canWithdraw: false,
    debt: paid,
    events: [
      ...UNDER_WAY,
      event('debt-paid', 'PendingBDPN', 'Задолженность оплачена: перенос продолжается', 13),
      event('scheduled', 'PendingBDPN', 'Назначено окно переноса: 7 декабря 2026, 00:00–06:00 (МСК)', 14),
      event('started', 'PendingBDPN', 'Перенос номера начат', 15),
      event('ported', 'Done', 'Номер перенесён', 16),
    ],
  }),
  withdrawn: order({
    status: 'Deleted',
    canWithdraw: false,
    reason: 'Отозвано по вашей просьбе.',
    events: [...UNDER_WAY, event('cancelled', 'Deleted', 'Заявление отозвано по вашей просьбе', 13)],
  }),
  refusedForDebt: order({
    status: 'Deleted',
    canWithdraw: false,
    reason: `Нынешний оператор отказал в переносе: задолженность ${SUM} не оплачена до 05.12.2026`,
    events: [
      ...UNDER_WAY,
      event(
        'donor-rejected',
        'Deleted',
        `Нынешний оператор отказал в переносе: задолженность ${SUM} не оплачена до 05.12.2026`,
        21,
      ),
    ],
  }),
};

/** What belongs to each phase: said there, and said in no phase that does not claim it too. */
const OWN: Record<keyof typeof PHASES, string[]> = {
  filed: [
    PHASE_HEADINGS.filed,
    NEXT_WINDOW_WILL_BE_SET,
    WITHDRAW_WHILE,
    SIM_BEFORE_NIGHT.esimReady,
    'До ночи переноса',
    DEBT_TEXTS.sumOfNumbers,
    'Добавить в календарь',
  ],
  scheduled: [
    PHASE_HEADINGS.scheduled,
    PORTING_IN_THE_WINDOW,
    WITHDRAW_CLOSED,
    SIM_BEFORE_NIGHT.esimReady,
    'До ночи переноса',
    'Добавить в календарь',
  ],
  ported: [PHASE_HEADINGS.ported],
  withdrawn: [PHASE_HEADINGS.ended, 'Заявление отозвано', DEBT_TEXTS.left(SUM)],
  refusedForDebt: [PHASE_HEADINGS.ended, 'Отказ оператора', DEBT_TEXTS.lapsed(SUM)],
};

/** The page's text as a person reads it: tags and React's text markers gone, entities decoded. */
function drawn(o: PortationOrder): string {
  const html = renderToString(
    createElement(
      MantineProvider,
      { theme: themeFor('green'), cssVariablesResolver, withCssVariables: false, withGlobalClasses: false },
      createElement(
        QueryClientProvider,
        { client: new QueryClient() },
        createElement(
          Router,
          { ssrPath: `/portation/${o.id}/done` } as ComponentProps<typeof Router>,
          createElement(PortationDoneView, { order: o }),
        ),
      ),
    ),
  );
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('the done page in every phase of an application', () => {
  const text = Object.fromEntries(Object.entries(PHASES).map(([phase, o]) => [phase, drawn(o)]));

  for (const phase of Object.keys(PHASES)) {
    it(`says what belongs to «${phase}» and nothing that belongs only to another phase`, () => {
      const page = text[phase] ?? '';
      const mine = OWN[phase] ?? [];
      expect(mine.filter((s) => !page.includes(s.replace(/\s+/g, ' ')))).toEqual([]);
      const others = Object.entries(OWN)
        .filter(([other]) => other !== phase)
        .flatMap(([, said]) => said)
        .filter((s) => !mine.includes(s));
      expect(others.filter((s) => page.includes(s.replace(/\s+/g, ' ')))).toEqual([]);
    });
  }

  it('names a donor’s refusal «Отказ оператора» with the reason in plain words, never «Отменено»', () => {
    const page = text.refusedForDebt ?? '';
    expect(page).toContain('Нынешний оператор отказал в переносе: задолженность');
    expect(page).not.toContain('Отменено');
    expect(page).not.toContain('Отказ донора');
    // A withdrawal is what the person did: its badge stays the status's own name.
    expect(text.withdrawn).toContain('Отменено');
  });

  it('says the porting date the order has in every phase, the night’s hours only while it is ahead', () => {
    for (const [phase, page] of Object.entries(text)) {
      const ahead = phase === 'filed' || phase === 'scheduled';
      expect(page).toContain(
        ahead ? 'Дата переноса 7 декабря 2026, 00:00–06:00 (МСК)' : 'Дата переноса 7 декабря 2026 ',
      );
    }
  });

  it('says the window the central database set in real time: at the demo’s scale, the minute it happens', () => {
    // PORTING_TIME_SCALE=5000: the night of 7 December came at 11:47 on 2 December, and lasted seconds.
    const demo = drawn({
      ...(PHASES.scheduled as PortationOrder),
      portationAt: '2026-12-02',
      window: { start: '2026-12-02T08:47:03.000Z', end: '2026-12-02T08:47:07.000Z' },
    });
    expect(demo).toContain('Дата переноса 2 декабря 2026, 11:47 (МСК)');
    expect(demo).toContain('Перенос состоится в назначенное окно: 2 декабря 2026, 11:47 (МСК).');
    expect(demo).not.toContain('Дата переноса 7 декабря');
    expect(demo).not.toContain('назначенное окно: 7 декабря');
  });
});
