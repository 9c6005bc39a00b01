import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A feature's index.ts is its public face (docs/architecture.md): other features, pages
// and the app import only that, and no two features depend on each other, even through a third.

const FEATURES = dirname(fileURLToPath(import.meta.url));
const SRC = dirname(FEATURES);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every module specifier of a file: static imports, re-exports and dynamic imports. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)'([^']+)'/g)) {
    if (match[1]) found.push(match[1]);
  }
  return found;
}

function resolveModule(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base].find((path) => existsSync(path));
}

/** The feature a file belongs to, or undefined outside features/. */
function featureOf(path: string): string | undefined {
  const rel = relative(FEATURES, path);
  if (rel.startsWith('..')) return undefined;
  const parts = rel.split(sep);
  return parts.length > 1 ? parts[0] : undefined;
}

interface Edge {
  file: string;
  specifier: string;
  target: string;
}

function edges(): Edge[] {
  return sourceFiles(SRC).flatMap((file) =>
    specifiers(readFileSync(file, 'utf8'))
      .filter((specifier) => specifier.startsWith('.'))
      .flatMap((specifier) => {
        const target = resolveModule(file, specifier);
        return target ? [{ file, specifier, target }] : [];
      }),
  );
}

const show = (edge: Edge) => `${relative(SRC, edge.file)} → '${edge.specifier}'`;
const isIndex = (edge: Edge) =>
  relative(FEATURES, edge.target).split(sep).length === 2 && edge.target.endsWith('index.ts');

describe('feature boundaries', () => {
  const all = edges();

  it('imports another feature only through its index.ts', () => {
    const inside = all.filter((edge) => {
      const to = featureOf(edge.target);
      return to !== undefined && to !== featureOf(edge.file) && !isIndex(edge);
    });
    expect(inside.map(show)).toEqual([]);
  });

  it('imports its own siblings by path, never through its own index.ts', () => {
    const own = all.filter((edge) => {
      const from = featureOf(edge.file);
      return from !== undefined && featureOf(edge.target) === from && isIndex(edge);
    });
    expect(own.map(show)).toEqual([]);
  });

  it('has no cycle between features', () => {
    const graph = new Map<string, Set<string>>();
    for (const edge of all) {
      const from = featureOf(edge.file);
      const to = featureOf(edge.target);
      if (from && to && from !== to) {
        graph.set(from, (graph.get(from) ?? new Set()).add(to));
      }
    }
    const cycles: string[] = [];
    // Each cycle is reported once, from its alphabetically first feature.
    const visit = (start: string, node: string, trail: string[]) => {
      for (const next of graph.get(node) ?? []) {
        if (next === start) cycles.push([...trail, next].join(' → '));
        else if (!trail.includes(next) && next > start) visit(start, next, [...trail, next]);
      }
    };
    for (const start of graph.keys()) visit(start, start, [start]);
    expect(cycles).toEqual([]);
  });

  it('finds the imports it checks', () => {
    // Guards the scan itself: a broken pattern would find nothing and pass everything.
    expect(all.filter((edge) => featureOf(edge.target) && isIndex(edge)).length).toBeGreaterThan(20);
  });
});
