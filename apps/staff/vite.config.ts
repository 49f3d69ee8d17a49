import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

/**
 * The staff display: its own bundle, served by the same server under /staff, so the customer app's
 * JavaScript does not grow with it (and the customer app's service worker never answers for it).
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/staff/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
  server: { proxy: { '/v1': 'http://localhost:3000', '/ops': 'http://localhost:3000' } },
});
