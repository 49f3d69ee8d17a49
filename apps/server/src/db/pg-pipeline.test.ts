import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../test/test-env.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { PIPE_HELD_UP_MS, PIPELINED_CONNECTIONS, startsSession } from './pg-pipeline.ts';
import type { Database } from './schema.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('startsSession', () => {
  it('keeps transactions, settings and session advisory locks on a connection of their own', () => {
    for (const text of ['begin', 'start transaction isolation level serializable', 'set lock_timeout = 0']) {
      expect(startsSession(text)).toBe(true);
    }
    expect(
      startsSession('update orders set x = 1 where id = $1 and pg_advisory_lock(1, hashtext($2)) is not null'),
    ).toBe(true);
    expect(startsSession('select pg_try_advisory_lock($1)')).toBe(true);
  });

  it('sends statements that commit alone on the shared connections, a transaction-scoped lock too', () => {
    for (const text of [
      'select * from orders where id = $1',
      'insert into settings (name) values ($1)',
      'with locked as (select pg_advisory_xact_lock($1::bigint)) insert into ops_events select 1',
      'select pg_advisory_unlock($1, hashtext($2))',
    ]) {
      expect(startsSession(text)).toBe(false);
    }
  });
});

describe.runIf(TEST_DATABASE_URL)('statements that commit alone on PostgreSQL', () => {
  const schema = `t_${randomBytes(8).toString('hex')}`;
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  /** Runs statements on a connection of its own, outside the server's (as an operator would). */
  const outside = async <T = unknown>(statement: string, values: unknown[] = []): Promise<T[]> => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      return (await client.query(statement, values)).rows as T[];
    } finally {
      await client.end();
    }
  };
  const backend = async (on: Kysely<Database> = db): Promise<number> =>
    (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(on)).rows[0]!.pid;

  beforeAll(async () => {
    await outside(`create schema ${schema}`);
    await outside(`create table ${schema}.things (id integer primary key, name text not null)`);
    await outside(`insert into ${schema}.things values (1, 'one')`);
    handle = openDatabase({ kind: 'postgres', url: TEST_DATABASE_URL! }, { searchPath: schema, poolSize: 10 });
    db = handle.db;
  });
  afterAll(async () => {
    await handle?.close();
    await outside(`drop schema ${schema} cascade`);
  });

  it('sends concurrent statements on the few shared connections, not one pooled connection each', async () => {
    const pids = await Promise.all(Array.from({ length: 30 }, () => backend()));
    expect(new Set(pids).size).toBeLessThanOrEqual(PIPELINED_CONNECTIONS);
  });

  it('answers each statement, one that fails among them included, with its own result', async () => {
    const answers = await Promise.allSettled([
      sql<{ n: number }>`select ${1}::int as n`.execute(db),
      sql`select 1 / ${0}::int`.execute(db),
      sql<{ n: number }>`select ${3}::int as n`.execute(db),
      db
        .selectFrom('things' as never)
        .select('name' as never)
        .where('id' as never, '=', 1 as never)
        .execute(),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((answers[0] as PromiseFulfilledResult<{ rows: unknown[] }>).value.rows).toEqual([{ n: 1 }]);
    expect(((answers[1] as PromiseRejectedResult).reason as Error).message).toBe('division by zero');
    expect((answers[2] as PromiseFulfilledResult<{ rows: unknown[] }>).value.rows).toEqual([{ n: 3 }]);
    expect((answers[3] as PromiseFulfilledResult<unknown[]>).value).toEqual([{ name: 'one' }]);
  });

  it('runs a transaction on a connection of its own, which statements outside it never see into', async () => {
    const shared = new Set(await Promise.all(Array.from({ length: 10 }, () => backend())));
    await expect(
      db.transaction().execute(async (trx) => {
        expect(shared.has(await backend(trx))).toBe(false);
        await trx
          .insertInto('things' as never)
          .values({ id: 2, name: 'two' } as never)
          .execute();
        // Read while the transaction is open: the shared connections do not see its row.
        const outsideIt = await db
          .selectFrom('things' as never)
          .select('id' as never)
          .execute();
        expect(outsideIt).toEqual([{ id: 1 }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(
      await db
        .selectFrom('things' as never)
        .select('id' as never)
        .execute(),
    ).toEqual([{ id: 1 }]);
  });

  it('keeps a session that takes an advisory lock on its connection until it lets the lock go', async () => {
    const key = Number.parseInt(randomBytes(3).toString('hex'), 16);
    const unlocked = await db.connection().execute(async (connection) => {
      const taken = await sql<{
        pid: number;
      }>`select pg_backend_pid() as pid, pg_advisory_lock(${key}::int, 1)`.execute(connection);
      // Statements after the lock go where the lock is, however many others run meanwhile.
      const [, pid] = await Promise.all([
        Promise.all(Array.from({ length: 10 }, () => backend())),
        backend(connection),
      ]);
      expect(pid).toBe(taken.rows[0]!.pid);
      return (await sql<{ ok: boolean }>`select pg_advisory_unlock(${key}::int, 1) as ok`.execute(connection)).rows[0]!
        .ok;
    });
    expect(unlocked).toBe(true);
    const held = await outside(`select 1 from pg_locks where locktype = 'advisory' and classid = $1 and objid = 1`, [
      key,
    ]);
    expect(held).toEqual([]);
  });

  it('queues statements on one shared connection while it keeps up with them', async () => {
    // Sent together: the first connection's oldest statement is not held up yet when each is sent.
    const pids = await Promise.all(Array.from({ length: 30 }, () => backend()));
    expect(new Set(pids).size).toBe(1);
  });

  it('sends statements on the next shared connection once a slow one has held the first up', async () => {
    const finished: string[] = [];
    const slow = sql`select pg_sleep(0.6), 'held up' as why`.execute(db).then(() => finished.push('slow'));
    await sleep(PIPE_HELD_UP_MS * 3);
    const quick = sql`select 1`.execute(db).then(() => finished.push('quick'));
    await Promise.all([slow, quick]);
    expect(finished).toEqual(['quick', 'slow']);
  });

  it('opens a shared connection again after the database ended it; a failure meanwhile reads as unavailable', async () => {
    const before = new Set(await Promise.all(Array.from({ length: 10 }, () => backend())));
    await outside(`select pg_terminate_backend(pid) from pg_stat_activity where pid = any($1::int[])`, [[...before]]);
    let pid: number | undefined;
    for (let attempt = 0; attempt < 5 && pid === undefined; attempt += 1) {
      try {
        pid = await backend();
      } catch (error) {
        expect(isDatabaseUnavailable(error)).toBe(true);
      }
    }
    expect(pid).toBeDefined();
    expect(before.has(pid!)).toBe(false);
  });

  it('fails a statement kept waiting for a lock past lock_timeout, as unavailable, and goes on', async () => {
    const holder = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(`update ${schema}.things set name = 'held' where id = 1`);
      const waiting = db
        .updateTable('things' as never)
        .set({ name: 'changed' } as never)
        .where('id' as never, '=', 1 as never)
        .execute();
      const error = await waiting.then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect((error as { code?: string }).code).toBe('55P03');
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(await sql<{ n: number }>`select ${2}::int as n`.execute(db)).toMatchObject({ rows: [{ n: 2 }] });
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
  }, 20_000);
});
