/**
 * Backup and restore of an SQLite database file (`npm run venue -- backup FILE` / `restore FILE`,
 * docs/operations.md, docs/decisions/036-sqlite-backups.md).
 *
 * Backup copies a live database with SQLite's online backup API while the server goes on writing.
 * The copy is one snapshot: the backup's connection holds a read transaction from the first page
 * to the last, so the pages it copies are all of the moment the backup began. In WAL mode a reader
 * never blocks the writer, and the backup never takes the source's write lock; without that read
 * transaction every commit of the server would make SQLite start the copy over, and on a busy
 * server a large copy would never end. The pages go in steps, each yielding to the event loop.
 *
 * Restore puts a backup in the place of DATABASE_URL's file while no server has it open: the
 * backup is checked (an SQLite database of this app, every migration known here, integrity check
 * passed) in a copy next to the target, and that copy is renamed over the target, so the target is
 * either the old database or the whole new one.
 */
import { closeSync, existsSync, fsyncSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { MIGRATIONS } from './migrate.ts';

/** A backup or restore refused for a reason the operator can fix; the message is one line. */
export class BackupRefused extends Error {}

/** The database a restore would replace cannot be read: replaced only with `force`. */
class TargetUnreadable extends BackupRefused {}

/** Pages copied per step (4 MiB of 4 KiB pages); the event loop runs between steps. */
export const PAGES_PER_STEP = 1024;

/** The table Kysely's migrator keeps the applied migrations in. */
const MIGRATION_TABLE = 'kysely_migration';
const SQLITE_HEADER = 'SQLite format 3\0';
const SIDE_FILES = ['-wal', '-shm', '-journal'];

export interface BackupResult {
  file: string;
  bytes: number;
  pages: number;
  ms: number;
  /** when the snapshot was taken: every commit before it is in the copy, none after */
  snapshotAt: Date;
}

export interface RestoreResult {
  target: string;
  bytes: number;
  ms: number;
  /** orders in the restored database */
  orders: number;
  /** the newest migration in the backup (the server applies newer ones when it starts) */
  lastMigration: string;
  /** orders the replaced database held (null: there was none) */
  replacedOrders: number | null;
}

const removeWithSideFiles = (path: string) => {
  for (const suffix of ['', ...SIDE_FILES]) rmSync(`${path}${suffix}`, { force: true });
};

/** Flushes a file, or a folder after a rename in it, to the disk (so it survives a power cut). */
function syncToDisk(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

const isBusy = (error: unknown) => String((error as { code?: unknown }).code).startsWith('SQLITE_BUSY');

/**
 * Copies the SQLite database at `source` into `file`, consistently, while other processes write to
 * it. Refuses when `file` exists (unless `force`) or is the database itself. The copy is written
 * next to `file` and renamed into place once complete; it is a single file (rollback journal, no
 * -wal beside it).
 */
export async function backupSqlite(
  source: string,
  file: string,
  options: { force?: boolean; pagesPerStep?: number; onStep?: (remainingPages: number) => void } = {},
): Promise<BackupResult> {
  const target = resolve(file);
  if (source === ':memory:')
    throw new BackupRefused('DATABASE_URL is an in-memory database: there is nothing to back up.');
  if ([source, ...SIDE_FILES.map((suffix) => `${source}${suffix}`)].includes(target))
    throw new BackupRefused(`${file} is the database itself (DATABASE_URL); back up into another file.`);
  if (!existsSync(source)) throw new BackupRefused(`There is no database at ${source} (DATABASE_URL).`);
  if (existsSync(target) && !options.force)
    throw new BackupRefused(`${file} exists already; choose a new file, or add --force to replace it.`);
  if (!existsSync(dirname(target))) throw new BackupRefused(`The folder ${dirname(target)} does not exist.`);

  const started = performance.now();
  const partial = join(dirname(target), `.${basename(target)}.${process.pid}.partial`);
  removeWithSideFiles(partial);
  // Read-write, as the server opens it: a read-only connection cannot set up a WAL index that is
  // not there yet. Nothing is written through it.
  const db = new SQLite(source, { fileMustExist: true, timeout: 5000 });
  try {
    // The snapshot: a read transaction that lasts until the last page is copied.
    db.exec('begin');
    db.prepare('select count(*) from sqlite_schema').get();
    const snapshotAt = new Date();
    const pagesPerStep = options.pagesPerStep ?? PAGES_PER_STEP;
    const { totalPages } = await db.backup(partial, {
      progress: ({ remainingPages }) => {
        options.onStep?.(remainingPages);
        return pagesPerStep;
      },
    });
    db.exec('commit');
    const copy = new SQLite(partial, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    syncToDisk(partial);
    renameSync(partial, target);
    syncToDisk(dirname(target));
    return {
      file: target,
      bytes: statSync(target).size,
      pages: totalPages,
      ms: performance.now() - started,
      snapshotAt,
    };
  } catch (error) {
    removeWithSideFiles(partial);
    throw error;
  } finally {
    db.close();
  }
}

function looksLikeSqlite(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const header = Buffer.alloc(SQLITE_HEADER.length);
    return readSync(fd, header, 0, header.length, 0) === header.length && header.toString('latin1') === SQLITE_HEADER;
  } finally {
    closeSync(fd);
  }
}

function hasTable(db: SQLite.Database, name: string): boolean {
  return db.prepare("select 1 from sqlite_schema where type = 'table' and name = ?").get(name) !== undefined;
}

function countOrders(db: SQLite.Database): number {
  if (!hasTable(db, 'orders')) return 0;
  return (db.prepare('select count(*) as n from orders').get() as { n: number }).n;
}

/**
 * Checks a copy of a backup: answers its newest migration and its orders, or throws BackupRefused.
 * `file` names the backup in messages.
 */
function checkBackup(db: SQLite.Database, file: string): { lastMigration: string; orders: number } {
  if (!hasTable(db, MIGRATION_TABLE))
    throw new BackupRefused(
      `${file} is an SQLite database, but not one of this app (it has no ${MIGRATION_TABLE} table).`,
    );
  const applied = (db.prepare(`select name from ${MIGRATION_TABLE} order by name`).all() as { name: string }[]).map(
    (row) => row.name,
  );
  if (applied.length === 0)
    throw new BackupRefused(`${file} has no migrations applied: it is not a database of this app.`);
  const unknown = applied.filter((name) => !(name in MIGRATIONS));
  if (unknown.length > 0)
    throw new BackupRefused(
      `${file} was made by a newer version of the app (migration ${unknown[0]} is unknown here); restore it with that version.`,
    );
  const problems = (db.pragma('integrity_check(5)') as { integrity_check: string }[]).map((row) => row.integrity_check);
  if (problems.join() !== 'ok')
    throw new BackupRefused(`${file} fails SQLite's integrity check: ${problems.join('; ')}`);
  return { lastMigration: applied.at(-1)!, orders: countOrders(db) };
}

/**
 * What the database at `target` holds, taken with no server running: throws BackupRefused when a
 * process has it open. Leaves it in rollback-journal mode with its WAL folded in (the server turns
 * WAL back on when it opens a database), so its -wal and -shm files are gone or stale.
 */
function stoppedTargetOrders(target: string): number {
  let db: SQLite.Database;
  try {
    db = new SQLite(target, { fileMustExist: true, timeout: 0 });
  } catch (error) {
    throw new TargetUnreadable(
      `Cannot open ${target} (DATABASE_URL): ${(error as Error).message}; add --force to replace it.`,
    );
  }
  try {
    // A server keeps a WAL database open with a shared lock; leaving WAL mode needs the database
    // to itself, so this fails (or keeps 'wal') while any process has it open.
    let mode: unknown;
    try {
      mode = db.pragma('journal_mode = DELETE', { simple: true });
    } catch (error) {
      if (isBusy(error)) mode = 'busy';
      else throw error;
    }
    if (mode !== 'delete')
      throw new BackupRefused(
        `${target} (DATABASE_URL) is in use by a running server or another program: stop it, then restore.`,
      );
    return countOrders(db);
  } catch (error) {
    if (error instanceof BackupRefused) throw error;
    throw new TargetUnreadable(
      `${target} (DATABASE_URL) cannot be read as a database (${(error as Error).message}); add --force to replace it.`,
    );
  } finally {
    db.close();
  }
}

/**
 * Replaces the SQLite database at `target` with the backup `file`. The server must be stopped
 * (an open database is refused); a database holding orders is replaced only with `force`.
 */
export async function restoreSqlite(
  file: string,
  target: string,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  const backup = resolve(file);
  if (target === ':memory:')
    throw new BackupRefused('DATABASE_URL is an in-memory database: there is nothing to restore into.');
  if (backup === target) throw new BackupRefused(`${file} is DATABASE_URL's database itself.`);
  if (!existsSync(backup) || !statSync(backup).isFile()) throw new BackupRefused(`There is no file ${file}.`);
  if (!looksLikeSqlite(backup)) throw new BackupRefused(`${file} is not an SQLite database.`);

  const started = performance.now();
  await mkdir(dirname(target), { recursive: true });
  const copy = join(dirname(target), `.${basename(target)}.${process.pid}.restoring`);
  removeWithSideFiles(copy);
  try {
    await copyFile(backup, copy);
    // A backup taken as a raw copy of a WAL database may have its latest commits beside it.
    if (existsSync(`${backup}-wal`)) await copyFile(`${backup}-wal`, `${copy}-wal`);
    const db = new SQLite(copy, { fileMustExist: true });
    let checked: { lastMigration: string; orders: number };
    try {
      db.pragma('journal_mode = DELETE');
      checked = checkBackup(db, file);
    } catch (error) {
      if (error instanceof BackupRefused) throw error;
      throw new BackupRefused(`${file} cannot be read as a database: ${(error as Error).message}`);
    } finally {
      db.close();
    }

    let replacedOrders: number | null = null;
    if (existsSync(target)) {
      try {
        replacedOrders = stoppedTargetOrders(target);
      } catch (error) {
        if (!(error instanceof TargetUnreadable && options.force)) throw error;
      }
      if (replacedOrders !== null && replacedOrders > 0 && !options.force)
        throw new BackupRefused(
          `${target} (DATABASE_URL) holds ${replacedOrders} orders; back it up first, then add --force to replace it.`,
        );
    }
    syncToDisk(copy);
    // The old database's WAL must never be applied to the new file.
    for (const suffix of SIDE_FILES) rmSync(`${target}${suffix}`, { force: true });
    renameSync(copy, target);
    syncToDisk(dirname(target));
    return {
      target,
      bytes: statSync(target).size,
      ms: performance.now() - started,
      orders: checked.orders,
      lastMigration: checked.lastMigration,
      replacedOrders,
    };
  } finally {
    removeWithSideFiles(copy);
  }
}
