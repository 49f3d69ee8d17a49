/** Test settings, parsed once from the environment like the server's own. */
import { z } from 'zod';

const TestEnv = z.object({
  TEST_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'TEST_DATABASE_URL must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REQUIRE_POSTGRES: z.enum(['0', '1', '']).optional(),
});

const env = TestEnv.parse(process.env);

/** PostgreSQL to run the PostgreSQL variants against, when set. */
export const TEST_DATABASE_URL = env.TEST_DATABASE_URL;
/** Whether missing PostgreSQL is a failure rather than a skip (CI). */
export const REQUIRE_POSTGRES = env.REQUIRE_POSTGRES === '1';

export const POSTGRES_SKIPPED_NOTICE =
  'PostgreSQL variants of the server tests are skipped: set TEST_DATABASE_URL=postgres://… to run them (REQUIRE_POSTGRES=1 makes this a failure).';
export const POSTGRES_REQUIRED_MESSAGE =
  'REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set: the PostgreSQL variants of the server tests cannot run.';
