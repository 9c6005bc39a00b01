/**
 * Staff roles from the command line — the only way to the first admin:
 *   npm run staff -- grant <oid> editor|catalogue|support|admin
 *   npm run staff -- revoke <oid> <role>
 *   npm run staff -- list
 * Works on the configured database (DATABASE_URL, or PGlite in PGLITE_DIR: stop the server first, PGlite
 * allows one process at a time). Every grant and revocation is in the staff audit, by `cli`.
 */
import { ROLE_NAMES } from '@perenos/porting-rules/back-office';
import { loadConfig } from '../../config/env';
import { prepareDatabase } from '../../db/prepare';
import { cliActor, grantRole, revokeRole, staffList } from './service';
import { STAFF_ROLES, type StaffRole } from './tables';

const usage = `Использование:
  npm run staff -- grant <oid> <роль>
  npm run staff -- revoke <oid> <роль>
  npm run staff -- list
Роли: ${STAFF_ROLES.join(', ')}. oid — идентификатор человека в ЕСИА (цифры).`;

/** The roles' names: the back office's table's, as the site says them (decision 135). */
const ROLE_TEXT: Record<StaffRole, string> = ROLE_NAMES;

async function main(args: string[]): Promise<number> {
  const [command, oid, roleName] = args;
  if (command !== 'grant' && command !== 'revoke' && command !== 'list') {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  let role: StaffRole | undefined;
  if (command !== 'list') {
    if (!oid || !/^[0-9]{1,20}$/.test(oid)) {
      process.stderr.write(`Неверный oid: ${oid ?? '(не указан)'} — ожидаются цифры.\n${usage}\n`);
      return 2;
    }
    role = STAFF_ROLES.find((r) => r === roleName);
    if (!role) {
      process.stderr.write(`Неизвестная роль: ${roleName ?? '(не указана)'}\n${usage}\n`);
      return 2;
    }
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const { handle } = await prepareDatabase(config);
  try {
    if (command === 'grant' && oid && role) {
      const { changed } = await grantRole(handle.db, cliActor(), oid, role);
      process.stdout.write(changed ? `Роль ${role} выдана ${oid}.\n` : `У ${oid} уже есть роль ${role}.\n`);
    }
    if (command === 'revoke' && oid && role) {
      const { changed } = await revokeRole(handle.db, cliActor(), oid, role, { allowLastAdmin: true });
      process.stdout.write(changed ? `Роль ${role} снята с ${oid}.\n` : `У ${oid} не было роли ${role}.\n`);
    }
    const people = await staffList(handle.db);
    if (people.length === 0) process.stdout.write('Сотрудников с ролями нет.\n');
    for (const p of people) {
      const roles = p.roles.map((r) => `${r.role} (${ROLE_TEXT[r.role]})`).join(', ');
      process.stdout.write(`${p.oid.padEnd(12)} ${(p.name ?? '— ещё не входил').padEnd(36)} ${roles}\n`);
    }
  } finally {
    await handle.close();
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
