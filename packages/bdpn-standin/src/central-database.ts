import { randomUUID } from 'node:crypto';
import { type Contract, DEMO_CONTRACTS, donorCheck } from './donor';
import {
  formatDay,
  isOpen,
  isScheduled,
  moscowDay,
  type Outcome,
  type ProcessRecord,
  STEP,
  timeline,
  windowFor,
} from './process';
import type { Application, CancelResult, ProcessView } from './protocol';

/** Where the stand-in keeps its records: the site's database in the app, memory in unit tests. */
export interface ProcessStore {
  /** Stores a new record; when one with the same application id exists, returns that one instead. */
  insert(record: ProcessRecord): Promise<ProcessRecord>;
  get(id: string): Promise<ProcessRecord | undefined>;
  /** Every record of a number (to find an open process). */
  forMsisdn(msisdn: string): Promise<ProcessRecord[]>;
  update(record: ProcessRecord): Promise<void>;
  /** The newest records (the stand-in's page). */
  recent(limit: number): Promise<ProcessRecord[]>;
  /** Records a payment of a number's debt with the donor (real time, ms). */
  payDebt(msisdn: string, at: number): Promise<void>;
  /** The numbers whose debts are paid, and when. */
  debtPayments(msisdns: string[]): Promise<Record<string, number>>;
}

/** What the central database's own registry says of a number (the numbering plan and the ported numbers). */
export interface RegistryEntry {
  /** The current operator's ИНН. */
  operatorInn: string | null;
  /** Regions of the number's range (FNS codes). */
  regionCodes: number[];
  /** `YYYY-MM-DD` of the last completed porting, if any. */
  lastPortedOn: string | null;
}

export interface CentralDatabaseOptions {
  store: ProcessStore;
  /** The registry lookup; undefined when the number is in no range of the plan. */
  registry: (msisdn: string) => RegistryEntry | undefined | Promise<RegistryEntry | undefined>;
  /** Every wait of the process runs this many times faster (demo and tests). */
  timeScale?: number;
  /**
   * The donor answers no sooner than this many real ms after an application arrives, whatever the scale
   * (the demo's 60 s: a person has a minute to withdraw before the window is set). Default 0.
   */
  donorWaitMs?: number;
  /** The stand-in's clock: the machine's unless given (a call may still pass its own `now`). */
  now?: () => Date;
  contracts?: readonly Contract[];
  /**
   * Numbers whose porting window the central database moves by a day (its own maintenance), with the
   * reason it gives. The demo moves one citizen's, so the «перенос отложен» path is seen.
   */
  movedWindows?: Readonly<Record<string, string>>;
}

/** The demo's moved window: Смирнов's number, on the central database's maintenance night. */
export const DEMO_MOVED_WINDOWS: Readonly<Record<string, string>> = {
  '79286667788': 'плановые работы в БДПН в ночь переноса',
};

/** Days between ported numbers' portings (Russian MNP rule). */
export const MIN_DAYS_BETWEEN_PORTINGS = 60;

const DAY = 24 * 3600_000;

export class ApplicationError extends Error {}

/**
 * The central database of ported numbers and the donors behind it, as a recipient operator meets
 * them: an application is received, checked within minutes, sent to the donor, answered, scheduled
 * for the night of the chosen day, and carried out in that window.
 */
export class CentralDatabase {
  private readonly timeScale: number;
  private readonly donorWaitMs: number;
  private readonly contracts: readonly Contract[];
  /** The time now, as the stand-in reads it. */
  readonly now: () => Date;

  constructor(private readonly options: CentralDatabaseOptions) {
    this.timeScale = options.timeScale ?? 1;
    this.donorWaitMs = options.donorWaitMs ?? 0;
    this.now = options.now ?? (() => new Date());
    this.contracts = options.contracts ?? DEMO_CONTRACTS;
  }

  /** Receives an application; the same application id again answers the process already made for it. */
  async receive(application: Application, now = this.now()): Promise<{ processId: string; receivedAt: string }> {
    validate(application);
    const receivedAt = now.getTime();
    const record: ProcessRecord = {
      id: randomUUID(),
      // The stand-in keeps the signed application's hash, not its files: it is not the recipient's archive.
      application: application.signedApplication
        ? {
            ...application,
            signedApplication: { pdf: '', signature: '', pdfHash: application.signedApplication.pdfHash },
          }
        : application,
      receivedAt,
      timeScale: this.timeScale,
      ...(this.donorWaitMs > 0 ? { donorWaitMs: this.donorWaitMs } : {}),
      outcome: await this.decide(application, receivedAt),
    };
    const stored = await this.options.store.insert(record);
    return { processId: stored.id, receivedAt: new Date(stored.receivedAt).toISOString() };
  }

