import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const SERVER_ORIGIN = 'http://localhost:8080';

// The console is served by the server under /admin (its API under /admin-api), so every asset URL
// carries that base. Desktop-first and operator-only: no bundle budget, no service worker.
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  server: { port: 5174, proxy: { '/admin-api': SERVER_ORIGIN } },
  preview: { port: 5174, proxy: { '/admin-api': SERVER_ORIGIN } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', assetsInlineLimit: 0, chunkSizeWarningLimit: 800 },
});
