import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql, type Generated } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BATCH_TURNS, GroupCommitDialect, type StatementSource } from './group-commit.ts';

interface Tables {
  notes: { id: Generated<number>; body: string };
}

describe('SQLite group commit', () => {
  let folder: string;
  let file: string;
  let sqlite: SQLite.Database;
  let db: Kysely<Tables>;
  /** another connection to the same file: sees only what has committed */
  let other: SQLite.Database;
  let commits = 0;

  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), 'group-commit-'));
    file = join(folder, 'db.sqlite');
    sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.exec('create table notes (id integer primary key, body text not null unique)');
    commits = 0;
    const source: StatementSource = {
      prepare: (text) => {
        if (text === 'commit') commits += 1;
        return sqlite.prepare(text);
      },
      inTransaction: () => sqlite.inTransaction,
      close: () => sqlite.close(),
    };
    db = new Kysely<Tables>({ dialect: new GroupCommitDialect(source) });
    other = new SQLite(file, { readonly: true });
  });

  afterEach(async () => {
    vi.useRealTimers();
    other.close();
    await db.destroy();
    rmSync(folder, { recursive: true, force: true });
  });

  const committedBodies = () =>
    (other.prepare('select body from notes order by id').all() as { body: string }[]).map((row) => row.body);
  const insert = (body: string) => db.insertInto('notes').values({ body }).execute();

  it('commits the writes of one turn of the event loop together, and answers each only once committed', async () => {
    const seen: string[][] = [];
    await Promise.all(
      ['a', 'b', 'c', 'd'].map(async (body) => {
        await insert(body);
        seen.push(committedBodies());
      }),
    );
    expect(commits).toBe(1);
    // Each writer, when answered, finds its row (and the others of its batch) committed.
    expect(seen).toEqual(Array.from({ length: 4 }, () => ['a', 'b', 'c', 'd']));
  });

  it(`keeps a batch open for ${BATCH_TURNS} turns of the event loop: the writes of its later turns join it`, async () => {
    expect(BATCH_TURNS).toBeGreaterThan(1);
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    const writes = [insert('turn 1')];
    for (let turn = 2; turn <= BATCH_TURNS; turn += 1) {
      await nextTurn();
      expect(committedBodies()).toEqual([]);
      writes.push(insert(`turn ${turn}`));
    }
    await Promise.all(writes);
    expect(commits).toBe(1);
    expect(committedBodies()).toEqual(Array.from({ length: BATCH_TURNS }, (_, index) => `turn ${index + 1}`));
  });

  it('commits writes of later turns in later batches', async () => {
    await insert('a');
    await insert('b');
    expect(commits).toBe(2);
    expect(committedBodies()).toEqual(['a', 'b']);
  });

  it('answers a read at once while no batch is open, and after the batch while one is', async () => {
    await insert('a');
    expect(await db.selectFrom('notes').select('body').execute()).toEqual([{ body: 'a' }]);
    const write = insert('b');
    const read = db.selectFrom('notes').select('body').execute();
    expect(await read).toEqual([{ body: 'a' }, { body: 'b' }]);
    // The read was answered after the write's batch committed.
    expect(committedBodies()).toEqual(['a', 'b']);
    await write;
  });

  it('fails only the statement that failed: the batch it was in still commits', async () => {
    await insert('a');
    const outcomes = await Promise.allSettled([insert('b'), insert('a'), insert('c')]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE constraint failed/);
    expect(committedBodies()).toEqual(['a', 'b', 'c']);
  });

  it('runs a transaction inside the batch: its rollback undoes only its own writes', async () => {
    const failing = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ body: 'in the transaction' }).execute();
      throw new Error('changed its mind');
    });
    const beside = insert('beside it');
    await expect(failing).rejects.toThrow('changed its mind');
    await beside;
    expect(committedBodies()).toEqual(['beside it']);
  });

  it('returns from a transaction’s commit once the batch holding it has committed', async () => {
    await Promise.all([
      insert('before'),
      db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ body: 'one' }).execute();
        await trx.insertInto('notes').values({ body: 'two' }).execute();
      }),
    ]);
    expect(committedBodies()).toEqual(['before', 'one', 'two']);
    expect(commits).toBe(1);
  });

  it('lets other statements wait while a transaction has the connection', async () => {
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ body: 'first' }).execute();
      order.push('transaction wrote');
      await gate;
      await trx.insertInto('notes').values({ body: 'second' }).execute();
    });
    await vi.waitFor(() => expect(order).toEqual(['transaction wrote']));
    const outside = insert('outside').then(() => order.push('outside answered'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(['transaction wrote']);
    release();
    await Promise.all([transaction, outside]);
    expect(order).toEqual(['transaction wrote', 'outside answered']);
    expect(committedBodies()).toEqual(['first', 'second', 'outside']);
  });

  it('goes on serving while another connection holds the write lock, and writes once it is free', async () => {
    // As the server sets it: SQLite's own wait would sleep the thread this long.
    sqlite.pragma('busy_timeout = 5000');
    const holder = new SQLite(file);
    holder.exec('begin immediate');
    try {
      const events: string[] = [];
      const write = insert('waited').then(() => events.push('write answered'));
      const transaction = db
        .transaction()
        .execute((trx) => trx.insertInto('notes').values({ body: 'in a transaction' }).execute())
        .then(() => events.push('transaction answered'));
      await new Promise((resolve) => setTimeout(resolve, 30));
      events.push('a timer fired');
      // With no batch open a read answers at once; the writes are still waiting.
      expect(await db.selectFrom('notes').select('body').execute()).toEqual([]);
      expect(events).toEqual(['a timer fired']);
      holder.exec('commit');
      await Promise.all([write, transaction]);
      expect(events.slice(1).sort()).toEqual(['transaction answered', 'write answered']);
      expect(committedBodies().sort()).toEqual(['in a transaction', 'waited']);
      expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    } finally {
      holder.close();
    }
  });

  it('fails a write with SQLite’s busy error once it has waited as long as busy_timeout', async () => {
    sqlite.pragma('busy_timeout = 60');
    const holder = new SQLite(file);
    holder.exec('begin immediate');
    try {
      const started = performance.now();
      await expect(insert('never')).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
      expect(performance.now() - started).toBeGreaterThanOrEqual(55);
      holder.exec('commit');
      await insert('after');
      expect(committedBodies()).toEqual(['after']);
    } finally {
      holder.close();
    }
  });

  it('runs schema changes and pragmas outside any batch', async () => {
    const write = insert('a');
    await sql`create table later (id integer primary key)`.execute(db);
    // The open batch committed first; the table exists for the other connection.
    expect(committedBodies()).toEqual(['a']);
    expect(other.prepare("select name from sqlite_schema where name = 'later'").get()).toEqual({ name: 'later' });
    await write;
    expect(sqlite.inTransaction).toBe(false);
  });

  it('fails every statement of a batch whose commit fails, and keeps none of them', async () => {
    // A constraint checked only at commit makes the commit itself fail.
    sqlite.pragma('foreign_keys = ON');
    sqlite.exec(`create table parents (id integer primary key);
      create table children (id integer primary key, parent_id integer references parents (id) deferrable initially deferred)`);
    const outcomes = await Promise.allSettled([
      insert('innocent'),
      sql`insert into children (parent_id) values (42)`.execute(db),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(committedBodies()).toEqual([]);
    expect(sqlite.inTransaction).toBe(false);
    // The next batch is a new one.
    await insert('after');
    expect(committedBodies()).toEqual(['after']);
  });

  it('commits while a test fakes the timers', async () => {
    vi.useFakeTimers();
    await insert('a');
    expect(committedBodies()).toEqual(['a']);
  });

  it('streams a read while holding the connection, and commits what waited after it', async () => {
    await Promise.all(['a', 'b', 'c'].map(insert));
    const bodies: string[] = [];
    let write: Promise<unknown> | undefined;
    for await (const row of db.selectFrom('notes').select('body').orderBy('id').stream()) {
      bodies.push(row.body);
      write ??= insert('d');
    }
    await write;
    expect(bodies).toEqual(['a', 'b', 'c']);
    expect(committedBodies()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('commits what is open when the database is closed', async () => {
    const write = insert('last');
    // Until the insert has run in its batch (microtasks: the batch commits on the next turn).
    for (let i = 0; i < 1_000 && !sqlite.inTransaction; i += 1) await Promise.resolve();
    expect(sqlite.inTransaction).toBe(true);
    await db.destroy();
    await write;
    expect(committedBodies()).toEqual(['last']);
  });

  it('reads rows as objects with the names, values and order of their columns, as better-sqlite3 does', async () => {
    await insert('a');
    await insert('it\'s "quoted"');
    const query = sql<
      Record<string, unknown>
    >`select id, body, id * 2 as "twice id", null as "", body as id from notes order by id`;
    const rows = (await query.execute(db)).rows;
    const expected = sqlite
      .prepare('select id, body, id * 2 as "twice id", null as "", body as id from notes order by id')
      .all();
    expect(rows).toEqual(expected);
    expect(rows.map((row) => Object.keys(row))).toEqual(expected.map((row) => Object.keys(row as object)));
    expect(rows[1]).toEqual({ id: 'it\'s "quoted"', body: 'it\'s "quoted"', 'twice id': 4, '': null });
    // Streamed rows alike.
    const streamed: unknown[] = [];
    for await (const row of db.selectFrom('notes').selectAll().orderBy('id').stream()) streamed.push(row);
    expect(streamed).toEqual([
      { id: 1, body: 'a' },
      { id: 2, body: 'it\'s "quoted"' },
    ]);
  });

  it("reads a statement's new columns once the schema changes, here or on another connection", async () => {
    await insert('a');
    const all = () => db.selectFrom('notes').selectAll().execute() as Promise<Record<string, unknown>[]>;
    expect(await all()).toEqual([{ id: 1, body: 'a' }]);
    await sql`alter table notes add column tag text default 'x'`.execute(db);
    expect(await all()).toEqual([{ id: 1, body: 'a', tag: 'x' }]);
    const writer = new SQLite(file);
    writer.exec(`alter table notes add column size integer default 3`);
    writer.close();
    expect(await all()).toEqual([{ id: 1, body: 'a', tag: 'x', size: 3 }]);
  });
});
