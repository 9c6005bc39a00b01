import type { Database } from '../../db/client';
import { moscowDay } from '../../lib/moscow';
import type { LookupAnswer } from '../lookup/engine';
import { presentOperator } from '../operators/presenter';
import * as repo from './repository';

export { syncEsiaNumbers } from './repository';

/** The lookup index's answer for a number: the account says what /check says. */
export type NumberLookup = (msisdn: string) => Promise<LookupAnswer | undefined>;

/** Facts about each of the user's numbers: operator, region and last porting from the lookup index. */
async function describeNumbers(db: Database, lookup: NumberLookup, userId: number, msisdns: string[]) {
  const [marks, answers] = await Promise.all([
    repo.esiaMarks(db, userId, msisdns),
    Promise.all(msisdns.map((m) => lookup(m))),
  ]);
  return msisdns.map((msisdn, i) => {
    const a = answers[i];
    return {
      msisdn,
      isEsiaMsisdn: marks.get(msisdn) ?? false,
      lastPortation: a?.lastPortation ?? null,
      operatorId: a?.operatorId ?? null,
      operatorLogo: a?.operatorLogo ?? null,
      operatorName: a?.operatorName ?? null,
      regionCode: a?.regionCode ?? null,
      regionName: a?.regionName ?? null,
    };
  });
}

/** The account overview: the user's name and numbers. */
export async function accountInfo(db: Database, lookup: NumberLookup, userId: number, userName: string) {
  const msisdns = await repo.listUserMsisdns(db, userId);
  return { userName, msisdns: await describeNumbers(db, lookup, userId, msisdns) };
}

/** One number's facts, or null when it is not the user's (the caller answers 404 either way). */
export async function msisdnInfo(db: Database, lookup: NumberLookup, userId: number, msisdn: string) {
  const msisdns = await repo.listUserMsisdns(db, userId);
  if (!msisdns.includes(msisdn)) return null;
  const [info] = await describeNumbers(db, lookup, userId, [msisdn]);
  return info ?? null;
}

type Paging<S> = { skip: number; take: number; sortBy: S; sortDesc: boolean };

/** A page of the number's orders. */
export async function accountOrders(db: Database, userId: number, msisdn: string, paging: Paging<repo.OrderSort>) {
  const { rows, totalRows } = await repo.listOrders(db, { userId, msisdn, ...paging });
  return {
    data: rows.map((r) => ({
      id: r.id,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      lastUpdate: r.lastUpdateAt.toISOString(),
      portationDate: r.portationDate,
      tariffName: r.tariffName,
      fromOperator: presentOperator(r.fromOperator),
      toOperator: presentOperator(r.toOperator),
    })),
    offset: paging.skip,
    pageSize: paging.take,
    totalRows,
  };
}

type PortationRow = Awaited<ReturnType<typeof repo.listPortations>>['rows'][number];

function presentPortation(r: PortationRow) {
  return {
    id: r.id,
    orderId: r.orderId,
    status: r.status,
    startedAt: r.startedAt.toISOString(),
    portationAt: r.portationAt?.toISOString() ?? null,
    // The order's day where there is an order; a porting made elsewhere has its registry day.
    portationDate: r.orderDate ?? (r.portationAt ? moscowDay(r.portationAt) : null),
    lastUpdatedAt: r.lastUpdatedAt.toISOString(),
    fromOperator: presentOperator(r.fromOperator),
    toOperator: presentOperator(r.toOperator),
  };
}

/** A page of the number's portations. */
export async function accountPortations(
  db: Database,
  userId: number,
  msisdn: string,
  paging: Paging<repo.PortationSort>,
) {
  const { rows, totalRows } = await repo.listPortations(db, { userId, msisdn, ...paging });
  return { data: rows.map(presentPortation), offset: paging.skip, pageSize: paging.take, totalRows };
}

/** One portation with its timeline, or null when it is not on the user's number. */
export async function portationInfo(db: Database, userId: number, msisdn: string, portationId: number) {
  const row = await repo.findPortation(db, userId, msisdn, portationId);
  if (!row) return null;
  return {
    ...presentPortation(row),
    msisdn,
    events: row.events.map((e) => ({
      occurredAt: e.occurredAt.toISOString(),
      status: e.status,
      kind: e.kind,
      description: e.description,
    })),
  };
}
