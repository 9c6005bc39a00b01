import { describe, expect, it } from 'vitest';
import { CentralDatabase, MemoryStore, type RegistryEntry } from './central-database';
import { moscowMidnight } from './process';
import type { Application } from './protocol';

const MTS = { inn: '7740000076', name: 'МТС' };
const MEGAFON = { inn: '7812014560', name: 'МегаФон' };
const T0 = new Date('2026-11-24T09:00:00Z');
const MIN = 60_000;
const HOUR = 3600_000;

function application(over: Partial<Application> = {}): Application {
  return {
    applicationId: 'app-1',
    msisdn: '79160000001',
    regionCode: 77,
    donor: MTS,
    recipient: MEGAFON,
    portationDate: '2026-12-02',
    subscriber: {
      lastName: 'Иванов',
      firstName: 'Иван',
      middleName: 'Иванович',
      birthDate: '1985-04-12',
      passport: { series: '4510', number: '123456' },
    },
    ...over,
  };
}

function setup(registry: Record<string, RegistryEntry> = {}, timeScale = 1) {
  const store = new MemoryStore();
  const cdb = new CentralDatabase({
    store,
    timeScale,
    registry: (msisdn) =>
      registry[msisdn] ??
      (msisdn.startsWith('7916') ? { operatorInn: MTS.inn, regionCodes: [77, 50], lastPortedOn: null } : undefined),
  });
  return { cdb, store };
}

const at = (ms: number) => new Date(T0.getTime() + ms);

