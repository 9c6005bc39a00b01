import { eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { allOperators, legalNameSpellings } from '../operators';
import { regionNames } from '../regions';
import { lookupState, numberingRanges, portedNumbers } from './tables';

// Any constant works; it only has to be the same on every node. Writers of the ported-number
// registry take it for their transaction, so change sequence numbers become visible in order and a
// node that has seen sequence N never misses a smaller one committed later.
const PORTED_WRITE_LOCK = 7_242_004;

const STATE_ID = 1;

/** Makes sure the single state row exists. */
export async function ensureLookupState(db: Database): Promise<void> {
  await db.insert(lookupState).values({ id: STATE_ID }).onConflictDoNothing();
}

/** The versions and plan facts every node compares against its index. */
export async function readLookupState(db: Database) {
  const [row] = await db.select().from(lookupState).where(eq(lookupState.id, STATE_ID));
  return row;
}

/**
 * What every node polls each second: the two versions and the newest change's sequence number. The
 * maximum is read from the change index (one index probe whatever the table's statistics: PGlite
 * runs no autovacuum, so it has none until an import analyses the table), and the state row's
 * summaries are left unread.
 */
export async function readLookupVersions(db: Database): Promise<
  | {
      planVersion: number;
      portedGeneration: number;
      maxSeq: number;
      /** Registry writes queued over STRANDED_SECONDS ago are waiting still: their writer stopped before its flush. */
      stranded: boolean;
    }
  | undefined
> {
  const [row] = await rowsOf<{
    plan_version: number;
    ported_generation: number;
    max_seq: string | number | null;
    stranded: boolean;
  }>(
    db,
    sql`
      select plan_version, ported_generation, (select max(change_seq) from ported_numbers) as max_seq,
        exists (select 1 from ported_writes where queued_at < now() - make_interval(secs => ${STRANDED_SECONDS})) as stranded
      from lookup_state where id = ${STATE_ID}`,
  );
  return row
    ? {
        planVersion: row.plan_version,
        portedGeneration: row.ported_generation,
        maxSeq: Number(row.max_seq ?? 0),
        stranded: row.stranded === true,
      }
    : undefined;
}

/** A queued registry write older than this is flushed by any node's poll (decision 146). */
const STRANDED_SECONDS = 10;

/** The state row, locked for the rest of the transaction: one import at a time. */
export async function lockLookupState(db: Database) {
  await ensureLookupState(db);
  const [row] = await db.select().from(lookupState).where(eq(lookupState.id, STATE_ID)).for('update');
  return row;
}

export interface PlanRangeRow {
  id: number;
  fromMsisdn: number;
  toMsisdn: number;
  operatorId: number;
  legalName: string;
  inn: string | null;
  regionText: string;
  regionCodes: number[];
}

/** Every range of the current plan. */
export async function loadPlanRanges(db: Database): Promise<PlanRangeRow[]> {
  return db.select().from(numberingRanges);
}

/** Replaces the whole plan and records what was imported; run inside the caller's transaction. */
export async function replacePlanRanges(
  db: Database,
  rows: PlanRangeRow[],
  facts: { source: string; isDemo: boolean; summary: unknown },
): Promise<void> {
  await db.delete(numberingRanges);
  for (let i = 0; i < rows.length; i += 2000) {
    const chunk = rows.slice(i, i + 2000).map((r) => ({
      id: r.id,
      from_msisdn: r.fromMsisdn,
      to_msisdn: r.toMsisdn,
      operator_id: r.operatorId,
      legal_name: r.legalName,
      inn: r.inn,
      region_text: r.regionText,
      region_codes: r.regionCodes,
    }));
    // One JSON parameter per chunk: the same statement on PGlite and node-postgres, no parameter limit.
    await db.execute(sql`
      insert into numbering_ranges (id, from_msisdn, to_msisdn, operator_id, legal_name, inn, region_text, region_codes)
      select id, from_msisdn, to_msisdn, operator_id, legal_name, inn, region_text, region_codes
      from json_to_recordset(${JSON.stringify(chunk)}::json) as x(
        id int, from_msisdn bigint, to_msisdn bigint, operator_id int, legal_name text, inn text,
        region_text text, region_codes int[])`);
  }
  await db
    .update(lookupState)
    .set({
      planVersion: sql`${lookupState.planVersion} + 1`,
      planSource: facts.source,
      planIsDemo: facts.isDemo,
      planImportedAt: sql`now()`,
      planSummary: facts.summary,
    })
    .where(eq(lookupState.id, STATE_ID));
}

// The operators and regions are read through their owners' faces (decision 131).

/** Operators with what the lookup answer shows of them. */
export async function loadOperatorsBrief(db: Database) {
  return (await allOperators(db)).map(({ id, slug, name, isListed }) => ({ id, slug, name, isListed }));
}

/** Site region names by FNS code. */
export async function loadRegionNames(db: Database) {
  return [...(await regionNames(db)).values()].map(({ code, name }) => ({ code, name }));
}

/** Every known legal-name spelling and the operators' INNs, for matching registry names. */
export async function loadOperatorMatching(db: Database) {
  const [names, ops] = await Promise.all([legalNameSpellings(db), allOperators(db)]);
  return { names, ops: ops.map(({ id, slug, inn, isListed }) => ({ id, slug, inn, isListed })) };
}

export { insertLegalName, insertRegistryOperator } from '../operators';

export interface PortedWrite {
  msisdn: number;
  /** Null: the number went back to its range holder. */
  operatorId: number | null;
  regionCode: number | null;
  portedOn: string | null;
  mnc: string | null;
  route: string | null;
}

/** Serialises writers of the ported registry for the rest of the transaction (see PORTED_WRITE_LOCK). */
export async function lockPortedWrites(db: Database): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${PORTED_WRITE_LOCK})`);
}

/** Inserts or replaces ported numbers; each change gets a new sequence number. Call after lockPortedWrites. */
export async function upsertPorted(db: Database, rows: PortedWrite[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 5000) {
    // One statement cannot touch a row twice: within a chunk the last line for a number wins.
    const unique = new Map(rows.slice(i, i + 5000).map((r) => [r.msisdn, r]));
    const chunk = [...unique.values()].map((r) => ({
      msisdn: r.msisdn,
      operator_id: r.operatorId,
      region_code: r.regionCode,
      ported_on: r.portedOn,
      mnc: r.mnc,
      route: r.route,
    }));
    await db.execute(sql`
      insert into ported_numbers (msisdn, operator_id, region_code, ported_on, mnc, route, change_seq)
      select msisdn, operator_id, region_code, ported_on, mnc, route, nextval('ported_change_seq')
      from json_to_recordset(${JSON.stringify(chunk)}::json) as x(
        msisdn bigint, operator_id int, region_code int, ported_on date, mnc text, route text)
      on conflict (msisdn) do update set
        operator_id = excluded.operator_id, region_code = excluded.region_code, ported_on = excluded.ported_on,
        mnc = excluded.mnc, route = excluded.route, change_seq = excluded.change_seq`);
  }
}

/**
 * Queues registry writes in the caller's transaction without the registry's lock (decision 146): they
 * reach `ported_numbers` with the next flushPortedWrites, which the writer calls after its commit.
 */
export async function queuePortedWrites(db: Database, rows: PortedWrite[]): Promise<void> {
  if (rows.length === 0) return;
  const chunk = rows.map((r) => ({
    msisdn: r.msisdn,
    operator_id: r.operatorId,
    region_code: r.regionCode,
    ported_on: r.portedOn,
    mnc: r.mnc,
    route: r.route,
  }));
  await db.execute(sql`
    insert into ported_writes (msisdn, operator_id, region_code, ported_on, mnc, route, seen_seq)
    select msisdn, operator_id, region_code, ported_on, mnc, route, coalesce(pg_sequence_last_value('ported_change_seq'), 0)
    from json_to_recordset(${JSON.stringify(chunk)}::json) as x(
      msisdn bigint, operator_id int, region_code int, ported_on date, mnc text, route text)`);
}

/** Rows moved by one flush transaction at most. */
const FLUSH_CHUNK = 5000;

/**
 * Moves the queued registry writes into `ported_numbers` under the registry's lock, oldest first, each
 * with a new sequence number; a number the registry changed after the write was queued keeps that change.
 * Answers how many were moved.
 */
async function movePortedWrites(db: Database): Promise<number> {
  let moved = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      await lockPortedWrites(tx);
      // Taken after the lock: every writer of the registry holds it, so what this reads of it stays so.
      const [row] = await rowsOf<{ n: string | number }>(
        tx,
        sql`
          with moved as (
            delete from ported_writes
            where id in (select id from ported_writes order by id limit ${FLUSH_CHUNK})
            returning id, msisdn, operator_id, region_code, ported_on, mnc, route, seen_seq
          ), latest as (
            select distinct on (msisdn) * from moved order by msisdn, id desc
          ), written as (
            insert into ported_numbers (msisdn, operator_id, region_code, ported_on, mnc, route, change_seq)
            select l.msisdn, l.operator_id, l.region_code, l.ported_on, l.mnc, l.route, nextval('ported_change_seq')
            from (select * from latest order by id) l
            left join ported_numbers p on p.msisdn = l.msisdn
            where p.msisdn is null or p.change_seq <= l.seen_seq
            on conflict (msisdn) do update set
              operator_id = excluded.operator_id, region_code = excluded.region_code, ported_on = excluded.ported_on,
              mnc = excluded.mnc, route = excluded.route, change_seq = excluded.change_seq
            returning 1
          )
          select (select count(*) from moved) as n, (select count(*) from written) as w`,
      );
      return Number(row?.n ?? 0);
    });
    moved += n;
    if (n < FLUSH_CHUNK) return moved;
  }
}

/** Per database: the flush running, and the one that will run after it for callers who came meanwhile. */
const flushes = new WeakMap<Database, { running: Promise<number> | null; next: Promise<number> | null }>();

/**
 * Writes every registry write queued before this call (decision 146). Calls made while a flush runs
 * share the one that starts after it: one lock for the completions of that while, not one each.
 */
export function flushPortedWrites(db: Database): Promise<number> {
  let state = flushes.get(db);
  if (!state) {
    state = { running: null, next: null };
    flushes.set(db, state);
  }
  const s = state;
  if (!s.running) {
    s.running = movePortedWrites(db).finally(() => {
      s.running = null;
    });
    return s.running;
  }
  if (!s.next) {
    s.next = s.running
      .catch(() => 0)
      .then(() => {
        s.next = null;
        return flushPortedWrites(db);
      });
  }
  return s.next;
}

/** Empties the registry before a full dump and tells every node to rebuild from scratch. */
export async function clearPortedForFullDump(db: Database): Promise<void> {
  await db.delete(portedNumbers);
  await db
    .update(lookupState)
    .set({ portedGeneration: sql`${lookupState.portedGeneration} + 1` })
    .where(eq(lookupState.id, STATE_ID));
}

/** Stores the summary of the last ported-registry import. */
export async function savePortedSummary(db: Database, summary: unknown): Promise<void> {
  await db.update(lookupState).set({ portedSummary: summary }).where(eq(lookupState.id, STATE_ID));
}

/**
 * Fresh planner statistics of the registry after a bulk write. PGlite runs no autovacuum: without them
 * it reads the new changes (`change_seq > n`) by scanning and sorting the whole table.
 */
export async function analyzePorted(db: Database): Promise<void> {
  await db.execute(sql`analyze ported_numbers`);
}

/** How many numbers the registry holds and the newest change, read before an index build. */
export async function portedTotals(db: Database): Promise<{ count: number; maxSeq: number }> {
  const rows = await rowsOf<{ count: string | number; max_seq: string | number | null }>(
    db,
    sql`select count(*) as count, max(change_seq) as max_seq from ported_numbers`,
  );
  const row = rows[0];
  return { count: Number(row?.count ?? 0), maxSeq: Number(row?.max_seq ?? 0) };
}

/**
 * One page of the registry in number order after `afterMsisdn`, packed into one text value
 * (`msisdn,operator,day;…`, day = days since 1970, 0 when unknown, operator 0 when returned):
 * parsing one string is far cheaper than building a row object per number. The aggregate takes the
 * subquery's order (an ORDER BY inside string_agg would sort every page again, 2× the cost); the
 * builder checks the order and sorts a page that is not in it.
 */
export async function loadPortedPage(db: Database, afterMsisdn: number, limit: number): Promise<string> {
  const rows = await rowsOf<{ page: string | null }>(
    db,
    sql`
      select string_agg(msisdn::text || ',' || coalesce(operator_id, 0)::text || ',' ||
        coalesce(ported_on - date '1970-01-01', 0)::text, ';') as page
      from (select msisdn, operator_id, ported_on from ported_numbers
            where msisdn > ${afterMsisdn} order by msisdn limit ${limit}) p`,
  );
  return rows[0]?.page ?? '';
}

export interface PortedChange {
  msisdn: number;
  operatorId: number | null;
  portedOn: string | null;
  changeSeq: number;
}

/** Changes after a sequence number, oldest first. */
export async function loadPortedChanges(db: Database, afterSeq: number, limit: number): Promise<PortedChange[]> {
  const rows = await rowsOf<{
    msisdn: string | number;
    operator_id: number | null;
    ported_on: string | Date | null;
    change_seq: string | number;
  }>(
    db,
    sql`
      select msisdn, operator_id, ported_on::text as ported_on, change_seq from ported_numbers
      where change_seq > ${afterSeq} order by change_seq limit ${limit}`,
  );
  return rows.map((r) => ({
    msisdn: Number(r.msisdn),
    operatorId: r.operator_id,
    portedOn: r.ported_on === null ? null : String(r.ported_on).slice(0, 10),
    changeSeq: Number(r.change_seq),
  }));
}

/** One number's entry in the ported registry, if any. */
export async function findPorted(db: Database, msisdn: number) {
  const rows = await rowsOf<{ operator_id: number | null; ported_on: string | null }>(
    db,
    sql`select operator_id, ported_on::text as ported_on from ported_numbers where msisdn = ${msisdn}`,
  );
  const row = rows[0];
  return row ? { operatorId: row.operator_id, portedOn: row.ported_on } : undefined;
}

/**
 * The operator serving each number now, as the registry and the plan say within the caller's
 * transaction: the ported-number registry's, else the range holder's (null outside the plan).
 */
export async function currentOperators(db: Database, msisdns: string[]): Promise<Map<string, number | null>> {
  if (msisdns.length === 0) return new Map();
  const rows = await rowsOf<{ msisdn: string | number; operator_id: number | null }>(
    db,
    sql`
      select x.msisdn, coalesce(p.operator_id, (
        select r.operator_id from numbering_ranges r
        where r.from_msisdn <= x.msisdn and r.to_msisdn >= x.msisdn
        order by r.from_msisdn desc limit 1)) as operator_id
      from (select value::bigint as msisdn from json_array_elements_text(${JSON.stringify(msisdns)}::json)) x
      left join ported_numbers p on p.msisdn = x.msisdn`,
  );
  return new Map(rows.map((r) => [String(r.msisdn), r.operator_id]));
}

/** Whether the registry holds any number at all. */
export async function hasPortedNumbers(db: Database): Promise<boolean> {
  const rows = await rowsOf<{ n: number }>(db, sql`select 1 as n from ported_numbers limit 1`);
  return rows.length > 0;
}

/** Claims the scheduled plan refresh for this node when nobody did within `hours`; true when claimed. */
export async function claimPlanRefresh(db: Database, hours: number): Promise<boolean> {
  await ensureLookupState(db);
  const rows = await db
    .update(lookupState)
    // The database's time, as the check below reads it.
    .set({ refreshClaimedAt: sql`now()` })
    .where(
      sql`${lookupState.id} = ${STATE_ID} and (${lookupState.refreshClaimedAt} is null or ${lookupState.refreshClaimedAt} < now() - make_interval(hours => ${hours}))`,
    )
    .returning({ id: lookupState.id });
  return rows.length > 0;
}

export interface QuotaSpend {
  clientKey: string;
  day: string;
  /** Lookups asked for in this round. */
  count: number;
  limit: number;
}

/**
 * Counts several clients' lookups in one transaction: each row grows by the lookups asked for,
 * never past its limit. The rows are created if missing and locked before they are read, so two
 * nodes counting the same client wait for each other and never both grant the last lookup.
 * Returns, per `client|day`, how many were granted and the count after.
 */
export async function consumeQuotaMany(
  db: Database,
  spends: QuotaSpend[],
): Promise<Map<string, { granted: number; used: number }>> {
  const json = JSON.stringify(spends.map((s) => ({ client_key: s.clientKey, day: s.day })));
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into lookup_quota_usage (client_key, day, used)
      select client_key, day, 0 from json_to_recordset(${json}::json) as x(client_key text, day date)
      order by client_key, day
      on conflict (client_key, day) do nothing`);
    // Locked in one order on every node, so two batches never deadlock.
    const current = await rowsOf<{ client_key: string; day: string; used: number }>(
      tx,
      sql`
        select q.client_key, q.day::text as day, q.used from lookup_quota_usage q
        join json_to_recordset(${json}::json) as x(client_key text, day date)
          on q.client_key = x.client_key and q.day = x.day
        order by q.client_key, q.day
        for update of q`,
    );
    const usedNow = new Map(current.map((r) => [`${r.client_key}|${String(r.day).slice(0, 10)}`, Number(r.used)]));
    const counted = new Map<string, { granted: number; used: number }>();
    const updates: { client_key: string; day: string; used: number }[] = [];
    for (const s of spends) {
      const id = `${s.clientKey}|${s.day}`;
      const before = usedNow.get(id) ?? s.limit;
      const granted = Math.max(0, Math.min(s.count, s.limit - before));
      counted.set(id, { granted, used: before + granted });
      if (granted > 0) updates.push({ client_key: s.clientKey, day: s.day, used: before + granted });
    }
    if (updates.length > 0) {
      await tx.execute(sql`
        update lookup_quota_usage q set used = x.used
        from json_to_recordset(${JSON.stringify(updates)}::json) as x(client_key text, day date, used int)
        where q.client_key = x.client_key and q.day = x.day`);
    }
    return counted;
  });
}

