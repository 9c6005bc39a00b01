import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { removeDir, startSite } from './site';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder the site has migrated and seeded (demo content at time scale 1), to copy. */
    siteTemplate: string;
  }
}

/**
 * A first start migrates and seeds PGlite (about 13 s here, 5 s for a start on a seeded folder): the site
 * is started once, stopped cleanly, and every file that needs a default site starts on a copy of its folder.
 */
export default async function setup(project: TestProject) {
  const site = await startSite(mkdtempSync(join(tmpdir(), 'perenos-e2e-template-')));
  await site.stop();
  project.provide('siteTemplate', site.dataDir);
  return () => removeDir(site.dataDir);
}
