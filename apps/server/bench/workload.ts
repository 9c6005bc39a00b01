/**
 * A benchmark's figure means nothing when its workload failed: a run that answered 4xx/5xx where it
 * expected success, or finished fewer items than it started, measured something else. Each bench records
 * what it expected here and ends with `exitOnFailure()`, which prints every miss and exits non-zero.
 */
const misses: string[] = [];

/** The part of an autocannon result a check reads. */
export interface LoadResult {
  non2xx: number;
  errors: number;
  '2xx'?: number;
}

/** Records a miss unless `ok`. */
export function expectWorkload(ok: boolean, what: string): void {
  if (!ok) misses.push(what);
}

/** Every request of `name` answered 2xx (or a status the caller counts as success), none failed to connect. */
export function expectAllSucceeded(name: string, result: LoadResult, allowedNon2xx = 0): void {
  expectWorkload(
    result.non2xx <= allowedNon2xx && result.errors === 0,
    `${name}: не 2xx ${result.non2xx}, ошибок соединения ${result.errors}`,
  );
}

/** Prints the misses and sets a failing exit status; returns whether the workload held. */
export function exitOnFailure(): boolean {
  if (misses.length === 0) return true;
  process.stderr.write(
    `\nНагрузка не выполнена, цифры выше не годятся:\n${misses.map((m) => `  - ${m}`).join('\n')}\n`,
  );
  process.exitCode = 1;
  return false;
}