/** Lookups already counted for the client on that day. */
export async function readQuotaUsed(db: Database, clientKey: string, day: string): Promise<number> {
  const rows = await rowsOf<{ used: number }>(
    db,
    sql`select used from lookup_quota_usage where client_key = ${clientKey} and day = ${day}`,
  );
  return Number(rows[0]?.used ?? 0);
}

/** Writes counters kept in process: a count only ever grows, so an older write never lowers a newer one. */
export async function saveQuotaUsed(
  db: Database,
  counts: { clientKey: string; day: string; used: number }[],
): Promise<void> {
  const json = JSON.stringify(counts.map((c) => ({ client_key: c.clientKey, day: c.day, used: c.used })));
  await db.execute(sql`
    insert into lookup_quota_usage (client_key, day, used)
    select client_key, day, used from json_to_recordset(${json}::json) as x(client_key text, day date, used int)
    on conflict (client_key, day) do update set used = greatest(lookup_quota_usage.used, excluded.used)`);
}

/** Drops counters of days that are over. */
export async function deleteQuotaBefore(db: Database, day: string): Promise<void> {
  await db.execute(sql`delete from lookup_quota_usage where day < ${day}`);
}

/** The numbering plan's version (the page cache's data version: the plan's pages change with it). */
export async function planVersion(db: Database): Promise<string> {
  const [row] = await rowsOf<{ version: string | null }>(
    db,
    sql`select plan_version::text as version from ${lookupState} where id = ${STATE_ID}`,
  );
  return row?.version ?? '';
}

/**
 * A condition another module may put in its own statement: the ported-number registry has a porting day
 * of the number on or after `since` that is not `except(r.ported_on)`. Written here, so that the registry's
 * table is named only by this module (decision 131); `msisdn` is the caller's expression (text digits).
 */
export function portedInRegistrySince(msisdn: SQL, since: SQL, except: (portedOn: SQL) => SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${portedNumbers} r where r.msisdn = ${msisdn}::bigint
    and r.ported_on >= ${since} and not (${except(sql`r.ported_on`)}))`;
}
