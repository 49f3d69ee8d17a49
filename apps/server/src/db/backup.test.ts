import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { backupSqlite, BackupRefused, restoreSqlite } from './backup.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

const folder = mkdtempSync(join(tmpdir(), 'venue-backup-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;
const fresh = (name: string) => join(folder, `${(files += 1)}-${name}`);

/** A migrated database of the app, as the server leaves it (WAL mode), with `orders` orders. */
async function appDatabase(orders: number): Promise<string> {
  const path = fresh('venue.db');
  const handle = openDatabase({ kind: 'sqlite', path });
  await migrateToLatest(handle.db);
  await handle.close();
  const db = new SQLite(path);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = OFF'); // orders of vendor 1, which need not exist here
  const insert = db.prepare(
    "insert into orders (vendor_id, order_status, created_at, updated_at) values (1, 'Waiting', ?, ?)",
  );
  for (let i = 0; i < orders; i += 1) insert.run(i, i);
  db.close();
  return path;
}

const orderIds = (path: string) => {
  const db = new SQLite(path, { readonly: true });
  try {
    return (db.prepare('select id from orders order by id').all() as { id: number }[]).map((row) => row.id);
  } finally {
    db.close();
  }
};

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'not refused',
    (error: unknown) => (error instanceof BackupRefused ? error.message : `failed: ${String(error)}`),
  );

describe('backupSqlite', () => {
  it('copies the database as it was when the backup began while another connection keeps writing, without starting over', async () => {
    const source = await appDatabase(0);
    const writer = new SQLite(source);
    writer.pragma('foreign_keys = OFF');
    writer.exec('create table filler (id integer primary key, body blob)');
    const fill = writer.prepare('insert into filler (body) values (randomblob(4000))');
    writer.transaction(() => {
      for (let i = 0; i < 2000; i += 1) fill.run();
    })();
    const insert = writer.prepare(
      "insert into orders (vendor_id, order_status, created_at, updated_at) values (1, 'Waiting', 0, 0)",
    );
    for (let i = 0; i < 50; i += 1) insert.run();

    // Commits from another connection between every two steps of 8 pages (some 250 steps).
    const remaining: number[] = [];
    const backup = backupSqlite(source, fresh('copy.db'), {
      pagesPerStep: 8,
      onStep: (pages) => {
        remaining.push(pages);
        insert.run();
      },
    });
    const done = await backup;
    writer.close();

    expect(remaining.length).toBeGreaterThan(100);
    expect(remaining, 'pages left only ever go down: the copy never started over').toEqual(
      [...remaining].sort((a, b) => b - a),
    );
    const copied = orderIds(done.file);
    expect(copied).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(orderIds(source).length).toBeGreaterThanOrEqual(50 + remaining.length);
    const copy = new SQLite(done.file, { readonly: true });
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();
    expect(existsSync(`${done.file}-wal`)).toBe(false);
    expect(done.bytes).toBeGreaterThan(8_000_000);
  });

  it('refuses an existing file unless forced, the database itself, and a missing database', async () => {
    const source = await appDatabase(1);
    const target = fresh('exists.db');
    writeFileSync(target, 'keep me');
    expect(await refusal(backupSqlite(source, target))).toMatch(/exists already; .* --force/);
    expect(await refusal(backupSqlite(source, source, { force: true }))).toMatch(/is the database itself/);
    expect(await refusal(backupSqlite(source, `${source}-wal`, { force: true }))).toMatch(/is the database itself/);
    expect(await refusal(backupSqlite(fresh('missing.db'), fresh('x.db')))).toMatch(/There is no database at/);
    await backupSqlite(source, target, { force: true });
    expect(orderIds(target)).toEqual([1]);
  });
});

describe('restoreSqlite', () => {
  it('restores a backup into a new file and over a database without orders, removing its stale WAL', async () => {
    const backup = fresh('backup.db');
    await backupSqlite(await appDatabase(3), backup);

    const created = await restoreSqlite(backup, join(folder, 'new-folder', 'venue.db'));
    expect(created).toMatchObject({ orders: 3, replacedOrders: null });
    expect(orderIds(created.target)).toEqual([1, 2, 3]);

    const empty = await appDatabase(0);
    writeFileSync(`${empty}-wal`, 'a WAL of the old database');
    writeFileSync(`${empty}-shm`, 'its index');
    const replaced = await restoreSqlite(backup, empty);
    expect(replaced).toMatchObject({ orders: 3, replacedOrders: 0, lastMigration: expect.any(String) });
    expect(existsSync(`${empty}-wal`) || existsSync(`${empty}-shm`)).toBe(false);
    expect(orderIds(empty)).toEqual([1, 2, 3]);
  });

  it('replaces a database holding orders only with --force', async () => {
    const backup = fresh('backup.db');
    await backupSqlite(await appDatabase(1), backup);
    const target = await appDatabase(5);
    expect(await refusal(restoreSqlite(backup, target))).toMatch(/holds 5 orders; back it up first, then add --force/);
    expect(orderIds(target)).toHaveLength(5);
    expect(await restoreSqlite(backup, target, { force: true })).toMatchObject({ replacedOrders: 5, orders: 1 });
    expect(orderIds(target)).toEqual([1]);
  });

  it('refuses while another process has the database open, as a running server does', async () => {
    const backup = fresh('backup.db');
    await backupSqlite(await appDatabase(1), backup);
    const target = await appDatabase(0);
    const server = openDatabase({ kind: 'sqlite', path: target });
    try {
      await server.db.selectFrom('orders').selectAll().execute();
      expect(await refusal(restoreSqlite(backup, target, { force: true }))).toMatch(
        /is in use by a running server or another program: stop it, then restore/,
      );
    } finally {
      await server.close();
    }
    expect(orderIds(target)).toEqual([]);
  });

  it('refuses what is not a backup of this app, leaving the target alone', async () => {
    const target = await appDatabase(0);
    const text = fresh('notes.txt');
    writeFileSync(text, 'not a database at all');
    expect(await refusal(restoreSqlite(text, target))).toMatch(/is not an SQLite database/);
    expect(await refusal(restoreSqlite(fresh('missing.db'), target))).toMatch(/There is no file/);

    const other = fresh('other-app.db');
    new SQLite(other).exec('create table notes (body text)');
    expect(await refusal(restoreSqlite(other, target))).toMatch(/not one of this app \(it has no kysely_migration/);

    const newer = fresh('newer.db');
    await backupSqlite(await appDatabase(0), newer);
    new SQLite(newer).exec("insert into kysely_migration (name, timestamp) values ('2099-01-01-1-future', 'x')");
    expect(await refusal(restoreSqlite(newer, target))).toMatch(
      /made by a newer version of the app \(migration 2099-01-01-1-future is unknown here\)/,
    );

    const broken = fresh('broken.db');
    await backupSqlite(await appDatabase(200), broken);
    const db = new SQLite(broken);
    const page = db.pragma('page_size', { simple: true }) as number;
    const pages = db.pragma('page_count', { simple: true }) as number;
    db.close();
    // Garbage over the last page (an index or table page), header and schema intact.
    const bytes = Buffer.alloc(page, 0x5a);
    const fd = openSync(broken, 'r+');
    writeSync(fd, bytes, 0, page, (pages - 1) * page);
    closeSync(fd);
    expect(await refusal(restoreSqlite(broken, target))).toMatch(/integrity check|cannot be read as a database/);

    expect(orderIds(target)).toEqual([]);
    expect(existsSync(join(folder, `.${target.split('/').at(-1)}.${process.pid}.restoring`))).toBe(false);
  });
});
