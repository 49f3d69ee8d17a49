/**
 * Which pages a paid order makes SQLite write, under the bench's checkout load: starts a server
 * (SQLite), warms it up, traces the server's writes to its WAL with strace (Debian's `strace`)
 * while the checkout loop runs, and prints the WAL frames per order by the table or index each
 * page belongs to, and the pages the checkpointer copied into the database file per order.
 *
 *   npx tsx bench/scripts/sqlite-wal-pages.ts [--customers=20] [--seconds=6]
 *
 * A commit writes every page it changed once, as one frame: a 24-byte header (the page's number
 * first) and the page. A table or index whose new keys land on random pages costs a frame per new
 * row; one whose keys grow costs a frame per commit, shared by the orders of that commit. strace
 * slows the server down, so fewer orders share a commit than in the bench itself: read the figures
 * against each other, not as the bench's.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readlinkSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { startServer } from '@venue/test-harness/server';
import { BENCH_SERVER_ENV } from '../lib/fresh-servers.ts';
import { run } from '../sections/checkout.ts';

const { values } = parseArgs({
  options: { customers: { type: 'string', default: '20' }, seconds: { type: 'string', default: '6' } },
});

/** The server's open files by path: fd numbers, lowest first. */
function openFiles(pid: number): Map<string, number[]> {
  const files = new Map<string, number[]>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)
    .map(Number)
    .sort((a, b) => a - b)) {
    let path: string;
    try {
      path = readlinkSync(`/proc/${pid}/fd/${fd}`);
    } catch {
      continue;
    }
    files.set(path, [...(files.get(path) ?? []), fd]);
  }
  return files;
}

/** The page number in a frame header that strace printed as `\xNN` escapes. */
function pageOf(escaped: string): number {
  const bytes = escaped
    .split('\\x')
    .slice(1, 5)
    .map((hex) => parseInt(hex, 16));
  return ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
}

const server = await startServer({ env: BENCH_SERVER_ENV });
try {
  const customers = Number(values.customers);
  await run(server.url, customers, 3);
  const files = openFiles(server.pid!);
  const databasePath = [...files.keys()].find((path) => path.endsWith('/venue.db'));
  if (!databasePath) throw new Error('the server has no venue.db open');
  // The server's connection opened the database first; the checkpointer's connection comes after.
  const serverWal = files.get(`${databasePath}-wal`)![0]!;
  const checkpointerFile = files.get(databasePath)![1];
  const trace = join(mkdtempSync(join(tmpdir(), 'venue-wal-pages-')), 'strace.txt');
  const strace = spawn('strace', ['-f', '-xx', '-e', 'trace=pwrite64', '-o', trace, '-p', String(server.pid)], {
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => strace.on('exit', resolve));
  strace.on('error', (error) => {
    throw new Error(`strace did not start (apt-get install -y strace): ${error.message}`);
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const measured = await run(server.url, customers, Number(values.seconds));
  strace.kill('SIGINT');
  await exited;

  const pageOwners = new Map<number, string>();
  const database = new Database(databasePath, { readonly: true });
  for (const row of database.prepare('select name, pageno from dbstat').all() as { name: string; pageno: number }[])
    pageOwners.set(row.pageno, row.name);
  database.close();

  const frameHeader = new RegExp(`pwrite64\\(${serverWal}, "((?:\\\\x[0-9a-f]{2}){24})", 24,`);
  const copied = new RegExp(`pwrite64\\(${checkpointerFile ?? -1}, `);
  const byOwner = new Map<string, number>();
  let frames = 0;
  let copies = 0;
  for (const line of readFileSync(trace, 'utf8').split('\n')) {
    if (copied.test(line)) copies += 1;
    const header = frameHeader.exec(line);
    if (!header) continue;
    frames += 1;
    const owner = pageOwners.get(pageOf(header[1]!)) ?? '(a page freed since)';
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + 1);
  }
  const orders = Math.max(1, measured.orders);
  console.log(
    `${measured.orders} orders under strace: ${(frames / orders).toFixed(2)} WAL frames per order, ` +
      `${(copies / orders).toFixed(2)} pages per order copied into the database by the checkpointer`,
  );
  for (const [owner, count] of [...byOwner].sort((a, b) => b[1] - a[1]))
    console.log(`${(count / orders).toFixed(2).padStart(6)}  ${owner}`);
} finally {
  await server.dispose();
}
