import { haproxyUnavailable } from '@venue/test-harness/haproxy';
import { postgresEnabled, postgresRequired } from '@venue/test-harness/postgres';

/**
 * Why a test that runs HAProxy (and, with `postgres`, PostgreSQL) cannot run here, or null when it
 * can. Without TEST_DATABASE_URL or haproxy it is skipped with a notice, unless REQUIRE_POSTGRES=1
 * (as in CI, which installs haproxy) makes a missing haproxy a failure.
 */
export function haproxySkipReason(test: string, options: { postgres: boolean }): string | null {
  if (options.postgres && !postgresEnabled()) return 'TEST_DATABASE_URL is not set';
  const problem = haproxyUnavailable();
  if (problem === null) return null;
  if (postgresRequired()) throw new Error(`REQUIRE_POSTGRES=1 but the ${test} test cannot run: ${problem}.`);
  console.log(`Notice: skipping the ${test} test: ${problem}.`);
  return problem;
}
