import { describe, expect, it } from 'vitest';
import { drawCalendar } from './document-drawing';
import { calendarEvent, simEvent } from './documents';
import type { PresentedOrder } from './presenter';

/**
 * The order's calendar file (issue 36): the porting window, and beside it the SIM's own event — collecting
 * it at the office (its address as LOCATION, its hours) or the courier's visit — read back by parsing the .ics.
 */

/** The events of an .ics text, each a map of its properties (lines unfolded, values unescaped). */
function parseIcs(text: string): Record<string, string>[] {
  const lines = text.replace(/\r\n[ \t]/g, '').split(/\r\n/);
  const events: Record<string, string>[] = [];
  let event: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') event = {};
    else if (line === 'END:VEVENT' && event) {
      events.push(event);
      event = null;
    } else if (event) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).split(';')[0] ?? '';
      if (!(name in event)) {
        event[name] = line
          .slice(colon + 1)
          .replace(/\\n/gi, '\n')
          .replace(/\\([,;\\])/g, '$1');
      }
      if (line.slice(0, colon).includes('VALUE=DATE')) event[`${name};VALUE`] = 'DATE';
    }
  }
  return events;
}

const OFFICE = {
  id: 'megafon-77-1',
  name: 'Салон МегаФон на Тверской',
  address: 'г. Москва, ул. Тверская, д. 7',
  hours: 'ежедневно 10:00–21:00',
};

function order(over: Partial<PresentedOrder>): PresentedOrder {
  return {
    id: 42,
    msisdn: '79037654321',
    status: 'PendingBDPN',
    fromOperator: { operatorName: 'МТС' },
    toOperator: { operatorName: 'МегаФон' },
    portationAt: '2026-12-10',
    window: { start: '2026-12-09T21:00:00.000Z', end: '2026-12-10T03:00:00.000Z' },
    simIssuedAt: null,
    sim: null,
    ...over,
  } as unknown as PresentedOrder;
}

const NIGHT = { start: new Date('2026-12-09T21:00:00Z'), end: new Date('2026-12-10T03:00:00Z') };
const NOW = new Date('2026-12-02T09:00:00Z');
const LINK = 'https://perenos.example/account/79037654321/portation/7';

function calendar(o: PresentedOrder, window = NIGHT, now = NOW): Record<string, string>[] {
  const sim = simEvent(o, window, now, LINK);
  return parseIcs(drawCalendar([calendarEvent(o, window, LINK), ...(sim ? [sim] : [])]));
}

describe('the order’s calendar file', () => {
  it('holds the office pickup beside the porting night: the office’s address as LOCATION, its hours, the day before', () => {
    const [night, pickup, ...rest] = calendar(
      order({ sim: { kind: 'office', officeId: OFFICE.id, office: OFFICE, address: null } }),
    );
    expect(rest).toEqual([]);
    expect(night).toMatchObject({ DTSTART: '20261209T210000Z', DTEND: '20261210T030000Z' });
    expect(night?.SUMMARY).toBe('Перенос номера +7 (903) 765-43-21 к МегаФон');
    expect(night?.DESCRIPTION).toContain('10 декабря 2026, 00:00–06:00 (МСК)');
    expect(pickup).toMatchObject({
      SUMMARY: 'Забрать SIM-карту МегаФон: Салон МегаФон на Тверской',
      LOCATION: 'г. Москва, ул. Тверская, д. 7',
      DTSTART: '20261209',
      DTEND: '20261210',
      'DTSTART;VALUE': 'DATE',
      URL: LINK,
    });
    expect(pickup?.UID).not.toBe(night?.UID);
    expect(pickup?.DESCRIPTION).toContain('Часы работы: ежедневно 10:00–21:00.');
    expect(pickup?.DESCRIPTION).toContain(
      'Возьмите паспорт. Заберите её до окна переноса: 10 декабря 2026, 00:00–06:00 (МСК).',
    );
  });

  it('says when the SIM was ready once it was, on that day', () => {
    const [, pickup] = calendar(
      order({
        sim: { kind: 'office', officeId: OFFICE.id, office: OFFICE, address: null },
        simIssuedAt: '2026-12-02T10:05:00.000Z',
      }),
    );
    expect(pickup).toMatchObject({ DTSTART: '20261202', DTEND: '20261203' });
    expect(pickup?.DESCRIPTION).toContain('SIM-карта МегаФон готова с 2 декабря 2026, 13:05 (МСК).');
  });

  it('holds the courier’s visit at the delivery address', () => {
    const address = 'г. Москва, ул. Тверская, д. 7, кв. 15';
    const [, visit] = calendar(order({ sim: { kind: 'courier', officeId: null, office: null, address } }));
    expect(visit).toMatchObject({
      SUMMARY: 'Курьер привезёт SIM-карту МегаФон',
      LOCATION: address,
      DTSTART: '20261209',
    });
    expect(visit?.DESCRIPTION).toContain(`по адресу: ${address} и позвонит заранее`);
  });

  it('has no SIM event for an eSIM', () => {
    expect(calendar(order({ sim: { kind: 'esim', officeId: null, office: null, address: null } }))).toHaveLength(1);
  });

  it('at a demo’s time scale says the real minutes, and the pickup is today, not a day gone by', () => {
    // PORTING_TIME_SCALE=5000: the night of 10 December is 11:47 on 2 December, and lasts 4 s.
    const demo = { start: new Date('2026-12-02T08:47:03Z'), end: new Date('2026-12-02T08:47:07Z') };
    const now = new Date('2026-12-02T08:45:00Z');
    const [night, pickup] = calendar(
      order({ sim: { kind: 'office', officeId: OFFICE.id, office: OFFICE, address: null } }),
      demo,
      now,
    );
    expect(night).toMatchObject({ DTSTART: '20261202T084700Z', DTEND: '20261202T084800Z' });
    expect(night?.DESCRIPTION).toContain('2 декабря 2026, 11:47 (МСК)');
    expect(night?.DESCRIPTION).not.toContain('10 декабря');
    expect(pickup).toMatchObject({ DTSTART: '20261202', DTEND: '20261203' });
  });
});
