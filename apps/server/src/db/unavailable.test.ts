import { createServer } from 'node:net';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { UNAVAILABLE_MESSAGE } from '../plugins/error-handler.ts';
import { testConfig } from '../test/test-app.ts';
import { openDatabase } from './database.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

/** A loopback port nobody listens on: where a stopped database used to be. */
async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('database unavailable', () => {
  it('recognises a PostgreSQL server that is not there', async () => {
    const handle = openDatabase({ kind: 'postgres', url: `postgres://postgres@127.0.0.1:${await closedPort()}/venue` });
    try {
      const error = await failureOf(sql`select 1`.execute(handle.db));
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it('recognises an SQLite file locked by another writer, but not mistakes in SQL or data', () => {
    const path = join(tmpdir(), `venue-unavailable-${process.pid}-${Date.now()}.db`);
    const writer = new SQLite(path);
    const other = new SQLite(path);
    try {
      writer.exec('create table t (id integer primary key, name text unique)');
      other.pragma('busy_timeout = 0');
      writer.exec('begin immediate');
      let busy: unknown;
      try {
        other.exec("insert into t (name) values ('a')");
      } catch (error) {
        busy = error;
      }
      writer.exec('commit');
      expect(busy).toBeDefined();
      expect(isDatabaseUnavailable(busy)).toBe(true);

      other.exec("insert into t (name) values ('b')");
      const failures: unknown[] = [];
      for (const statement of ["insert into t (name) values ('b')", 'select nothing from nowhere']) {
        try {
          other.exec(statement);
        } catch (error) {
          failures.push(error);
        }
      }
      expect(failures).toHaveLength(2);
      for (const failure of failures) expect(isDatabaseUnavailable(failure)).toBe(false);
      expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
      expect(isDatabaseUnavailable(null)).toBe(false);
    } finally {
      writer.close();
      other.close();
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
    }
  });

  it('the API answers 503 with a clear JSON message and Retry-After, never a 500 or a stack', async () => {
    const handle = openDatabase({ kind: 'postgres', url: `postgres://postgres@127.0.0.1:${await closedPort()}/venue` });
    const app = await buildApp({ config: testConfig(), db: handle.db, logger: false });
    try {
      for (const url of ['/v1/venue/0/vendors', '/v1/vendor/4/current-menu']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(503);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.headers['retry-after']).toBe('2');
        expect(response.json()).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          message: UNAVAILABLE_MESSAGE,
        });
      }
      const created = await app.inject({
        method: 'POST',
        url: '/v1/consumer/create',
        payload: { contact: { mobile: '+61400000000' }, name: { fullName: 'Sam Lee' } },
      });
      expect(created.statusCode).toBe(503);
      expect(created.body).not.toMatch(/ECONNREFUSED|at .*\.ts|node_modules/);
    } finally {
      await app.close();
      await handle.close();
    }
  });
});
