import { defineConfig } from 'vitest/config';

// Integration tests build the real app on a real database per test file (SQLite always,
// PostgreSQL when TEST_DATABASE_URL is set), so they get more time than unit tests.
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