  /** The messages of a process after `afterSeq`; undefined when there is no such process. */
  async view(processId: string, afterSeq: number, now = this.now()): Promise<ProcessView | undefined> {
    const record = await this.options.store.get(processId);
    if (!record) return undefined;
    const { messages, nextAt } = timeline(record, now.getTime());
    return {
      processId,
      messages: messages.filter((m) => m.seq > afterSeq),
      nextPollAt: nextAt === null ? null : new Date(nextAt).toISOString(),
      closed: nextAt === null,
    };
  }

  /**
   * The donor's record of a number's debt is settled (the demo's «pay» button). Open processes waiting
   * for that payment go on; a later application finds no debt on the number.
   */
  async payDebt(msisdn: string, now = this.now()): Promise<{ paid: boolean }> {
    const at = now.getTime();
    const owed = this.contracts.some((c) => c.msisdn === msisdn && c.debtRub > 0);
    if (!owed) return { paid: false };
    await this.options.store.payDebt(msisdn, at);
    const holder = this.contracts.find((c) => c.msisdn === msisdn)?.passport;
    const same = (p: { series: string; number: string }) =>
      `${p.series}${p.number}`.replace(/\D/g, '') === `${holder?.series}${holder?.number}`.replace(/\D/g, '');
    const numbers = this.contracts.filter((c) => same(c.passport)).map((c) => c.msisdn);
    for (const number of numbers) {
      for (const record of await this.options.store.forMsisdn(number)) {
        const debt = record.outcome.stage === 'ported' ? record.outcome.debt : undefined;
        if (!debt?.msisdns.includes(msisdn) || !isOpen(record, at) || record.debtPaid?.[msisdn] !== undefined) continue;
        await this.options.store.update({ ...record, debtPaid: { ...record.debtPaid, [msisdn]: at } });
      }
    }
    return { paid: true };
  }

  /** Withdraws an application; refused once the window is scheduled or the process is over. */
  async cancel(processId: string, now = this.now()): Promise<CancelResult | undefined> {
    const record = await this.options.store.get(processId);
    if (!record) return undefined;
    const at = now.getTime();
    if (record.cancelledAt !== undefined) return { cancelled: true };
    if (isScheduled(record, at)) {
      return { cancelled: false, reason: 'окно переноса уже назначено: заявление отозвать нельзя' };
    }
    if (!isOpen(record, at)) return { cancelled: false, reason: 'процесс переноса уже завершён' };
    await this.options.store.update({ ...record, cancelledAt: at });
    return { cancelled: true };
  }

  /** Every check of the central database and of the donor, made when the application arrives. */
  private async decide(application: Application, receivedAt: number): Promise<Outcome> {
    const { msisdn } = application;
    const entry = await this.options.registry(msisdn);
    if (!entry) return { stage: 'cdb', code: 'not-in-plan', reason: 'номер не входит в план нумерации' };
    if (!entry.regionCodes.includes(application.regionCode)) {
      return { stage: 'cdb', code: 'other-region', reason: 'номер принадлежит другому региону нумерации' };
    }
    if (entry.operatorInn !== null && entry.operatorInn !== application.donor.inn) {
      return { stage: 'cdb', code: 'not-donor', reason: 'номер обслуживает другой оператор, не указанный в заявлении' };
    }
    const others = await this.options.store.forMsisdn(msisdn);
    if (others.some((r) => r.application.applicationId !== application.applicationId && isOpen(r, receivedAt))) {
      return { stage: 'cdb', code: 'open-process', reason: 'по номеру уже идёт другой перенос' };
    }
    // The last porting: the registry's, or one this database carried out and the registry has not caught up with.
    const portedHere = others.flatMap((r) =>
      timeline(r, receivedAt)
        .messages.filter((m) => m.type === 'Ported')
        .map((m) => moscowDay(Date.parse(m.at))),
    );
    const last = [entry.lastPortedOn, ...portedHere]
      .filter((d): d is string => d !== null)
      .sort()
      .at(-1);
    if (last !== undefined) {
      const allowed = moscowDay(Date.parse(`${last}T00:00:00Z`) + MIN_DAYS_BETWEEN_PORTINGS * DAY);
      if (moscowDay(receivedAt) < allowed) {
        return {
          stage: 'cdb',
          code: 'recently-ported',
          reason: `номер переносили ${formatDay(last)}, повторный перенос возможен с ${formatDay(allowed)}`,
        };
      }
    }
    // The donor serves the holder's other numbers too when the registry says so: their debts count.
    const donorOf = new Map<string, boolean>();
    for (const c of this.contracts) {
      if (c.msisdn !== msisdn && c.debtRub > 0) {
        donorOf.set(c.msisdn, (await this.options.registry(c.msisdn))?.operatorInn === application.donor.inn);
      }
    }
    const donor = donorCheck(this.contracts, msisdn, application.subscriber.passport, (m) => donorOf.get(m) ?? false);
    if (!donor.accepted) return { stage: 'donor', code: donor.code, reason: donor.reason };
    const windowStart = windowFor(application, receivedAt, this.timeScale, this.donorWaitMs);
    const outcome: Outcome = { stage: 'ported', windowStart, temporaryMsisdn: temporaryNumber(application) };
    const paid = await this.options.store.debtPayments(donor.debts.map((d) => d.msisdn));
    const unpaid = donor.debts.filter((d) => paid[d.msisdn] === undefined);
    if (unpaid.length > 0) {
      // Noticed with the donor's answer, to be paid two days before the window (a day at least).
      const noticed = receivedAt + STEP.check + STEP.donor;
      outcome.debt = {
        amountRub: unpaid.reduce((sum, d) => sum + d.amountRub, 0),
        payBy: Math.max(windowStart - STEP.payBeforeWindow, noticed + STEP.payAtLeast),
        msisdns: unpaid.map((d) => d.msisdn),
        items: unpaid.map((d) => ({ msisdn: d.msisdn, amountRub: d.amountRub })),
      };
    }
    const moved = this.options.movedWindows?.[msisdn];
    if (moved) outcome.moved = { windowStart: windowStart + DAY, reason: moved };
    return outcome;
  }
}

