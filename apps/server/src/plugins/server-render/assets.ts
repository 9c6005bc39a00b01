import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { headInOrder } from './head';

// The build's files a drawn page is made of, read again when a rebuild replaces them: index.html and the
// manifest that says which stylesheets and modules a route's page brings.

/** How often a build's file is looked at again for a rebuild. */
const REBUILD_CHECK_MS = 1000;

/**
 * The modification time of a build's file (undefined while there is none), looked up at most once a
 * second: a `stat` on this machine's disk cost 0.2 ms, twice for every page drawn (the page and the manifest).
 */
function mtimeReader(file: string): () => number | undefined {
  let checkedAt = Number.NEGATIVE_INFINITY;
  let mtimeMs: number | undefined;
  return () => {
    const now = performance.now();
    if (now - checkedAt >= REBUILD_CHECK_MS) {
      checkedAt = now;
      mtimeMs = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    }
    return mtimeMs;
  };
}

/** The built index.html, read again when a rebuild replaces it. */
export function templateReader(file: string): () => string {
  const mtime = mtimeReader(file);
  let cached = { mtimeMs: -1, text: '' };
  return () => {
    const mtimeMs = mtime();
    if (mtimeMs === undefined) throw new Error(`${file}: нет сборки`);
    if (mtimeMs !== cached.mtimeMs) cached = { mtimeMs, text: headInOrder(readFileSync(file, 'utf8')) };
    return cached.text;
  };
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** What a route's page brings beyond what index.html links: its stylesheets and its modules. */
export interface PageAssets {
  styles: string[];
  scripts: string[];
}

/**
 * The stylesheets and modules a route's page brings beyond those index.html links: its chunk's and those of
 * the chunks it imports, from the build's manifest (read again when a rebuild replaces it).
 * - The stylesheets are linked in the drawn page's head, so they are there before it is first shown:
 *   arriving with the page's script, they moved it (layout shift). The browser's module loader finds them
 *   linked and does not load them again.
 * - The modules are started with the entry's (decision 120), not once the entry has run and asked for the
 *   page: one round trip fewer before the page responds, and Vite's loader finds them linked.
 */
export function pageAssetsReader(webDist: string): (source: string | undefined) => PageAssets {
  const file = join(webDist, '.vite', 'manifest.json');
  const none: PageAssets = { styles: [], scripts: [] };
  let cached: { mtimeMs: number; manifest: Record<string, ManifestChunk>; assets: Map<string, PageAssets> } | undefined;
  const collect = (manifest: Record<string, ManifestChunk>, key: string, seen: Set<string>, into: PageAssets) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    into.scripts.push(chunk.file);
    for (const css of chunk.css ?? []) if (!into.styles.includes(css)) into.styles.push(css);
    for (const imported of chunk.imports ?? []) collect(manifest, imported, seen, into);
  };
  const mtime = mtimeReader(file);
  return (source) => {
    if (!source) return none;
    // A build without a manifest links nothing more.
    const mtimeMs = mtime();
    if (mtimeMs === undefined) return none;
    if (cached?.mtimeMs !== mtimeMs) {
      cached = {
        mtimeMs,
        manifest: JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>,
        assets: new Map(),
      };
    }
    let assets = cached.assets.get(source);
    if (!assets) {
      const linked: PageAssets = { styles: [], scripts: [] };
      collect(cached.manifest, 'index.html', new Set(), linked);
      const own: PageAssets = { styles: [], scripts: [] };
      collect(cached.manifest, source, new Set(), own);
      const beyond = (mine: string[], theirs: string[]) => mine.filter((f) => !theirs.includes(f)).map((f) => `/${f}`);
      assets = { styles: beyond(own.styles, linked.styles), scripts: beyond(own.scripts, linked.scripts) };
      cached.assets.set(source, assets);
    }
    return assets;
  };
}
