import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace; end-to-end suites run separately (npm run test:e2e).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web', 'apps/staff', 'apps/admin'],
  },
});
