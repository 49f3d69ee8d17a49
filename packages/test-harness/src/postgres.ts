import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * PostgreSQL for the end-to-end suites: `TEST_DATABASE_URL` (CI sets it) names a database in which
 * each server gets a private schema, selected through the connection's search_path, and dropped
 * afterwards. Without the variable the PostgreSQL variants are skipped with a notice, unless
 * `REQUIRE_POSTGRES=1` makes that a failure.
 */
export function testDatabaseUrl(): string | null {
  const url = process.env.TEST_DATABASE_URL?.trim();
  return url ? url : null;
}

export function postgresRequired(): boolean {
  return process.env.REQUIRE_POSTGRES === '1' || process.env.REQUIRE_POSTGRES === 'true';
}

/**
 * Whether the PostgreSQL variants should run. Prints the skip notice once; throws when PostgreSQL
 * is required but not configured.
 */
let noticePrinted = false;
export function postgresEnabled(): boolean {
  if (testDatabaseUrl()) return true;
  if (postgresRequired()) {
    throw new Error(
      'REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set: the PostgreSQL end-to-end variants cannot run.',
    );
  }
  if (!noticePrinted) {
    console.log('Notice: TEST_DATABASE_URL is not set; skipping the PostgreSQL end-to-end variants.');
    noticePrinted = true;
  }
  return false;
}

export interface TestSchema {
  name: string;
  /** TEST_DATABASE_URL with this schema as the search_path. */
  url: string;
  drop(): Promise<void>;
}

/** Adds `options=-c search_path=<schema>` to a connection string (node-postgres passes it on). */
export function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 15_000 });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

export async function createTestSchema(prefix: string): Promise<TestSchema> {
  const base = testDatabaseUrl();
  if (!base) throw new Error('TEST_DATABASE_URL is not set: cannot create a PostgreSQL test schema.');
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`.toLowerCase();
  await withClient(base, (client) => client.query(`CREATE SCHEMA "${name}"`));
  return {
    name,
    url: withSearchPath(base, name),
    drop: () =>
      withClient(base, (client) => client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`)).then(() => undefined),
  };
}

export interface TestDatabase {
  name: string;
  /** The server's URL with this database in place of the original one. */
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database on the server `baseUrl` names (TEST_DATABASE_URL by default), for tests
 * that need a whole database rather than a schema, e.g. several server processes sharing it.
 * `drop` ends any connections still open to it.
 */
export async function createTestDatabase(prefix: string, baseUrl = testDatabaseUrl()): Promise<TestDatabase> {
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set: cannot create a PostgreSQL test database.');
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`.toLowerCase();
  await withClient(baseUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  url.searchParams.delete('options');
  return {
    name,
    url: url.toString(),
    drop: () =>
      withClient(baseUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}
