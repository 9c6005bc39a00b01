import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  // Every text asset also as .br and .gz: the server sends them as they are (no compression per request).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' })],
  server: {
    port: 5173,
    // In development the API runs on its own port; in production one server serves both.
    proxy: { '/api': 'http://127.0.0.1:3000', '/esia-standin': 'http://127.0.0.1:3000' },
  },
  // The manifest lets scripts/web-budget.mjs weigh what a route's first visit loads (not served: a dot folder).
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    // Rolldown would merge code shared by later pages (dialogs, scroll locks) into the entry, which the
    // first visit then downloads for nothing.
    rolldownOptions: { experimental: { chunkOptimization: { mergeCommonChunks: false } } },
  },
});
