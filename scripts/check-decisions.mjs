#!/usr/bin/env node
// The decision records stay readable (issue 37): every record in docs/decisions/ (`NNN-title.md`) is at most
// 600 words, a stub of a superseded record at most 80, and the index (docs/decisions/README.md) lists every
// record by its number with a link to its file, and links no file that is not there. Words are counted as
// `wc -w` counts them: runs of characters between ASCII whitespace.
// Run: `node scripts/check-decisions.mjs` (exit code 1 and one line per problem when something is off).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const RECORD_MAX_WORDS = 600;
export const STUB_MAX_WORDS = 80;
const RECORD_FILE = /^(\d{3})-[a-z0-9-]+\.md$/;

/** Words as `wc -w` counts them. */
export function countWords(text) {
  return text.split(/[ \t\n\r\f\v]+/).filter(Boolean).length;
}

/** A record is a stub when its status line says it is superseded. */
export function isStub(text) {
  return /^- Status: superseded\b/im.test(text);
}

/** Every problem with the records in `dir`, in Russian, one line each; none when all is well. */
export function checkDecisions(dir) {
  const problems = [];
  const files = readdirSync(dir)
    .filter((name) => RECORD_FILE.test(name))
    .sort();
  const numbers = new Map();
  for (const file of files) {
    const number = RECORD_FILE.exec(file)[1];
    if (numbers.has(number)) problems.push(`${file}: номер ${number} уже занят записью ${numbers.get(number)}`);
    numbers.set(number, file);
    const text = readFileSync(join(dir, file), 'utf8');
    const words = countWords(text);
    const limit = isStub(text) ? STUB_MAX_WORDS : RECORD_MAX_WORDS;
    if (words > limit) {
      const kind = isStub(text) ? 'заглушке заменённой записи' : 'записи';
      problems.push(`${file}: ${words} слов, в ${kind} не больше ${limit}`);
    }
  }
  const indexPath = join(dir, 'README.md');
  if (!existsSync(indexPath)) return [...problems, 'README.md: нет указателя записей'];
  const index = readFileSync(indexPath, 'utf8');
  for (const [number, file] of numbers) {
    const row = index.split('\n').find((line) => line.startsWith(`| ${number} |`));
    if (!row) problems.push(`README.md: нет строки записи ${number} (${file})`);
    else if (!row.includes(`](${file})`)) problems.push(`README.md: строка ${number} не ссылается на ${file}`);
  }
  for (const [, target] of index.matchAll(/\]\((\d{3}-[^)#\s]+\.md)[^)]*\)/g)) {
    if (!existsSync(join(dir, target))) problems.push(`README.md: ссылка на несуществующий файл ${target}`);
  }
  return problems;
}

const invokedDirectly = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
  const dir = join(root, 'docs/decisions');
  const problems = checkDecisions(dir);
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem);
    console.error(`Записи решений: ${problems.length} замечаний (docs/decisions/README.md объясняет правила).`);
    process.exit(1);
  }
  const count = readdirSync(dir).filter((name) => RECORD_FILE.test(name)).length;
  console.log(`Записи решений: ${count}, каждая в пределах ${RECORD_MAX_WORDS} слов, все в указателе.`);
}
