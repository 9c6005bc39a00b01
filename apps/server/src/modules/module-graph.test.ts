import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Biome holds the import rules (biome.json, decision 110): another module only through its index.ts, and
// a routes.ts never imports a repository, tables or drizzle. What a linter cannot see is checked here:
// a circle between modules (noImportCycles sees files, not folders) and a route that queries through `app.db`.

/** Folders beside modules/ that any module may use. */
const SHARED = new Set(['lib', 'db', 'plugins', 'config', 'test', 'modules']);

const modulesDir = fileURLToPath(new URL('.', import.meta.url));

/** Which other modules each module's code (tests and test helpers aside) imports. */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const names = new Set(
    readdirSync(modulesDir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name),
  );
  for (const name of names) {
    const uses = new Set<string>();
    const walk = (dir: string, depth: number) => {
      for (const file of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, file.name);
        if (file.isDirectory()) walk(path, depth + 1);
        else if (/\.ts$/.test(file.name) && !/(\.test|test-helpers|test-support)\.ts$|-test\.ts$/.test(file.name)) {
          // `from '../other'` in a module's folder, `from '../../other'` one folder down; shared folders aside.
          const up = '\\.\\./'.repeat(depth + 1);
          for (const [, other] of readFileSync(path, 'utf8').matchAll(new RegExp(`from '${up}([a-z-]+)[/']`, 'g'))) {
            if (other && other !== name && names.has(other) && !SHARED.has(other)) uses.add(other);
          }
        }
      }
    };
    walk(join(modulesDir, name), 0);
    graph.set(name, uses);
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
    // Guards the scan itself: a broken pattern would find no edge and pass every graph.
    expect(graph.get('esia')).toContain('account');
    expect(graph.get('lookup')).toContain('watch');
    expect(cycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });
});

describe('route files', () => {
  // routes.ts is HTTP only (docs/architecture.md): a handler calls its module's service, which calls the
  // repository. Biome forbids the imports; this catches a query through the app's own handle.
  it('never query the database through app.db', () => {
    const offenders: string[] = [];
    for (const entry of readdirSync(modulesDir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      let text: string;
      try {
        text = readFileSync(join(modulesDir, entry.name, 'routes.ts'), 'utf8');
      } catch {
        continue;
      }
      if (/\.db\.(?:select|insert|update|delete|execute|transaction)\(/.test(text)) offenders.push(entry.name);
    }
    expect(offenders).toEqual([]);
  });
});
