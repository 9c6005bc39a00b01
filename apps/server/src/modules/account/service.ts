import type { Database } from '../../db/client';
import { logoUrl } from '../operators/logo';
import * as repo from './repository';

export { syncEsiaNumbers } from './repository';

interface OperatorRow {
  id: number | null;
  slug: string | null;
  name: string | null;
}

/** The operator as the account shows it, or null when unknown. */
export function presentOperator(op: OperatorRow | null) {
  if (!op || op.id === null || op.slug === null || op.name === null) return null;
  return { operatorId: op.id, operatorLogo: logoUrl(op.slug), operatorName: op.name };
}

/** Facts about each of the user's numbers; a number's operator is its last finished portation's target. */
async function describeNumbers(db: Database, userId: number, msisdns: string[]) {
  const facts = await repo.numberFacts(db, userId, msisdns);
  return msisdns.map((msisdn) => {
    const own = facts.numbers.find((n) => n.msisdn === msisdn);
    const done = facts.lastDone.find((d) => d.msisdn === msisdn);
    const order = facts.lastOrders.find((o) => o.msisdn === msisdn);
    const operator = presentOperator(
      done?.operatorId
        ? { id: done.operatorId, slug: done.operatorSlug, name: done.operatorName }
        : own
          ? { id: own.operatorId, slug: own.operatorSlug, name: own.operatorName }
          : null,
    );
    const regionCode = own?.regionCode ?? order?.regionCode ?? null;
    const regionName = own?.regionName ?? order?.regionName ?? null;
    return {
      msisdn,
      isEsiaMsisdn: own?.isEsiaMsisdn ?? false,
      lastPortation: done?.portationAt?.toISOString() ?? null,
      operatorId: operator?.operatorId ?? null,
      operatorLogo: operator?.operatorLogo ?? null,
      operatorName: operator?.operatorName ?? null,
      regionCode,
      regionName,
    };
  });
}

/** The account overview: the user's name and numbers. */
export async function accountInfo(db: Database, userId: number, userName: string) {
  const msisdns = await repo.listUserMsisdns(db, userId);
  return { userName, msisdns: await describeNumbers(db, userId, msisdns) };
}

/** One number's facts, or null when it is not the user's (the caller answers 404 either way). */
export async function msisdnInfo(db: Database, userId: number, msisdn: string) {
  const msisdns = await repo.listUserMsisdns(db, userId);
  if (!msisdns.includes(msisdn)) return null;
  const [info] = await describeNumbers(db, userId, [msisdn]);
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
      portationDate: r.portationDate?.toISOString() ?? null,
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
      description: e.description,
    })),
  };
}