describe('the central database stand-in', () => {
  it('runs an accepted application through every step, each at its time, and then closes', async () => {
    const { cdb } = setup();
    const { processId } = await cdb.receive(application(), T0);
    expect((await cdb.view(processId, 0, at(4 * MIN)))?.messages).toEqual([]);
    const checked = await cdb.view(processId, 0, at(5 * MIN));
    expect(checked?.messages.map((m) => m.type)).toEqual(['Accepted', 'DonorCheck']);
    expect(checked?.nextPollAt).toBe(at(5 * MIN + 2 * HOUR).toISOString());
    const scheduled = await cdb.view(processId, 2, at(5 * MIN + 2 * HOUR + MIN));
    expect(scheduled?.messages.map((m) => m.type)).toEqual(['DonorAccepted', 'Scheduled']);
    const window = scheduled?.messages[1];
    expect(window?.windowStart).toBe(new Date(moscowMidnight('2026-12-02')).toISOString());
    expect(window?.windowStart).toBe('2026-12-01T21:00:00.000Z');
    const done = await cdb.view(processId, 4, new Date(moscowMidnight('2026-12-02') + 2 * HOUR));
    expect(done?.messages.map((m) => m.type)).toEqual(['Started', 'Ported']);
    expect(done).toMatchObject({ closed: true, nextPollAt: null });
  });

  it('shortens every wait by the time scale', async () => {
    const { cdb } = setup({}, 1_000_000);
    const { processId } = await cdb.receive(application(), T0);
    // Eight days and two hours of process time are under a second of real time.
    const view = await cdb.view(processId, 0, at(1000));
    expect(view?.messages.map((m) => m.type)).toEqual([
      'Accepted',
      'DonorCheck',
      'DonorAccepted',
      'Scheduled',
      'Started',
      'Ported',
    ]);
  });

  it('says every moment in real time at a demo scale: the window, the pay-by date, the refusal', async () => {
    const registry = { '79275551234': { operatorInn: MTS.inn, regionCodes: [63], lastPortedOn: null } };
    const { cdb } = setup(registry, 5000);
    const dolgova = application({
      msisdn: '79275551234',
      regionCode: 63,
      subscriber: { ...application().subscriber, passport: { series: '36 15', number: '246810' } },
    });
    const { processId } = await cdb.receive(dolgova, T0);
    const view = await cdb.view(processId, 0, at(10 * MIN));
    const messages = view?.messages ?? [];
    expect(messages.at(-1)).toMatchObject({ type: 'DonorRejected', reasonCode: 'debt' });
    // 2 December's night less two days, 5.5 days ahead: at 5000 times, 95 s of real time after 12:00 Moscow.
    const payBy = Date.parse(messages.find((m) => m.type === 'DebtNotice')?.payBy ?? '');
    expect(payBy).toBe(T0.getTime() + (moscowMidnight('2026-11-30') - T0.getTime()) / 5000);
    expect(payBy - T0.getTime()).toBe(95_040);
    expect(messages.at(-1)?.reason).toBe('задолженность 1\u00a0240\u00a0₽ не оплачена до 24.11.2026, 12:01 (МСК)');
    for (const m of messages) expect(Date.parse(m.at) - T0.getTime()).toBeLessThanOrEqual(95_040);

    const ported = await cdb.receive(application({ applicationId: 'app-2', msisdn: '79160000002' }), T0);
    const done = (await cdb.view(ported.processId, 0, at(10 * MIN)))?.messages ?? [];
    const scheduled = done.find((m) => m.type === 'Scheduled');
    const start = Date.parse(scheduled?.windowStart ?? '');
    expect(start).toBe(T0.getTime() + (moscowMidnight('2026-12-02') - T0.getTime()) / 5000);
    expect(Date.parse(scheduled?.windowEnd ?? '') - start).toBe((6 * HOUR) / 5000);
    expect(Date.parse(done.find((m) => m.type === 'Started')?.at ?? '')).toBe(start);
    expect(Date.parse(done.at(-1)?.at ?? '')).toBeLessThan(Date.parse(scheduled?.windowEnd ?? ''));
  });

  it('leaves the demo’s minute to withdraw: the donor answers no sooner than its floor, at any scale', async () => {
    const cdb = new CentralDatabase({
      store: new MemoryStore(),
      timeScale: 5000,
      donorWaitMs: MIN,
      registry: () => ({ operatorInn: MTS.inn, regionCodes: [77], lastPortedOn: null }),
      now: () => at(0),
    });
    const kept = await cdb.receive(application());
    expect((await cdb.view(kept.processId, 0, at(MIN - 1000)))?.messages.map((m) => m.type)).toEqual([
      'Accepted',
      'DonorCheck',
    ]);
    const window = (await cdb.view(kept.processId, 0, at(MIN + 1000)))?.messages.find((m) => m.type === 'Scheduled');
    expect(Date.parse(window?.windowStart ?? '')).toBeGreaterThan(at(MIN).getTime());
    const withdrawn = await cdb.receive(application({ applicationId: 'app-2', msisdn: '79160000002' }));
    expect(await cdb.cancel(withdrawn.processId, at(MIN - 1000))).toEqual({ cancelled: true });
    expect(await cdb.cancel(kept.processId, at(MIN + 1000))).toMatchObject({ cancelled: false });
  });

  it('answers the same process when the same application comes again', async () => {
    const { cdb } = setup();
    const first = await cdb.receive(application(), T0);
    const again = await cdb.receive(application(), at(MIN));
    expect(again.processId).toBe(first.processId);
  });

  it.each([
    ['a number outside the plan', application({ msisdn: '79990000000' }), 'not-in-plan'],
    ['another region', application({ regionCode: 78 }), 'other-region'],
    [
      'a donor that does not serve the number',
      application({ donor: { inn: '7713076301', name: 'Билайн' } }),
      'not-donor',
    ],
  ])('refuses %s after its check', async (_name, app, code) => {
    const { cdb } = setup();
    const { processId } = await cdb.receive(app, T0);
    const view = await cdb.view(processId, 0, at(5 * MIN));
    expect(view?.messages).toMatchObject([{ type: 'Rejected', reasonCode: code }]);
    expect(view?.closed).toBe(true);
  });

  it('refuses a second application while one is open, and a porting within 60 days of the last', async () => {
    const { cdb } = setup({
      '79160000002': { operatorInn: MTS.inn, regionCodes: [77], lastPortedOn: '2026-10-01' },
    });
    await cdb.receive(application(), T0);
    const second = await cdb.receive(application({ applicationId: 'app-2' }), at(MIN));
    expect((await cdb.view(second.processId, 0, at(10 * MIN)))?.messages[0]).toMatchObject({
      type: 'Rejected',
      reasonCode: 'open-process',
    });
    const recent = await cdb.receive(application({ applicationId: 'app-3', msisdn: '79160000002' }), T0);
    expect((await cdb.view(recent.processId, 0, at(5 * MIN)))?.messages[0]).toMatchObject({
      type: 'Rejected',
      reasonCode: 'recently-ported',
      reason: 'номер переносили 01.10.2026, повторный перенос возможен с 30.11.2026',
    });
  });

  it('notices a debt with a date to pay by, goes on if it is paid in time, refuses a wrong passport and a blocked number', async () => {
    const registry = {
      '79275551234': { operatorInn: MTS.inn, regionCodes: [63], lastPortedOn: null },
      '79275551235': { operatorInn: MTS.inn, regionCodes: [63], lastPortedOn: null },
      '79851112233': { operatorInn: MTS.inn, regionCodes: [77], lastPortedOn: null },
      '79994445566': { operatorInn: MTS.inn, regionCodes: [77], lastPortedOn: null },
    };
    const dolgova = (id: string) =>
      application({
        applicationId: id,
        msisdn: '79275551234',
        regionCode: 63,
        subscriber: { ...application().subscriber, passport: { series: '36 15', number: '246810' } },
      });
    const { cdb } = setup(registry);
    const unpaid = await cdb.receive(dolgova('d1'), T0);
    const noticed = await cdb.view(unpaid.processId, 0, at(3 * HOUR));
    // Debts on both of her numbers with this donor: 1 240 + 600.
    expect(noticed?.messages.at(-1)).toMatchObject({
      type: 'DebtNotice',
      amount: 1840,
      debtMsisdns: ['79275551234', '79275551235'],
      debts: [
        { msisdn: '79275551234', amount: 1240 },
        { msisdn: '79275551235', amount: 600 },
      ],
    });
    const payBy = Date.parse(noticed?.messages.at(-1)?.payBy ?? '');
    // Two days before the window of 2 December.
    expect(payBy).toBe(moscowMidnight('2026-12-02') - 2 * 24 * HOUR);
    const lapsed = await cdb.view(unpaid.processId, 0, new Date(payBy + MIN));
    expect(lapsed?.messages.at(-1)).toMatchObject({
      type: 'DonorRejected',
      reasonCode: 'debt',
      reason: 'задолженность 1\u00a0840\u00a0₽ не оплачена до 30.11.2026, 00:00 (МСК)',
    });
    expect(lapsed?.closed).toBe(true);

    const { cdb: other, store } = setup(registry);
    const paid = await other.receive(dolgova('d2'), T0);
    expect(await other.payDebt('79275551234', at(4 * HOUR))).toEqual({ paid: true });
    // One number paid: said at once, with its number; the porting still waits for the other, and the
    // central database still asks to be polled soon (the other payment is to be heard at once too).
    const half = await other.view(paid.processId, 0, at(5 * HOUR));
    expect(half?.messages.at(-1)).toMatchObject({ type: 'DebtPaid', debtMsisdns: ['79275551234'] });
    expect(Date.parse(half?.nextPollAt ?? '')).toBeLessThanOrEqual(at(5 * HOUR + 15 * MIN).getTime());
    expect(await other.payDebt('79275551235', at(6 * HOUR))).toEqual({ paid: true });
    const going = await other.view(paid.processId, 0, at(7 * HOUR));
    expect(going?.messages.map((m) => m.type).slice(-3)).toEqual(['DebtPaid', 'DonorAccepted', 'Scheduled']);
    expect(going?.messages.at(-3)?.debtMsisdns).toEqual(['79275551234', '79275551235']);
    expect(await other.payDebt('79160000001', at(7 * HOUR))).toEqual({ paid: false });
    // Paid once, a later application finds no debt.
    expect(await store.debtPayments(['79275551234', '79275551235'])).toEqual({
      '79275551234': at(4 * HOUR).getTime(),
      '79275551235': at(6 * HOUR).getTime(),
    });

    const passport = await cdb.receive(application({ applicationId: 'p', msisdn: '79851112233' }), T0);
    expect((await cdb.view(passport.processId, 0, at(3 * HOUR)))?.messages.at(-1)).toMatchObject({
      type: 'DonorRejected',
      reasonCode: 'passport',
    });
    const blocked = await cdb.receive(
      application({
        applicationId: 'b',
        msisdn: '79994445566',
        subscriber: { ...application().subscriber, passport: { series: '5209', number: '778899' } },
      }),
      T0,
    );
    expect((await cdb.view(blocked.processId, 0, at(3 * HOUR)))?.messages.at(-1)).toMatchObject({
      type: 'DonorRejected',
      reasonCode: 'blocked',
      reason: 'номер заблокирован по заявлению владельца об утере SIM-карты',
    });
  });

  it('plays the recipient: the contract, the SIM with a temporary number, the eSIM code', async () => {
    const { cdb } = setup();
    const esim = await cdb.receive(application({ sim: { kind: 'esim' }, contractVersion: '2026-11-01' }), T0);
    const view = await cdb.view(esim.processId, 0, at(10 * MIN));
    expect(view?.messages.map((m) => m.type)).toEqual(['Accepted', 'ContractSigned', 'DonorCheck', 'SimIssued']);
    expect(view?.messages[1]).toMatchObject({ contractVersion: '2026-11-01' });
    expect(view?.messages[3]).toMatchObject({
      simKind: 'esim',
      temporaryMsisdn: expect.stringMatching(/^7958\d{7}$/),
      activationCode: expect.stringMatching(/^LPA:1\$smdp\.esim\.example\$/),
    });
    const courier = await cdb.receive(
      application({
        applicationId: 'c',
        msisdn: '79160000002',
        sim: { kind: 'courier', address: 'г. Москва, ул. Тверская, д. 1' },
      }),
      T0,
    );
    // A courier comes the next day.
    expect((await cdb.view(courier.processId, 0, at(23 * HOUR)))?.messages.map((m) => m.type)).not.toContain(
      'SimIssued',
    );
    expect((await cdb.view(courier.processId, 0, at(25 * HOUR)))?.messages.map((m) => m.type)).toContain('SimIssued');
  });

  it('moves the window of a number on its maintenance night, saying why, and ports on the new night', async () => {
    const store = new MemoryStore();
    const cdb = new CentralDatabase({
      store,
      registry: () => ({ operatorInn: MTS.inn, regionCodes: [77], lastPortedOn: null }),
      movedWindows: { '79160000001': 'плановые работы в БДПН' },
    });
    const { processId } = await cdb.receive(application(), T0);
    const view = await cdb.view(processId, 0, new Date(moscowMidnight('2026-12-03') + 3 * HOUR));
    const moved = view?.messages.find((m) => m.type === 'Rescheduled');
    expect(moved).toMatchObject({
      windowStart: new Date(moscowMidnight('2026-12-03')).toISOString(),
      reason: 'плановые работы в БДПН',
    });
    expect(view?.messages.at(-1)).toMatchObject({ type: 'Ported' });
    expect(Date.parse(view?.messages.at(-1)?.at ?? '')).toBeGreaterThan(moscowMidnight('2026-12-03'));
  });

  it('lets the recipient withdraw until the window is scheduled, not after', async () => {
    const { cdb } = setup();
    const early = await cdb.receive(application(), T0);
    expect(await cdb.cancel(early.processId, at(HOUR))).toEqual({ cancelled: true });
    const view = await cdb.view(early.processId, 0, at(10 * HOUR));
    expect(view?.messages.map((m) => m.type)).toEqual(['Accepted', 'DonorCheck', 'Cancelled']);
    expect(view?.closed).toBe(true);
    const late = await cdb.receive(application({ applicationId: 'app-2' }), at(11 * HOUR));
    const result = await cdb.cancel(late.processId, at(14 * HOUR));
    expect(result).toMatchObject({ cancelled: false });
  });

  it('refuses a malformed application outright', async () => {
    const { cdb } = setup();
    await expect(cdb.receive({ ...application(), msisdn: '123' }, T0)).rejects.toThrow(/заполнено/);
    await expect(cdb.receive({ ...application(), recipient: MTS }, T0)).rejects.toThrow(/совпадает/);
  });
});