/** The recipient's temporary number for the subscriber's new SIM: stable for the application, from its id. */
function temporaryNumber(application: Application): string | undefined {
  if (!application.sim) return undefined;
  let h = 0;
  for (const ch of application.applicationId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return `7958${String(h % 10_000_000).padStart(7, '0')}`;
}

/** Refuses an application that is not one (missing fields, wrong formats): answered as HTTP 400. */
function validate(a: Application): void {
  const ok =
    typeof a.applicationId === 'string' &&
    a.applicationId.length > 0 &&
    a.applicationId.length <= 100 &&
    /^7\d{10}$/.test(String(a.msisdn)) &&
    Number.isInteger(a.regionCode) &&
    /^\d{4}-\d{2}-\d{2}$/.test(String(a.portationDate)) &&
    typeof a.donor?.inn === 'string' &&
    typeof a.recipient?.inn === 'string' &&
    typeof a.subscriber?.lastName === 'string' &&
    typeof a.subscriber?.passport?.series === 'string' &&
    typeof a.subscriber?.passport?.number === 'string';
  if (!ok) throw new ApplicationError('заявление заполнено не полностью или с ошибками');
  const signed = a.signedApplication;
  const base64 = /^[A-Za-z0-9+/]+={0,2}$/;
  if (
    signed !== undefined &&
    !(
      base64.test(String(signed?.pdf)) &&
      base64.test(String(signed?.signature)) &&
      /^[0-9a-f]{64}$/.test(String(signed?.pdfHash))
    )
  ) {
    throw new ApplicationError('подписанное заявление передано неверно: нужны PDF, подпись CMS (base64) и хэш PDF');
  }
  if (a.donor.inn === a.recipient.inn) throw new ApplicationError('оператор-реципиент совпадает с оператором-донором');
}

/** A store in memory, for tests of the stand-in itself. */
export class MemoryStore implements ProcessStore {
  private readonly records = new Map<string, ProcessRecord>();

  async insert(record: ProcessRecord): Promise<ProcessRecord> {
    for (const r of this.records.values()) {
      if (r.application.applicationId === record.application.applicationId) return r;
    }
    this.records.set(record.id, record);
    return record;
  }

  async get(id: string): Promise<ProcessRecord | undefined> {
    return this.records.get(id);
  }

  async forMsisdn(msisdn: string): Promise<ProcessRecord[]> {
    return [...this.records.values()].filter((r) => r.application.msisdn === msisdn);
  }

  async update(record: ProcessRecord): Promise<void> {
    this.records.set(record.id, record);
  }

  private readonly payments = new Map<string, number>();

  async payDebt(msisdn: string, at: number): Promise<void> {
    if (!this.payments.has(msisdn)) this.payments.set(msisdn, at);
  }

  async debtPayments(msisdns: string[]): Promise<Record<string, number>> {
    return Object.fromEntries(msisdns.flatMap((m) => (this.payments.has(m) ? [[m, this.payments.get(m) ?? 0]] : [])));
  }

  /** Every record, newest first (the stand-in's page). */
  async recent(limit: number): Promise<ProcessRecord[]> {
    return [...this.records.values()].sort((a, b) => b.receivedAt - a.receivedAt).slice(0, limit);
  }
}
