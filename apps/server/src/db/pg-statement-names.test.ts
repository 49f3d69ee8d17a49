import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../test/test-env.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { nameStatements, StatementNames } from './pg-statement-names.ts';

describe('statement names', () => {
  it('names a text the second time it is sent, and keeps that name', () => {
    const names = new StatementNames();
    expect(names.nameOf('select 1')).toBeUndefined();
    const name = names.nameOf('select 1');
    expect(name).toMatch(/^s\d+_\d+$/);
    expect(names.nameOf('select 1')).toBe(name);
    expect(names.nameOf('select 2')).toBeUndefined();
    expect(names.nameOf('select 2')).not.toBe(name);
  });

  it('names no more texts than its cap; the named keep their names', () => {
    const names = new StatementNames({ max: 2 });
    for (const text of ['a', 'a', 'b', 'b']) names.nameOf(text);
    expect(names.size).toBe(2);
    expect(names.nameOf('c')).toBeUndefined();
    expect(names.nameOf('c')).toBeUndefined();
    expect(names.nameOf('a')).toBeDefined();
  });

  it('names every text anew once the named runs reach each count, keeping its number', () => {
    const names = new StatementNames({ replanAfter: [4, 8] });
    names.nameOf('a');
    const runs = Array.from({ length: 9 }, (_, i) => names.nameOf(i % 2 === 0 ? 'a' : 'b'));
    expect(runs).toEqual(['s0_0', undefined, 's0_0', 's1_0', 's0_1', 's1_1', 's0_1', 's1_1', 's0_2']);
    for (let i = 0; i < 100; i += 1) names.nameOf('b');
    expect(names.nameOf('a')).toBe('s0_2');
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
  /** more named runs than the pool's names take to be given anew once (40, then 80) */
  const REPLAN_RUNS = 45;
  const schema = `t_${randomBytes(8).toString('hex')}`;
  let handle: DatabaseHandle;
  /** Runs statements on a connection of its own, outside the pool (as another node or an operator would). */
  const outside = async (...statements: string[]) => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await outside(
      `create schema ${schema}`,
      `create table ${schema}.things (id integer primary key, name text not null, amount bigint)`,
    );
    handle = openDatabase(
      { kind: 'postgres', url: TEST_DATABASE_URL! },
      {
        searchPath: schema,
        // Every statement on the one connection, so that each test sees what that connection parsed.
        poolSize: 1,
        pipelinedConnections: 0,
        statementNames: new StatementNames({ replanAfter: [40, 80] }),
      },
    );
  });
  afterAll(async () => {
    await handle?.close();
    await outside(`drop schema if exists ${schema} cascade`);
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

  it('frees a statement’s previous name on the connection when it sends the new one', async () => {
    const query = (id: number) =>
      handle.db
        .selectFrom('things' as never)
        .select('name' as never)
        .where('id' as never, '=', id as never);
    const read = (id: number) => query(id).execute();
    const text = query(0).compile().sql;
    const named = async () =>
      (
        await sql<{ name: string }>`select name from pg_prepared_statements where statement = ${text}`.execute(
          handle.db,
        )
      ).rows.map((row) => row.name);
    await read(1);
    await read(1);
    const first = await named();
    expect(first).toHaveLength(1);
    for (let i = 0; i < REPLAN_RUNS; i += 1) await read(2);
    const later = await named();
    expect(later).toHaveLength(1);
    expect(later).not.toEqual(first);
    expect(await read(3)).toEqual([{ name: 'thing 3' }]);
  });

  it('asks for a named statement’s description once on a connection, and reads each answer by it', async () => {
    const pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1, options: `-c search_path=${schema}` });
    nameStatements(pool, new StatementNames());
    const client = await pool.connect();
    try {
      let descriptions = 0;
      (client as unknown as { connection: pg.Connection }).connection.on('rowDescription', () => (descriptions += 1));
      const read = async (id: number) =>
        (await client.query('select id, name, amount from things where id = $1', [id])).rows;
      const touch = async (id: number) =>
        (await client.query('update things set amount = amount where id = $1', [id])).rowCount;
      for (const id of [1, 2, 3, 1]) {
        expect(await read(id)).toEqual([{ id, name: `thing ${id}`, amount: String(id * 1_000_000_000_000) }]);
        expect(await touch(id)).toBe(1);
      }
      expect(await read(99)).toEqual([]);
      // the first run, unnamed, and the second, the named statement's first on this connection
      expect(descriptions).toBe(2);
    } finally {
      client.release();
      await pool.end();
    }
  });

  it('sends a statement seen once unnamed', async () => {
    const once = sql`select ${Date.now()}::bigint as once`;
    await once.execute(handle.db);
    expect(await prepared()).not.toContain(once.compile(handle.db).sql);
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
    await outside(`alter table ${schema}.things add column note text`);
    expect(await read()).toEqual([{ id: 1, name: 'thing 1', amount: 1_000_000_000_000, note: null }]);
    expect(await read()).toEqual([{ id: 1, name: 'thing 1', amount: 1_000_000_000_000, note: null }]);
  });

  it('reports the first error when a named statement fails that way inside a transaction', async () => {
    const read = (db = handle.db) =>
      db
        .selectFrom('things' as never)
        .select(sql`things.*`.as('all'))
        .where('id' as never, '>', 0 as never)
        .execute();
    await read();
    await read();
    await outside(`alter table ${schema}.things add column extra text`);
    await expect(handle.db.transaction().execute((trx) => read(trx))).rejects.toThrow(
      'cached plan must not change result type',
    );
    expect((await read()).length).toBe(3);
  });
});
