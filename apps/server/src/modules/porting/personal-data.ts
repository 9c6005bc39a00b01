import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { forgetIdlePassports as forgetUsersIdlePassports } from '../users';
import { forgetSignatures, forgetSignaturesOf } from './signature/repository';
import { bdpnStandinProcesses, numberCodes, portationEvents, portationOrders } from './tables';

// Personal data in applications: privacy decides when it ends (docs/privacy.md), porting clears it here.

/** The courier address of applications whose porting ended before `cutoff`; answers how many. */
export async function forgetEndedApplications(db: Database, cutoff: Date, now: Date): Promise<number> {
  const rows = await db
    .update(portationOrders)
    .set({ simAddressSealed: null, personalDataRemovedAt: now })
    .where(
      and(
        inArray(portationOrders.status, ['Done', 'Deleted']),
        lt(portationOrders.lastUpdateAt, cutoff),
        isNull(portationOrders.personalDataRemovedAt),
      ),
    )
    .returning({ id: portationOrders.id });
  // The signed application names the person and may hold the address: it ends with them.
  await forgetSignatures(
    db,
    rows.map((r) => r.id),
  );
  return rows.length;
}

/**
 * The passport, birth date and СНИЛС hash of people with no application under way, none ended since `cutoff`, and
 * no sign-in since then: their purpose is spent (a new sign-in brings them back from ESIA).
 */
export async function forgetIdlePassports(db: Database, cutoff: Date): Promise<number> {
  // The users module clears its row; which people are still busy is this module's question.
  return forgetUsersIdlePassports(
    db,
    cutoff,
    (userId) => sql`exists (select 1 from ${portationOrders} o where o.user_id = ${userId}
      and (o.status in ('Initialized', 'PendingBDPN') or o.last_update_at >= ${cutoff}))`,
  );
}

/** The central database stand-in's copies of passports in applications it received before `cutoff` (demo only). */
export async function forgetStandinPassports(db: Database, cutoff: Date): Promise<void> {
  await db
    .update(bdpnStandinProcesses)
    .set({
      record: sql`jsonb_set(${bdpnStandinProcesses.record}, '{application,subscriber,passport}', '{"series": "", "number": ""}'::jsonb)`,
    })
    .where(
      and(
        lt(bdpnStandinProcesses.createdAt, cutoff),
        sql`${bdpnStandinProcesses.record} #>> '{application,subscriber,passport,number}' <> ''`,
      ),
    );
}

/** The person's applications under way, as the account shows why «Удалить мои данные» waits (no lock). */
export async function applicationsUnderWay(db: Database, userId: number) {
  return db
    .select({ id: portationOrders.id, msisdn: portationOrders.msisdn })
    .from(portationOrders)
    .where(and(eq(portationOrders.userId, userId), eq(portationOrders.status, 'PendingBDPN')))
    .orderBy(portationOrders.id);
}

/** The person's applications that are under way (a porting cannot be left without its applicant). */
export async function runningApplications(tx: Database, userId: number) {
  return tx
    .select({ id: portationOrders.id, msisdn: portationOrders.msisdn })
    .from(portationOrders)
    .where(and(eq(portationOrders.userId, userId), eq(portationOrders.status, 'PendingBDPN')))
    .for('update');
}

/** Ends the person's drafts and clears the personal data of all their applications. */
export async function eraseApplications(tx: Database, userId: number, now: Date): Promise<void> {
  const drafts = await tx
    .update(portationOrders)
    .set({ status: 'Deleted', reason: 'Удалено вместе с вашими данными.', lastUpdateAt: now })
    .where(and(eq(portationOrders.userId, userId), eq(portationOrders.status, 'Initialized')))
    .returning({ id: portationOrders.id });
  if (drafts.length > 0) {
    await tx.insert(portationEvents).values(
      drafts.map((d) => ({
        orderId: d.id,
        occurredAt: now,
        status: 'Deleted' as const,
        kind: 'cancelled',
        description: 'Заявление удалено вместе с данными владельца',
      })),
    );
  }
  await tx
    .update(portationOrders)
    .set({ simAddressSealed: null, email: null, browserId: null, personalDataRemovedAt: now })
    .where(eq(portationOrders.userId, userId));
  await forgetSignaturesOf(tx, userId);
  // Which numbers the person showed were theirs by a code of the number watch: forgotten with the watch.
  await tx.delete(numberCodes).where(eq(numberCodes.userId, userId));
}
