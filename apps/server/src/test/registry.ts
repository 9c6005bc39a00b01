import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../config/env';

/** The registry files committed under data/numbering-plan (public data, see data/README.md). */
export const REGISTRY_FILES = ['DEF-9xx.csv', 'DEF-9xx-2023-02.csv'] as const;

/** The folder of the registry files, inside the repository. */
export const REGISTRY_DIR = resolve(loadConfig({ NODE_ENV: 'test' }).repoRoot, 'data/numbering-plan');

/** Bytes of one of the real registry files. */
export function registryFile(name: (typeof REGISTRY_FILES)[number]): Buffer {
  return readFileSync(resolve(REGISTRY_DIR, name));
}
