import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// End-to-end suites drive real Chromium against the built app and a real server. They must pass on
// a slow, busy 2-core machine, so timeouts are generous and files run one after another in a single
// fork: each file starts its own server and browser, and running them side by side would only make
// every one of them slower and flakier.
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.e2e.ts'],
    exclude: ['**/node_modules/**', '.builds/**'],
    environment: 'node',
    globalSetup: ['support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
    teardownTimeout: 60_000,
  },
});
