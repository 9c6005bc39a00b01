import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITIZENS, signIn } from '../../../test/esia';
import { createTestApp, type TestApp } from '../../test/app';
import { notifications } from '../notifications/tables';
import { users } from '../users/tables';
import { setWatch } from './service';
import { watchAlerts } from './tables';

/**
 * The import command (npm run import:numbering) as an operator runs it, in a process of its own against
 * the site's PostgreSQL: a Port_Increment row that moves a watched number leaves the watcher's alert and
 * its e-mail and SMS queued for the site's workers (PostgreSQL only: PGlite is one process).
 */

const CLI = fileURLToPath(new URL('../lookup/cli/import.ts', import.meta.url));

let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(join(tmpdir(), 'perenos-watch-'));
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('npm run import:numbering', () => {
  it('tells the watcher of a number a Port_Increment moved, in the import’s transaction', async () => {
    await signIn(t.app, CITIZENS.ivanov);
    const [ivanov] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.oid, CITIZENS.ivanov));
    const userId = ivanov?.id ?? 0;
    await setWatch(t.app.db, userId, '79037654321', true, new Date(), { proof: 'esia', proofUntil: null });
    const file = join(dir, 'Port_Increment_20261125.csv');
    await writeFile(
      file,
      'Number,OwnerId,MNC,Route,RegionCode,PortDate\n79037654321,mT2,20,D2520,77,2026-11-25T09:00:00+03:00\n',
    );
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CLI, '--file', file], {
      env: { ...process.env, DATABASE_URL: t.database.url, NODE_ENV: 'test' },
      timeout: 50_000,
    });
    expect(stdout).toContain('применено: 1');
    const alerts = await t.app.db.select().from(watchAlerts).where(eq(watchAlerts.userId, userId));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ kind: 'registry', msisdn: '79037654321', notified: true });
    const queued = await t.app.db
      .select({ channel: notifications.channel, recipient: notifications.recipient, status: notifications.status })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), like(notifications.body, '%теперь обслуживает Т2%')));
    expect(queued.sort((a, b) => a.channel.localeCompare(b.channel))).toEqual([
      { channel: 'email', recipient: 'ivanov@example.ru', status: 'pending' },
      { channel: 'sms', recipient: '79037654321', status: 'pending' },
    ]);
    const jobs = await t.app.database.executeSql(
      `select count(*)::int as n from pgboss.job where name = 'notifications.send' and state = 'created'`,
      [],
    );
    expect(Number(jobs.rows[0]?.n)).toBeGreaterThanOrEqual(2);
  }, 60_000);
});
