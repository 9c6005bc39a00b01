import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Folders beside modules/ that any module may use. */
const SHARED = new Set(['lib', 'db', 'plugins', 'config', 'test', 'modules']);

const modulesDir = fileURLToPath(new URL('.', import.meta.url));

/** Which other modules each module's code (tests and test helpers aside) imports. */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const entry of readdirSync(modulesDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const uses = new Set<string>();
    const walk = (dir: string) => {
      for (const file of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, file.name);
        if (file.isDirectory()) walk(path);
        else if (/\.ts$/.test(file.name) && !/(\.test|test-helpers|test-support)\.ts$|-test\.ts$/.test(file.name)) {
          // `from '../other/…'` in a module's folder, `from '../../other/…'` in a subfolder; shared folders aside.
          for (const [, other] of readFileSync(path, 'utf8').matchAll(/from '(?:\.\.\/)+([a-z-]+)\//g)) {
            if (other && other !== entry.name && !SHARED.has(other)) uses.add(other);
          }
        }
      }
    };
    walk(join(modulesDir, entry.name));
    graph.set(entry.name, uses);
  }
  return graph;
}

/** Every module path a → … → a, as a list of names. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const visit = (start: string, node: string, path: string[]) => {
    for (const next of graph.get(node) ?? []) {
      if (next === start) found.push([...path, next]);
      else if (!path.includes(next) && next > start) visit(start, next, [...path, next]);
    }
  };
  for (const name of [...graph.keys()].sort()) visit(name, name, [name]);
  return found;
}

describe('server modules', () => {
  it('never import each other in a circle', () => {
    const graph = moduleGraph();
    expect(graph.get('esia')).toContain('account');
    expect(cycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });
});

describe('route files', () => {
  // routes.ts is HTTP only (docs/architecture.md): a handler calls its module's service, which calls the repository.
  it('never query the database themselves', () => {
    const offenders: string[] = [];
    for (const entry of readdirSync(modulesDir, { withFileTypes: true })) {
      const path = join(modulesDir, entry.name, 'routes.ts');
      if (!entry.isDirectory()) continue;
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        continue;
      }
      const queries =
        /from '(?:\.\/(?:repository|tables)|(?:\.\.\/)+(?:[a-z-]+\/)?(?:repository|tables)|(?:\.\.\/)+db\/schema|drizzle-orm[^']*)'/.test(
          text,
        ) || /\.db\.(?:select|insert|update|delete|execute|transaction)\(/.test(text);
      if (queries) offenders.push(entry.name);
    }
    expect(offenders).toEqual([]);
  });
});
