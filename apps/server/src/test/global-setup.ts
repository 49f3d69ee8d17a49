/** Runs once per test run: says once that PostgreSQL variants are skipped, or fails when they are required. */
import { POSTGRES_REQUIRED_MESSAGE, POSTGRES_SKIPPED_NOTICE, REQUIRE_POSTGRES, TEST_DATABASE_URL } from './test-env.ts';

export default function setup(): void {
  if (TEST_DATABASE_URL) return;
  if (REQUIRE_POSTGRES) throw new Error(POSTGRES_REQUIRED_MESSAGE);
  console.warn(`\n${POSTGRES_SKIPPED_NOTICE}\n`);
}
