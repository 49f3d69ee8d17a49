/**
 * The databases every integration test file runs against: a fresh SQLite file per test file, and
 * PostgreSQL when TEST_DATABASE_URL is set, isolated in a schema of its own that is dropped after.
 *
 *   describe.each(databases)('vendors on $name', (database) => {
 *     const ctx = useTestApp(database);
 *     …
 *   });
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { POSTGRES_REQUIRED_MESSAGE, REQUIRE_POSTGRES, TEST_DATABASE_URL } from './test-env.ts';

export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  /** Opens an empty, migrated database of this kind; `dispose` closes and deletes it. */
  create(): Promise<DatabaseHandle & { dispose(): Promise<void> }>;
}

const sqlite: TestDatabase = {
  name: 'sqlite',
  async create() {
    const path = join(tmpdir(), `venue-test-${process.pid}-${randomBytes(6).toString('hex')}.db`);
    const handle = openDatabase({ kind: 'sqlite', path });
    await migrateToLatest(handle.db);
    return {
      ...handle,
      async dispose() {
        await handle.close();
        for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
      },
    };
  },
};

function postgres(url: string): TestDatabase {
  return {
    name: 'postgres',
    async create() {
      const schema = `t_${randomBytes(8).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`create schema ${schema}`);
      } finally {
        await admin.end();
      }
      const handle = openDatabase({ kind: 'postgres', url }, { searchPath: schema, poolSize: 4 });
      const dispose = async () => {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        try {
          await cleanup.query(`drop schema if exists ${schema} cascade`);
        } finally {
          await cleanup.end();
        }
      };
      try {
        await migrateToLatest(handle.db, { migrationTableSchema: schema });
      } catch (error) {
        // A schema left behind would be seen by every later test run.
        await dispose();
        throw error;
      }
      return { ...handle, dispose };
    },
  };
}

if (!TEST_DATABASE_URL && REQUIRE_POSTGRES) throw new Error(POSTGRES_REQUIRED_MESSAGE);

export const databases: TestDatabase[] = TEST_DATABASE_URL ? [sqlite, postgres(TEST_DATABASE_URL)] : [sqlite];
