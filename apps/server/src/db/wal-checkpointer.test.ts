import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startWalCheckpointer, type CheckpointResult } from './wal-checkpointer.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function openWal(): { sqlite: SQLite.Database; path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'wal-'));
  dirs.push(dir);
  const path = join(dir, 'app.db');
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.exec('create table t (id integer primary key, body text not null)');
  return { sqlite, path };
}

const autocheckpoint = (sqlite: SQLite.Database) => sqlite.pragma('wal_autocheckpoint', { simple: true });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A checkpointer every 20 ms that reports each round, and a writer of 25 small commits at a time. */
async function checkpointedWriter(restartPages: number) {
  const { sqlite, path } = openWal();
  const results: CheckpointResult[] = [];
  const checkpointer = startWalCheckpointer(sqlite, path, {
    intervalMs: 20,
    restartPages,
    onCheckpoint: (result) => results.push(result),
  });
  await checkpointer.ready;
  const insert = sqlite.prepare('insert into t (body) values (?)');
  /** 25 commits, then a pause for the worker. */
  const burst = async () => {
    for (let i = 0; i < 25; i += 1) insert.run('x'.repeat(500));
    await sleep(30);
  };
  return { sqlite, path, results, checkpointer, burst };
}

describe('background WAL checkpoints', () => {
  it('copies the WAL into the database from a worker and lets the WAL start over, while the connection only writes', async () => {
    const { sqlite, path, results, checkpointer, burst } = await checkpointedWriter(50);
    expect(autocheckpoint(sqlite)).toBe(0);

    // Far more than the 50-page restart mark, written in bursts with pauses for the worker.
    for (let i = 0; i < 80; i += 1) await burst();
    await sleep(100);
    expect(results.some((result) => result.checkpointed > 0)).toBe(true);
    // Without checkpoints 2,000 commits leave a WAL of about 8 MB (a 4 KiB page each); restarted, it stays small.
    expect(statSync(`${path}-wal`).size).toBeLessThan(3_000_000);
    expect(sqlite.prepare('select count(*) as n from t').get()).toEqual({ n: 2000 });

    await checkpointer.stop();
    expect(autocheckpoint(sqlite)).toBe(1000);
    sqlite.close();
  });

  it('never restarts the WAL (holding writers back) while a reader keeps an older snapshot, and restarts it after', async () => {
    const { sqlite, path, results, checkpointer, burst } = await checkpointedWriter(200);

    // A backup's connection: one read transaction for as long as it copies.
    const reader = new SQLite(path);
    reader.exec('begin');
    reader.prepare('select count(*) from t').get();
    for (let i = 0; i < 20; i += 1) await burst();
    await sleep(100);
    const whileReading = results.splice(0);
    expect(whileReading.some((result) => result.log >= 200)).toBe(true);
    expect(whileReading.filter((result) => result.restarted)).toEqual([]);
    expect(reader.prepare('select count(*) as n from t').get()).toEqual({ n: 0 });
    reader.exec('commit');
    reader.close();

    for (let i = 0; i < 12; i += 1) await burst();
    await sleep(100);
    expect(results.some((result) => result.restarted)).toBe(true);
    expect(sqlite.prepare('select count(*) as n from t').get()).toEqual({ n: 800 });
    await checkpointer.stop();
    sqlite.close();
  });

  it('falls back to checkpointing on the connection when the worker cannot start', async () => {
    const { sqlite } = openWal();
    const errors: Error[] = [];
    const checkpointer = startWalCheckpointer(sqlite, '/nonexistent/folder/app.db', {
      onError: (error) => errors.push(error),
    });
    await expect(checkpointer.ready).rejects.toThrow();
    expect(errors).toHaveLength(1);
    expect(autocheckpoint(sqlite)).toBe(1000);
    await checkpointer.stop();
    sqlite.close();
  });
});
