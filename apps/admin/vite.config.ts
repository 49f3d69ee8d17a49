import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

/**
 * The back office: its own bundle, served by the same server under /admin (its API under
 * /admin/v1), so neither the customer app's nor the staff display's JavaScript grows with it.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
  server: { proxy: { '/admin/v1': 'http://localhost:3000', '/v1': 'http://localhost:3000' } },
});
