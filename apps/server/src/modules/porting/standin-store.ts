import {
  CentralDatabase,
  DEMO_MOVED_WINDOWS,
  type ProcessRecord,
  type ProcessStore,
  type RegistryEntry,
} from '@perenos/bdpn-standin';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { LookupAnswer } from '../lookup';
import { type PortingGateway, UnknownProcess } from './gateway';
import { operatorsByIds } from './repository';
import { bdpnStandinDebtPayments, bdpnStandinProcesses } from './tables';

/** The central database's view of a number, from a lookup of this node's index (the stand-in's registry). */
export function lookupRegistry(
  db: Database,
  lookup: (msisdn: string) => Promise<LookupAnswer | undefined>,
): (msisdn: string) => Promise<RegistryEntry | undefined> {
  // The read itself is kept, so the many applications of one moment that name an operator read it once.
  const inn = new Map<number, Promise<string | null>>();
  const innOf = (operatorId: number) => {
    let known = inn.get(operatorId);
    if (!known) {
      known = operatorsByIds(db, [operatorId]).then(([op]) => op?.inn ?? null);
      known.catch(() => inn.delete(operatorId));
      inn.set(operatorId, known);
    }
    return known;
  };
  return async (msisdn) => {
    const answer = await lookup(msisdn);
    if (!answer) return undefined;
    return {
      operatorInn: await innOf(answer.operatorId),
      regionCodes: answer.regionCodes,
      lastPortedOn: answer.lastPortation,
    };
  };
}

/**
 * A gateway straight to an in-process central-database stand-in, on a clock the caller moves: the
 * demo's history and the state-machine test run years of portings in seconds without HTTP.
 */
export function clockedStandinGateway(
  db: Database,
  lookup: (msisdn: string) => Promise<LookupAnswer | undefined>,
  at: () => Date,
  /** Every wait of a process filed through it runs this many times faster. */
  timeScale = 1,
): PortingGateway {
  const cdb = new CentralDatabase({
    store: databaseProcessStore(db),
    timeScale,
    registry: lookupRegistry(db, lookup),
    movedWindows: DEMO_MOVED_WINDOWS,
  });
  return {
    submit: (application) => cdb.receive(application, at()),
    poll: async (id, after) => {
      const view = await cdb.view(id, after, at());
      if (!view) throw new UnknownProcess('нет процесса');
      return view;
    },
    cancel: async (id) => (await cdb.cancel(id, at())) ?? { cancelled: false, reason: 'нет процесса' },
  };
}

/** The central-database stand-in's records in the site's database, so every node sees the same processes. */
export function databaseProcessStore(db: Database): ProcessStore {
  const toRecord = (row: { record: unknown }) => row.record as ProcessRecord;
  return {
    async insert(record) {
      const inserted = await db
        .insert(bdpnStandinProcesses)
        .values({
          id: record.id,
          applicationId: record.application.applicationId,
          msisdn: record.application.msisdn,
          record,
        })
        .onConflictDoNothing({ target: bdpnStandinProcesses.applicationId })
        .returning({ record: bdpnStandinProcesses.record });
      if (inserted[0]) return toRecord(inserted[0]);
      const [existing] = await db
        .select({ record: bdpnStandinProcesses.record })
        .from(bdpnStandinProcesses)
        .where(eq(bdpnStandinProcesses.applicationId, record.application.applicationId));
      if (!existing) throw new Error('stand-in record vanished');
      return toRecord(existing);
    },
    async get(id) {
      const [row] = await db
        .select({ record: bdpnStandinProcesses.record })
        .from(bdpnStandinProcesses)
        .where(eq(bdpnStandinProcesses.id, id));
      return row ? toRecord(row) : undefined;
    },
    async forMsisdn(msisdn) {
      const rows = await db
        .select({ record: bdpnStandinProcesses.record })
        .from(bdpnStandinProcesses)
        .where(eq(bdpnStandinProcesses.msisdn, msisdn));
      return rows.map(toRecord);
    },
    async update(record) {
      await db.update(bdpnStandinProcesses).set({ record }).where(eq(bdpnStandinProcesses.id, record.id));
    },
    async payDebt(msisdn, at) {
      await db
        .insert(bdpnStandinDebtPayments)
        .values({ msisdn, paidAt: new Date(at) })
        .onConflictDoNothing();
    },
    async debtPayments(msisdns) {
      if (msisdns.length === 0) return {};
      const rows = await db
        .select()
        .from(bdpnStandinDebtPayments)
        .where(inArray(bdpnStandinDebtPayments.msisdn, msisdns));
      return Object.fromEntries(rows.map((r) => [r.msisdn, r.paidAt.getTime()]));
    },
    async recent(limit) {
      const rows = await db
        .select({ record: bdpnStandinProcesses.record })
        .from(bdpnStandinProcesses)
        .orderBy(desc(bdpnStandinProcesses.createdAt))
        .limit(limit);
      return rows.map(toRecord);
    },
  };
}
