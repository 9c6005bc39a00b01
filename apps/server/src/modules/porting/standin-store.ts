import type { ProcessRecord, ProcessStore } from '@perenos/bdpn-standin';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bdpnStandinProcesses } from './tables';

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
