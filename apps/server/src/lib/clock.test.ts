import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { manualClock } from './clock';

// One clock (issue 37): the server's code reads the time from the Clock it is handed (lib/clock.ts), so
// a test sets the time. Only clock.ts reads the machine's; tests and test helpers may do as they like.

const src = fileURLToPath(new URL('..', import.meta.url));
const TEST = /\.(test|pg-test)\.ts$|(^|\/)test-(helpers|support)\.ts$/;

function sourceFiles(dir: string, into: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test' && entry.name !== 'migrations') sourceFiles(path, into);
    } else if (entry.name.endsWith('.ts') && !TEST.test(entry.name)) into.push(path);
  }
  return into;
}

describe('the clock', () => {
  it('is the only reader of the machine’s time in the server’s code', () => {
    const files = sourceFiles(src).map((file) => relative(src, file));
    // Guards the scan itself.
    expect(files).toContain('modules/tariffs/staff-routes.ts');
    const readers = files
      .filter((file) => file !== 'lib/clock.ts')
      .flatMap((file) =>
        readFileSync(join(src, file), 'utf8')
          .split('\n')
          .flatMap((line, i) =>
            /\bDate\.now\b|new Date\(\s*\)/.test(line) && !/^\s*(\/\/|\*)/.test(line) ? [`${file}:${i + 1}`] : [],
          ),
      );
    expect(readers).toEqual([]);
  });

  it('can be set and moved by a test', () => {
    const clock = manualClock('2026-12-02T22:00:00Z');
    expect(clock().toISOString()).toBe('2026-12-02T22:00:00.000Z');
    clock.advance(60_000);
    expect(clock().toISOString()).toBe('2026-12-02T22:01:00.000Z');
    clock.set(0);
    expect(clock().getTime()).toBe(0);
  });
});
