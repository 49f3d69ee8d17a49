import { startServer, type TestServer } from '@venue/test-harness/server';

/** The bench servers' settings: no throttling, no kitchen simulator, quiet logs. */
export const BENCH_SERVER_ENV = {
  RATE_LIMIT_MAX: '100000000',
  // Every simulated customer comes from this host, through HAProxy too: one address for the crowd.
  STREAM_MAX_PER_ADDRESS: '10000000',
  KITCHEN_SIMULATOR: 'off',
  LOG_LEVEL: 'warn',
};

export type DatabaseName = 'SQLite' | 'PostgreSQL';

/** SQLite always; PostgreSQL when TEST_DATABASE_URL names one. */
export function benchDatabases(): DatabaseName[] {
  return process.env.TEST_DATABASE_URL ? ['SQLite', 'PostgreSQL'] : ['SQLite'];
}

/**
 * Runs `measure` once per database, each on a server of its own with a fresh database, one after
 * the other: only the server being measured is up, so an idle one (and its database's start-up
 * work) does not share the machine with it, and no earlier section's requests or orders weigh on it.
 */
export async function onFreshServers<T>(
  log: (message: string) => void,
  measure: (database: DatabaseName, server: TestServer) => Promise<T>,
): Promise<Array<{ name: DatabaseName } & T>> {
  const results: Array<{ name: DatabaseName } & T> = [];
  for (const name of benchDatabases()) {
    log(`starting a server on a fresh ${name} database…`);
    const server = await startServer({
      ...(name === 'PostgreSQL' ? { database: 'postgres' as const } : {}),
      env: BENCH_SERVER_ENV,
    });
    try {
      results.push({ name, ...(await measure(name, server)) });
    } finally {
      await server.dispose();
    }
  }
  return results;
}
