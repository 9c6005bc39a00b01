import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// No source file a newcomer must read whole to find one job in it (issue 37): a file past the bound is split
// by job, as porting/steps/, lookup/batch/ and plugins/server-render/ were. Tests, generated code, migrations,
// the benchmarks and the scale harness are not read as the site's source and are left out.

const MAX_LINES = 600;
const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** Folders that hold no source of the site (or not source at all). */
const SKIPPED_DIRS = new Set([
  '.git',
  'node_modules',
  'dist',
  'dist-server',
  'coverage',
  'generated',
  'migrations',
  'bench',
  'scale',
  'e2e',
  'test',
  'data',
  'public',
  'docs',
]);
const SOURCE = /\.(ts|tsx|js|mjs|cjs|css)$/;
const TEST = /\.(test|pg-test|e2e)\.(ts|tsx)$|(^|\/)test-(helpers|support)\.ts$/;

function sourceFiles(dir: string, into: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) sourceFiles(join(dir, entry.name), into);
    } else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) {
      into.push(join(dir, entry.name));
    }
  }
  return into;
}

const linesOf = (file: string) => readFileSync(file, 'utf8').split('\n').length - 1;

describe('source files', () => {
  it(`are at most ${MAX_LINES} lines each`, () => {
    const files = sourceFiles(root).map((file) => relative(root, file));
    // Guards the scan itself: a wrong root or pattern would read nothing and pass.
    expect(files).toContain('apps/server/src/modules/porting/steps/submit.ts');
    expect(files).toContain('apps/web/src/routes/portation-submit.tsx');
    expect(files).not.toContain('apps/server/src/modules/module-graph.test.ts');
    const tooLong = files
      .map((file) => ({ file, lines: linesOf(join(root, file)) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines}`);
    expect(tooLong).toEqual([]);
  });
});
