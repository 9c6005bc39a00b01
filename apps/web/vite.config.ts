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
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
});
