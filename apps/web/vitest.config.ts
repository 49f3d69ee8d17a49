import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

/**
 * The app's Vite configuration, for its tests. One change: 'react-router' is the module Node
 * itself resolves it to (its ES module build). Vitest would otherwise load its CommonJS build for
 * the app's files while 'react-router/dom' loads the ES module one, and the app's RouterProvider
 * (from 'react-router/dom') would provide the router to components that read another copy's context.
 */
export default defineConfig((env) =>
  mergeConfig(viteConfig(env), {
    resolve: { alias: [{ find: /^react-router$/, replacement: fileURLToPath(import.meta.resolve('react-router')) }] },
  }),
);
