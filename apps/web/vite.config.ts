import { basename } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// Two builds: the browser's (dist/) and, with --ssr, the server's entry (dist-server/, see entry-server.tsx).
export default defineConfig(({ isSsrBuild }) => ({
  // Every text asset also as .br and .gz: the server sends them as they are (no compression per request).
  plugins: isSsrBuild
    ? [react()]
    : [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' })],
  // The server's build needs no copy of the public files: the browser's build serves them.
  publicDir: isSsrBuild ? false : 'public',
  // The server's entry carries React and every library with it, built for production whatever NODE_ENV the
  // server runs with (`npm start` runs in development): React's development build renders a page 3–5 times
  // slower, and one copy of React must serve the app and its libraries (decision 040).
  ...(isSsrBuild
    ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
  // The CSS modules' class names are their file's and their own (`main-layout_footer`), the same in both builds
  // so that the server's markup names what the browser's stylesheet defines. Each travels in the page's
  // JavaScript beside its key, where gzip takes a repeated name for almost nothing; Vite's default adds a
  // hash and a line number to each (the home page's scripts: 60 bytes more). A test holds the file names
  // unique (apps/web/src/css-modules.test.ts).
  css: {
    modules: { generateScopedName: (local: string, file: string) => `${basename(file, '.module.css')}_${local}` },
  },
  server: {
    port: 5173,
    // In development the API runs on its own port; in production one server serves both.
    proxy: { '/api': 'http://127.0.0.1:3000', '/esia-standin': 'http://127.0.0.1:3000' },
  },
  // The manifest lets scripts/web-budget.mjs weigh what a route's first visit loads (not served: a dot folder).
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: !isSsrBuild,
    chunkSizeWarningLimit: 1500,
    // Rolldown merges code shared by several pages into the chunks that need it: with the lazy menus,
    // drawer and map it now costs the first page less than the ~28 small chunks it replaces, each gzipped
    // on its own (home 121.1 → 118.0 KB; /check, /tariffs/moskva, /faq and /operators 3 KB less each).
    rolldownOptions: { experimental: { chunkOptimization: { mergeCommonChunks: true } } },
  },
}));
