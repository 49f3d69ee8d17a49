import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../test/test-env.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { StatementNames } from './pg-statement-names.ts';

describe('statement names', () => {
  it('names a text the second time it is sent, and keeps that name', () => {
    const names = new StatementNames();
    expect(names.nameOf('select 1')).toBeUndefined();
    const name = names.nameOf('select 1');
    expect(name).toMatch(/^s\d+$/);
    expect(names.nameOf('select 1')).toBe(name);
    expect(names.nameOf('select 2')).toBeUndefined();
    expect(names.nameOf('select 2')).not.toBe(name);
  });

  it('names no more texts than its cap; the named keep their names', () => {
    const names = new StatementNames(2);
    for (const text of ['a', 'a', 'b', 'b']) names.nameOf(text);
    expect(names.size).toBe(2);
    expect(names.nameOf('c')).toBeUndefined();
    expect(names.nameOf('c')).toBeUndefined();
    expect(names.nameOf('a')).toBeDefined();
  });

  it('never names a refused text again', () => {
    const names = new StatementNames();
    names.nameOf('select 1');
    expect(names.nameOf('select 1')).toBeDefined();
    names.refuse('select 1');
    for (let i = 0; i < 3; i += 1) expect(names.nameOf('select 1')).toBeUndefined();
  });
});

// One connection, so what a statement left on the connection can be read from it.
describe.runIf(TEST_DATABASE_URL)('statements on PostgreSQL', () => {
  const schema = `t_${randomBytes(8).toString('hex')}`;
  let handle: DatabaseHandle;
  const admin = () => new pg.Client({ connectionString: TEST_DATABASE_URL });

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.query(`create table ${schema}.things (id integer primary key, name text not null, amount bigint)`);
    await client.end();
    handle = openDatabase({ kind: 'postgres', url: TEST_DATABASE_URL! }, { searchPath: schema, poolSize: 1 });
  });
  afterAll(async () => {
    await handle?.close();
    const client = admin();
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  });

  /** The texts of the named statements the pool's one connection holds. */
  const prepared = async () =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(handle.db)).rows.map(
      (row) => row.statement,
    );

  it('sends a repeated statement by name, parsed once on the connection, with each call’s values', async () => {
    const insert = (id: number, name: string, amount: number) =>
      handle.db.insertInto('things' as never).values({ id, name, amount } as never);
    const text = insert(0, '', 0).compile().sql;
    for (let id = 1; id <= 3; id += 1) await insert(id, `thing ${id}`, id * 1_000_000_000_000).execute();
    expect(await prepared()).toContain(text);
    const rows = await handle.db
      .selectFrom('things' as never)
      .selectAll()
      .orderBy('id' as never)
      .execute();
    // The pool's own types stand: bigint columns come back as numbers.
    expect(rows).toEqual([1, 2, 3].map((id) => ({ id, name: `thing ${id}`, amount: id * 1_000_000_000_000 })));
  });

  it('plans named statements for each run’s values', async () => {
    const { rows } = await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(handle.db);
    expect(rows).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
  });

  it('sends a statement seen once unnamed', async () => {
    const once = `select ${Date.now()} as once`;
    await sql.raw(once).execute(handle.db);
    expect(await prepared()).not.toContain(once);
  });

  it('answers a named select * whose table gained a column, and stops naming that text', async () => {
    const read = () =>
      handle.db
        .selectFrom('things' as never)
        .selectAll()
        .where('id' as never, '=', 1 as never)
        .execute();
    await read();
    await read();
    const client = admin();
    await client.connect();
    await client.query(`alter table ${schema}.things add column note text`);
    await client.end();
    expect(await read()).toEqual([{ id: 1, name: 'thing 1', amount: 1_000_000_000_000, note: null }]);
    expect(await read()).toEqual([{ id: 1, name: 'thing 1', amount: 1_000_000_000_000, note: null }]);
  });

  it('reports the first error when a named statement fails that way inside a transaction', async () => {
    const read = (db = handle.db) =>
      db
        .selectFrom('things' as never)
        .select(sql`things.*`.as('all'))
        .execute();
    await read();
    await read();
    const client = admin();
    await client.connect();
    await client.query(`alter table ${schema}.things add column extra text`);
    await client.end();
    await expect(handle.db.transaction().execute((trx) => read(trx))).rejects.toThrow(
      'cached plan must not change result type',
    );
    expect((await read()).length).toBe(3);
  });
});
