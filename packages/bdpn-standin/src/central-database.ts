import { randomUUID } from 'node:crypto';
import { type Contract, DEMO_CONTRACTS, donorCheck } from './donor';
import { isOpen, isScheduled, moscowDay, type Outcome, type ProcessRecord, timeline, windowFor } from './process';
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
  contracts?: readonly Contract[];
}

/** Days between ported numbers' portings (Russian MNP rule). */
export const MIN_DAYS_BETWEEN_PORTINGS = 60;

const DAY = 24 * 3600_000;

function formatDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}

export class ApplicationError extends Error {}

/**
 * The central database of ported numbers and the donors behind it, as a recipient operator meets
 * them: an application is received, checked within minutes, sent to the donor, answered, scheduled
 * for the night of the chosen day, and carried out in that window.
 */
export class CentralDatabase {
  private readonly timeScale: number;
  private readonly contracts: readonly Contract[];

  constructor(private readonly options: CentralDatabaseOptions) {
    this.timeScale = options.timeScale ?? 1;
    this.contracts = options.contracts ?? DEMO_CONTRACTS;
  }

  /** Receives an application; the same application id again answers the process already made for it. */
  async receive(application: Application, now = new Date()): Promise<{ processId: string; receivedAt: string }> {
    validate(application);
    const receivedAt = now.getTime();
    const record: ProcessRecord = {
      id: randomUUID(),
      application,
      receivedAt,
      timeScale: this.timeScale,
      outcome: await this.decide(application, receivedAt),
    };
    const stored = await this.options.store.insert(record);
    return { processId: stored.id, receivedAt: new Date(stored.receivedAt).toISOString() };
  }

  /** The messages of a process after `afterSeq`; undefined when there is no such process. */
  async view(processId: string, afterSeq: number, now = new Date()): Promise<ProcessView | undefined> {
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

  /** Withdraws an application; refused once the window is scheduled or the process is over. */
  async cancel(processId: string, now = new Date()): Promise<CancelResult | undefined> {
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
    const donor = donorCheck(this.contracts, msisdn, application.subscriber.passport);
    if (!donor.accepted) return { stage: 'donor', code: donor.code, reason: donor.reason };
    return { stage: 'ported', windowStart: windowFor(application, receivedAt, this.timeScale) };
  }
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

  /** Every record, newest first (the stand-in's page). */
  async recent(limit: number): Promise<ProcessRecord[]> {
    return [...this.records.values()].sort((a, b) => b.receivedAt - a.receivedAt).slice(0, limit);
  }
}
