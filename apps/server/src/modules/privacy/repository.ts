import { and, eq, inArray, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { userNumbers } from '../account/tables';
import { notifications } from '../notifications/tables';
import { bdpnStandinProcesses, portationEvents, portationOrders } from '../porting/tables';
import { sessionFamilies } from '../session/tables';
import { users } from '../users/tables';
import { numberWatches, watchAlerts } from '../watch/tables';

/**
 * The queries of personal data across the site's tables: this module owns when personal data ends
 * (docs/privacy.md), so it reads and clears it where the other modules keep it.
 */

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
  return rows.length;
}

/**
 * The passport and birth date of people with no application under way, none ended since `cutoff`, and
 * no sign-in since then: their purpose is spent (a new sign-in brings them back from ESIA).
 */
export async function forgetIdlePassports(db: Database, cutoff: Date): Promise<number> {
  const rows = await db
    .update(users)
    .set({
      passportSealed: null,
      profile: sql`${users.profile} || '{"birthDate": null, "passportMasked": null}'::jsonb`,
    })
    .where(
      and(
        or(sql`${users.passportSealed} is not null`, sql`${users.profile} ->> 'birthDate' is not null`),
        lt(users.lastLoginAt, cutoff),
        notExists(
          db
            .select({ one: sql`1` })
            .from(portationOrders)
            .where(
              and(
                eq(portationOrders.userId, users.id),
                or(
                  inArray(portationOrders.status, ['Initialized', 'PendingBDPN']),
                  sql`${portationOrders.lastUpdateAt} >= ${cutoff}`,
                ),
              ),
            ),
        ),
      ),
    )
    .returning({ id: users.id });
  return rows.length;
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

/** Locks a person's row for an erasure and answers what is needed to tell them and to refuse. */
export async function lockPerson(tx: Database, userId: number) {
  const [row] = await tx
    .select({ id: users.id, oid: users.oid, email: sql<string | null>`${users.profile} ->> 'email'` })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
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
}

/**
 * What is left of a person whose data is erased: the row keeps their anonymised applications and
 * timelines (counts stay), under an identity no ESIA sign-in maps to, so the next sign-in starts afresh.
 */
export async function erasePerson(tx: Database, userId: number, tombstone: string, now: Date): Promise<string[]> {
  await tx.delete(userNumbers).where(eq(userNumbers.userId, userId));
  // A watch left on would keep alerting, and holding other people's applications, for nobody.
  await tx.delete(numberWatches).where(eq(numberWatches.userId, userId));
  await tx.delete(watchAlerts).where(eq(watchAlerts.userId, userId));
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  await tx
    .update(users)
    .set({ oid: tombstone, name: 'Пользователь удалил свои данные', profile: null, passportSealed: null })
    .where(eq(users.id, userId));
  const families = await tx
    .update(sessionFamilies)
    .set({ revokedAt: now, revokedReason: 'данные удалены' })
    .where(and(eq(sessionFamilies.userId, userId), isNull(sessionFamilies.revokedAt)))
    .returning({ id: sessionFamilies.id });
  return families.map((f) => f.id);
}
