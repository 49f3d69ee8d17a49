import { sql, type Generated, type Insertable, type Kysely, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../test/databases.ts';
import { Part, prepared } from './prepared.ts';

interface Tables {
  prepared_notes: { id: number; body: string; tag: Generated<string>; stars: number | null };
}

describe.each(databases)('prepared statements on $name', (database) => {
  let handle: Awaited<ReturnType<typeof database.create>>;
  let db: Kysely<Tables>;

  beforeAll(async () => {
    handle = await database.create();
    db = handle.db as unknown as Kysely<Tables>;
    await sql`create table prepared_notes (id integer primary key, body text not null, tag text not null default 'plain', stars integer)`.execute(
      db,
    );
  });
  afterAll(() => handle.dispose());

  const rowsOf = () => db.selectFrom('prepared_notes').selectAll().orderBy('id').execute();

  it('runs each call with its own values, building once per shape', async () => {
    let builds = 0;
    const insert = prepared((qb: Kysely<Tables>, row: Insertable<Tables['prepared_notes']>) => {
      builds += 1;
      return qb.insertInto('prepared_notes').values(row).returning(['id', 'body']);
    });
    const first = await insert(db, { id: 1, body: 'one', tag: 'a', stars: 3 });
    const second = await insert(db, { id: 2, body: 'two', tag: 'b', stars: null });
    expect(first.rows).toEqual([{ id: 1, body: 'one' }]);
    expect(second.rows).toEqual([{ id: 2, body: 'two' }]);
    expect(builds).toBe(1);
    expect(await rowsOf()).toEqual([
      { id: 1, body: 'one', tag: 'a', stars: 3 },
      { id: 2, body: 'two', tag: 'b', stars: null },
    ]);
  });

  it('leaves an undefined value out, as the builder does, so its column takes its default', async () => {
    let builds = 0;
    const insert = prepared(
      (qb: Kysely<Tables>, row: { id: number; body: string; tag?: string | undefined; stars?: number | null }) => {
        builds += 1;
        return qb.insertInto('prepared_notes').values(row as Insertable<Tables['prepared_notes']>);
      },
    );
    await insert(db, { id: 10, body: 'ten', tag: undefined, stars: 1 });
    await insert(db, { id: 11, body: 'eleven', tag: 'gold', stars: 2 });
    await insert(db, { id: 12, body: 'twelve', stars: 3 });
    expect(builds).toBe(2);
    const rows = await db
      .selectFrom('prepared_notes')
      .select(['id', 'tag'])
      .where('id', '>=', 10)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 10, tag: 'plain' },
      { id: 11, tag: 'gold' },
      { id: 12, tag: 'plain' },
    ]);
  });

  it('places nested values by their path, keeps the build’s own constants, and counts the rows it changed', async () => {
    const update = prepared((qb: Kysely<Tables>, change: { id: number; set: { body: string; stars: number } }) =>
      qb.updateTable('prepared_notes').set(change.set).set('tag', 'edited').where('id', '=', change.id),
    );
    const done = await update(db, { id: 1, set: { body: 'uno', stars: 5 } });
    const missed = await update(db, { id: 999, set: { body: 'none', stars: 0 } });
    expect(done.numAffectedRows).toBe(1n);
    expect(missed.numAffectedRows).toBe(0n);
    expect(await db.selectFrom('prepared_notes').selectAll().where('id', '=', 1).executeTakeFirst()).toEqual({
      id: 1,
      body: 'uno',
      tag: 'edited',
      stars: 5,
    });
  });

  it('runs inside a transaction on its connection, rolled back with it', async () => {
    const insert = prepared((qb: Kysely<Tables>, row: { id: number; body: string }) =>
      qb.insertInto('prepared_notes').values(row),
    );
    await expect(
      db.transaction().execute(async (trx) => {
        await insert(trx, { id: 20, body: 'inside' });
        expect(await trx.selectFrom('prepared_notes').select('id').where('id', '=', 20).execute()).toEqual([
          { id: 20 },
        ]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await db.selectFrom('prepared_notes').select('id').where('id', '=', 20).execute()).toEqual([]);
  });

  it('builds a call whose values hold an expression as it comes, without keeping it', async () => {
    let builds = 0;
    const update = prepared(
      (qb: Kysely<Tables>, change: { id: number; set: { stars: number | RawBuilder<number> } }) => {
        builds += 1;
        return qb.updateTable('prepared_notes').set(change.set).where('id', '=', change.id);
      },
    );
    await update(db, { id: 2, set: { stars: sql<number>`coalesce(stars, 0) + 4` } });
    await update(db, { id: 2, set: { stars: sql<number>`stars * 10` } });
    await update(db, { id: 11, set: { stars: 7 } });
    await update(db, { id: 12, set: { stars: 8 } });
    expect(builds).toBe(3);
    const rows = await db
      .selectFrom('prepared_notes')
      .select(['id', 'stars'])
      .where('id', 'in', [2, 11, 12])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 2, stars: 40 },
      { id: 11, stars: 7 },
      { id: 12, stars: 8 },
    ]);
  });

  it('runs `sql` built on the database it is given', async () => {
    const count = prepared(
      (qb: Kysely<Tables>, by: { atLeast: number }) =>
        sql<{ n: number }>`select count(*) as n from prepared_notes where id >= ${by.atLeast}`,
    );
    expect(Number((await count(db, { atLeast: 10 })).rows[0]!.n)).toBe(3);
    expect(Number((await count(db, { atLeast: 12 })).rows[0]!.n)).toBe(1);
  });

  it('refuses a build that reads a value instead of placing it', async () => {
    const reading = prepared((qb: Kysely<Tables>, row: { id: number; body: string }) =>
      qb.insertInto('prepared_notes').values({ id: row.id, body: `note: ${row.body}` }),
    );
    await expect(reading(db, { id: 30, body: 'x' })).rejects.toThrow(
      "prepared: the statement's build read the value body; it may only place it",
    );
  });

  it('places the values of parts another module makes, building once per part maker and shape', async () => {
    let builds = 0;
    const starsAbove = (v: { min: number }) => sql<boolean>`stars > ${v.min}`;
    const tagIs = (v: { tag: string }) => sql<boolean>`tag = ${v.tag}`;
    const count = prepared((qb: Kysely<Tables>, by: { atLeast: number; also: Part<object, RawBuilder<boolean>> }) => {
      builds += 1;
      return sql<{
        n: number;
      }>`select count(*) as n from prepared_notes where id >= ${by.atLeast} and ${by.also.in(qb as never)}`;
    });
    const n = async (atLeast: number, also: Part<object, RawBuilder<boolean>>) =>
      Number((await count(db, { atLeast, also })).rows[0]!.n);
    await db.deleteFrom('prepared_notes').execute();
    await db
      .insertInto('prepared_notes')
      .values([
        { id: 1, body: 'a', tag: 'gold', stars: 1 },
        { id: 2, body: 'b', tag: 'gold', stars: 5 },
        { id: 3, body: 'c', tag: 'plain', stars: 9 },
      ])
      .execute();
    expect(await n(1, new Part(starsAbove, { min: 4 }))).toBe(2);
    expect(await n(3, new Part(starsAbove, { min: 4 }))).toBe(1);
    expect(await n(1, new Part(starsAbove, { min: 8 }))).toBe(1);
    expect(builds).toBe(1);
    // Another maker with values of the same shape makes another text.
    expect(await n(1, new Part(tagIs, { tag: 'gold' }))).toBe(2);
    expect(await n(2, new Part(tagIs, { tag: 'plain' }))).toBe(1);
    expect(builds).toBe(2);
  });

  it('builds as it comes once a statement has met as many shapes as it keeps', async () => {
    let builds = 0;
    const count = prepared((qb: Kysely<Tables>, by: { also: Part<object, RawBuilder<boolean>> }) => {
      builds += 1;
      return sql<{ n: number }>`select count(*) as n from prepared_notes where ${by.also.in(qb as never)}`;
    });
    // A new maker at every call (a closure) would keep a shape per call.
    for (let i = 0; i < 70; i += 1) {
      const above = (v: { min: number }) => sql<boolean>`stars > ${v.min}`;
      expect(Number((await count(db, { also: new Part(above, { min: 4 }) })).rows[0]!.n)).toBe(2);
    }
    expect(builds).toBe(70);
    const kept = (v: { min: number }) => sql<boolean>`stars > ${v.min}`;
    await count(db, { also: new Part(kept, { min: 0 }) });
    await count(db, { also: new Part(kept, { min: 1 }) });
    expect(builds).toBe(72);
  });
});
