import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('.', import.meta.url));

describe('CSS modules', () => {
  it('have file names of their own: a class is named by its file’s name and its own (vite.config.ts)', () => {
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.module.css'));
    expect(files.length).toBeGreaterThan(5);
    const names = files.map((f) => basename(join(src, f), '.module.css'));
    const repeated = names.filter((name, i) => names.indexOf(name) !== i);
    expect(repeated).toEqual([]);
  });
});
