import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // In development the API runs on its own port; in production one server serves both.
    proxy: { '/api': 'http://127.0.0.1:3000', '/esia-standin': 'http://127.0.0.1:3000' },
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
});
