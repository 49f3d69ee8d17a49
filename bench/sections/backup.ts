/**
 * Backups and restores of a season (docs/operations.md): a fresh SQLite database gets 200,000 paid
 * orders over half a year, written straight into the tables (the takings benchmark's generator);
 * then `npm run venue -- backup` copies it while the server is idle, and again back to back while
 * customers check out, whose throughput is compared with checkout alone; the server is stopped,
 * `npm run venue -- restore` puts the backup in place of a new file, and a server is started on it.
 * The orders checked out through the API tell what a real order adds to the file (receipts, events,
 * gateway records beside the order), to size a real season. With TEST_DATABASE_URL the same season
 * goes into PostgreSQL and through pg_dump and pg_restore.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';
import { REPO_ROOT } from '@venue/test-harness/paths';
import { startServer } from '@venue/test-harness/server';
import { BENCH_SERVER_ENV, benchDatabases } from '../lib/fresh-servers.ts';
import type { BenchContext, Section, SectionResult } from '../lib/section.ts';
import { formatInteger, formatMs } from '../lib/table.ts';
import { run } from './checkout.ts';
import { seed } from './takings.ts';

const SEASON_ORDERS = 200_000;
const SEASON_DAYS = 182;
const CUSTOMERS = 20;

const exec = promisify(execFile);

/** `npm run venue -- <args>` on `databaseUrl`; answers the wall time and the line it printed. */
async function venue(databaseUrl: string, ...args: string[]): Promise<{ ms: number; line: string }> {
  const started = performance.now();
  const { stderr } = await exec(process.execPath, [join(REPO_ROOT, 'scripts/venue.mjs'), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  return { ms: performance.now() - started, line: stderr.trim() };
}

const ordersIn = (path: string): number => {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('select count(*) as n from orders').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

/** The figure a venue command printed after "in" (e.g. "in 2.41 s"), in ms. */
function reportedMs(line: string): number {
  const match = / in (\d+(?:\.\d+)?) s\b/.exec(line);
  return match ? Number(match[1]) * 1000 : Number.NaN;
}

interface Measured {
  seedMs: number;
  databaseBytes: number;
  backupBytes: number;
  /** what an order checked out through the API adds to the backup, on average */
  bytesPerApiOrder: number;
  idleBackup: { wallMs: number; reportedMs: number };
  underLoad: {
    alone: number;
    withBackups: number;
    p99Alone: number;
    p99WithBackups: number;
    /** checkouts that failed while backups ran, and the first failure */
    errors: number;
    firstError: string | null;
    backups: number[];
  };
  restore: { wallMs: number; reportedMs: number };
  startOnRestoredMs: number;
}

async function measure(context: BenchContext): Promise<Measured> {
  const folder = await mkdtemp(join(tmpdir(), 'venue-backup-bench-'));
  const server = await startServer({ env: BENCH_SERVER_ENV });
  try {
    context.log(`writing a season: ${formatInteger(SEASON_ORDERS)} paid orders over ${SEASON_DAYS} days…`);
    const seedMs = await seed('SQLite', server, Date.now(), { orders: SEASON_ORDERS, days: SEASON_DAYS });
    await run(server.url, CUSTOMERS, 2); // warm, and a few orders through the API
    const databaseBytes = (await stat(server.databaseUrl)).size;
    const file = join(folder, 'season.db');

    context.log('backup while the server is idle…');
    const ordersBefore = ordersIn(server.databaseUrl);
    const idle = await venue(server.databaseUrl, 'backup', file);
    context.log(idle.line);
    const backupBytes = (await stat(file)).size;

    const seconds = Math.max(10, context.durationSeconds);
    context.log(`checkout alone for ${seconds} s, then as long with backups back to back…`);
    const alone = await run(server.url, CUSTOMERS, seconds);
    const backups: number[] = [];
    let loading = true;
    const checkout = run(server.url, CUSTOMERS, seconds).finally(() => (loading = false));
    while (loading) backups.push(reportedMs((await venue(server.databaseUrl, 'backup', file, '--force')).line));
    const withBackups = await checkout;
    const ordersAfter = ordersIn(server.databaseUrl);
    await venue(server.databaseUrl, 'backup', file, '--force');
    const bytesPerApiOrder = ((await stat(file)).size - backupBytes) / (ordersAfter - ordersBefore);

    await server.stop();
    const restored = join(folder, 'restored.db');
    context.log('restore into a new file…');
    const restore = await venue(restored, 'restore', file);
    context.log(restore.line);
    const started = performance.now();
    const again = await startServer({ databaseUrl: restored, env: BENCH_SERVER_ENV });
    const startOnRestoredMs = performance.now() - started;
    await again.dispose();

    return {
      seedMs,
      databaseBytes,
      backupBytes,
      bytesPerApiOrder,
      idleBackup: { wallMs: idle.ms, reportedMs: reportedMs(idle.line) },
      underLoad: {
        alone: alone.ordersPerSecond,
        withBackups: withBackups.ordersPerSecond,
        p99Alone: alone.p99Ms,
        p99WithBackups: withBackups.p99Ms,
        errors: withBackups.errors,
        firstError: withBackups.firstError,
        backups,
      },
      restore: { wallMs: restore.ms, reportedMs: reportedMs(restore.line) },
      startOnRestoredMs,
    };
  } finally {
    await server.dispose();
    await rm(folder, { recursive: true, force: true });
  }
}

interface PgMeasured {
  seedMs: number;
  dumpMs: number;
  dumpBytes: number;
  restoreMs: number;
}

/** The same season in PostgreSQL (a fresh schema), dumped and restored into a new database as README says. */
async function measurePostgres(context: BenchContext): Promise<PgMeasured> {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const folder = await mkdtemp(join(tmpdir(), 'venue-pg-dump-bench-'));
  const server = await startServer({ database: 'postgres', env: BENCH_SERVER_ENV });
  const restoredName = `venue_bench_restore_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  try {
    context.log(`PostgreSQL: writing the season…`);
    const seedMs = await seed('PostgreSQL', server, Date.now(), { orders: SEASON_ORDERS, days: SEASON_DAYS });
    const schema = new URL(server.databaseUrl).searchParams.get('options')!.replace(/^-c search_path=/, '');
    await server.stop();
    const dump = join(folder, 'season.dump');
    let started = performance.now();
    await exec('pg_dump', ['--format=custom', '--no-owner', `--schema=${schema}`, `--file=${dump}`, base.toString()]);
    const dumpMs = performance.now() - started;
    await admin.query(`create database ${restoredName}`);
    started = performance.now();
    await exec('pg_restore', [
      '--no-owner',
      `--dbname=${Object.assign(new URL(base), { pathname: `/${restoredName}` })}`,
      dump,
    ]);
    const restoreMs = performance.now() - started;
    return { seedMs, dumpMs, dumpBytes: (await stat(dump)).size, restoreMs };
  } finally {
    await admin.query(`drop database if exists ${restoredName} with (force)`);
    await admin.end();
    await server.dispose();
    await rm(folder, { recursive: true, force: true });
  }
}

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(0)} MB`;

export const backupBench: Section = {
  name: 'backup',
  description: "backup and restore of a season's SQLite database (200,000 orders), and checkout during backups",
  async run(context: BenchContext): Promise<SectionResult> {
    const m = await measure(context);
    const postgres = benchDatabases().includes('PostgreSQL') ? await measurePostgres(context) : null;
    const during = m.underLoad.backups;
    const ratio = m.underLoad.withBackups / m.underLoad.alone;
    return {
      name: this.name,
      title: `Backup and restore of ${formatInteger(SEASON_ORDERS)} orders in ${SEASON_DAYS} days (SQLite, ${mb(m.databaseBytes)})`,
      columns: ['step', 'its own time', 'with the command starting'],
      rows: [
        ['backup, server idle', formatMs(m.idleBackup.reportedMs), formatMs(m.idleBackup.wallMs)],
        [`backup during checkout (${during.length}, slowest)`, formatMs(Math.max(...during)), ''],
        ['restore into a new file', formatMs(m.restore.reportedMs), formatMs(m.restore.wallMs)],
        ['server started on the restored file, healthy', '', formatMs(m.startOnRestoredMs)],
        ...(postgres
          ? [
              ['PostgreSQL: pg_dump --format=custom', formatMs(postgres.dumpMs), ''],
              ['PostgreSQL: pg_restore into a new database', formatMs(postgres.restoreMs), ''],
            ]
          : []),
      ],
      notes: [
        `${formatInteger(SEASON_ORDERS)} orders written in ${formatMs(m.seedMs)}; database ${mb(m.databaseBytes)}, backup ${mb(m.backupBytes)}`,
        `an order checked out through the API adds ${formatInteger(m.bytesPerApiOrder)} bytes to the backup ` +
          `(a season of them: ${mb(m.bytesPerApiOrder * SEASON_ORDERS)})`,
        ...(postgres ? [`PostgreSQL: dump ${mb(postgres.dumpBytes)}`] : []),
        `checkout, ${CUSTOMERS} customers: ${formatInteger(m.underLoad.alone)} orders/s alone (p99 ${formatMs(m.underLoad.p99Alone)}), ` +
          `${formatInteger(m.underLoad.withBackups)} orders/s with backups back to back (p99 ${formatMs(m.underLoad.p99WithBackups)}): ${ratio.toFixed(2)} ×`,
      ],
      goals: [
        {
          description: `no checkout fails while backups run (${m.underLoad.errors} failed${m.underLoad.firstError ? `: ${m.underLoad.firstError}` : ''})`,
          met: m.underLoad.errors === 0,
        },
      ],
      data: { sqlite: m, postgres },
    };
  },
};
