import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The import boundaries are Biome's (biome.json, decisions 110, 111 and 130): a server module, a web
// feature, plugins/ and lib/ reach another module or feature only through its index.ts, at any depth of
// either side. This writes a file with one import into the real tree at each place, runs the project's own
// linter on the files, and expects every forbidden import refused and every allowed one passed.

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const tag = randomBytes(4).toString('hex');

interface Probe {
  /** Where the probe file stands, from the repository's root (its name is made unique). */
  dir: string;
  specifier: string;
  allowed: boolean;
}

const PROBES: Probe[] = [
  // A server module importing another: its face only, however deep the file inside it is reached.
  { dir: 'apps/server/src/modules/porting', specifier: '../lookup', allowed: true },
  { dir: 'apps/server/src/modules/porting', specifier: '../lookup/repository', allowed: false },
  { dir: 'apps/server/src/modules/porting', specifier: '../lookup/quota/memory', allowed: false },
  { dir: 'apps/server/src/modules/porting', specifier: '../lookup/batch/read-xlsx', allowed: false },
  { dir: 'apps/server/src/modules/porting/steps', specifier: '../../lookup', allowed: true },
  { dir: 'apps/server/src/modules/porting/steps', specifier: '../../lookup/quota/memory', allowed: false },
  { dir: 'apps/server/src/modules/news', specifier: '../sitemap/service', allowed: false },
  { dir: 'apps/server/src/modules/news', specifier: '../sitemap', allowed: true },
  // plugins/ and lib/ are infrastructure: a module's face only.
  { dir: 'apps/server/src/plugins', specifier: '../modules/porting', allowed: true },
  { dir: 'apps/server/src/plugins', specifier: '../modules/porting/repository', allowed: false },
  { dir: 'apps/server/src/plugins', specifier: '../modules/porting/steps/submit', allowed: false },
  { dir: 'apps/server/src/plugins/server-render', specifier: '../../modules/coverage/repository', allowed: false },
  { dir: 'apps/server/src/lib', specifier: '../modules/settings/repository', allowed: false },
  { dir: 'apps/server/src/lib', specifier: '../modules/settings', allowed: true },
  // A web feature, a page: another feature's index.ts only.
  { dir: 'apps/web/src/features/account', specifier: '../porting', allowed: true },
  { dir: 'apps/web/src/features/account', specifier: '../porting/api', allowed: false },
  { dir: 'apps/web/src/features/account', specifier: '../porting/components/wizard-steps', allowed: false },
  {
    dir: 'apps/web/src/features/account/components',
    specifier: '../../porting/components/wizard-steps',
    allowed: false,
  },
  { dir: 'apps/web/src/routes', specifier: '../features/porting/components/porting-details', allowed: false },
  { dir: 'apps/web/src/routes', specifier: '../features/porting', allowed: true },
];

const files = PROBES.map((probe, i) => join(root, probe.dir, `boundary-probe-${tag}-${i}.ts`));

afterAll(() => {
  for (const file of files) rmSync(file, { force: true });
});

describe('import boundaries', () => {
  it('are refused by the linter at every depth, and a face is let through', () => {
    PROBES.forEach((probe, i) => {
      writeFileSync(files[i] as string, `export * from '${probe.specifier}';\n`);
    });
    const lint = spawnSync(
      'npx',
      [
        'biome',
        'lint',
        '--only=style/noRestrictedImports',
        '--max-diagnostics=none',
        ...files.map((f) => relative(root, f)),
      ],
      { cwd: root, encoding: 'utf8' },
    );
    const output = `${lint.stdout}\n${lint.stderr}`;
    // Guards the run itself: the linter read every probe (a file it skipped would pass in silence).
    expect(output).toContain(`Checked ${PROBES.length} files`);
    const refused = new Set(
      [...output.matchAll(/^(\S+boundary-probe-\S+\.ts):\d+:\d+ lint\/style\/noRestrictedImports/gm)].map((m) =>
        join(root, m[1] as string),
      ),
    );
    const wrong = PROBES.flatMap((probe, i) =>
      refused.has(files[i] as string) === !probe.allowed
        ? []
        : [`${probe.dir}: '${probe.specifier}' ${probe.allowed ? 'refused' : 'let through'}`],
    );
    expect(wrong).toEqual([]);
    expect(lint.status).not.toBe(0);
  });
});
