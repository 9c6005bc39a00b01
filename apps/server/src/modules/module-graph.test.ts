import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
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

// Each table has one owning module, and others read it through that module's face (decision 131): a face
// exports read functions, never a table object, and no statement names another module's table.

const srcDir = join(modulesDir, '..');

/** Every table name, with the module whose tables.ts declares it. */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of sourceFiles(modulesDir)) {
    if (!file.endsWith('/tables.ts')) continue;
    const owner = moduleOf(file);
    for (const [, table] of readFileSync(file, 'utf8').matchAll(/pgTable\(\s*'([a-z_]+)'/g)) {
      if (owner && table) owners.set(table, owner);
    }
  }
  return owners;
}

/** The server's source files (tests and test helpers aside), at any depth under `dir`. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'migrations') out.push(...sourceFiles(path));
    } else if (/\.ts$/.test(entry.name) && !/(\.test|test-helpers|test-support)\.ts$|-test\.ts$/.test(entry.name)) {
      out.push(path);
    }
  }
  return out;
}

/** The module a file belongs to; null for infrastructure (plugins, lib, db, cli, …), which owns no table. */
function moduleOf(file: string): string | null {
  const inside = relative(modulesDir, file);
  return inside.startsWith('..') ? null : (inside.split(sep)[0] ?? null);
}

/** Where `code` names, as SQL does, a table `owners` gives to a module other than `self`. Comments aside. */
function foreignTables(code: string, self: string | null, owners: Map<string, string>): string[] {
  const text = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const found: string[] = [];
  for (const [, table] of text.matchAll(/\b(?:from|join|into|update|table)\s+"?([a-z_]+)"?/gi)) {
    const owner = table ? owners.get(table) : undefined;
    if (table && owner && owner !== self) found.push(`${table} (${owner})`);
  }
  return found;
}

describe('tables', () => {
  const owners = tableOwners();

  it('are read by their own module only: no raw SQL names another module’s table', () => {
    // Guards the scan itself: a table it does not know, or a statement it does not see, would pass anything.
    expect(owners.get('operators')).toBe('operators');
    expect(owners.get('ported_numbers')).toBe('lookup');
    expect(
      foreignTables('sql`select o.name from tariffs t join operators o on o.id = t.operator_id`', 'tariffs', owners),
    ).toEqual(['operators (operators)']);
    expect(foreignTables('// joins operators\nconst a = 1;', 'tariffs', owners)).toEqual([]);
    const offenders: string[] = [];
    for (const file of sourceFiles(srcDir)) {
      const code = readFileSync(file, 'utf8');
      for (const hit of foreignTables(code, moduleOf(file), owners))
        offenders.push(`${relative(srcDir, file)}: ${hit}`);
      // Another module's tables.ts is for a foreign key in a tables.ts, nothing else.
      if (!file.endsWith(`${sep}tables.ts`)) {
        for (const [, other] of code.matchAll(/from '(?:\.\.\/)+(?:modules\/)?([a-z-]+)\/tables'/g)) {
          if (other !== moduleOf(file)) offenders.push(`${relative(srcDir, file)}: imports ${other}/tables`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it('are never handed out: no module’s face exports a table object', async () => {
    const leaks: string[] = [];
    const faces = readdirSync(modulesDir, { withFileTypes: true }).filter((e) => e.isDirectory());
    for (const face of faces) {
      const exported = (await import(join(modulesDir, face.name, 'index.ts'))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exported)) if (is(value, PgTable)) leaks.push(`${face.name}: ${name}`);
    }
    expect(faces.length).toBeGreaterThan(15);
    expect(leaks).toEqual([]);
  });
});
