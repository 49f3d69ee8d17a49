import { execFile } from 'node:child_process';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { recipeNodeEnv, startHaproxy, type Haproxy } from '@venue/test-harness/haproxy';
import { REPO_ROOT } from '@venue/test-harness/paths';
import { createTestDatabase, type TestDatabase } from '@venue/test-harness/postgres';
import { freePort, startServer, type TestServer } from '@venue/test-harness/server';
import { addWorktree, type Worktree } from '@venue/test-harness/worktree';
import { checkBooks, printFigures, readBooks } from './support/books.ts';
import { CheckoutLoad } from './support/checkout-load.ts';
import { background, LOAD_VENDOR, loadBasket, waitUntil } from './support/resilience.ts';
import { haproxySkipReason } from './support/haproxy-skip.ts';

/**
 * The rolling upgrade of docs/deploy.md, two nodes behind HAProxy on one PostgreSQL database,
 * while customers pay through HAProxy the whole time: the new release's migrations run once
 * (`npm run venue -- migrate`) while the old nodes serve, the old nodes go on taking payments on
 * the migrated schema, then node 1 and node 2 are each drained (SIGTERM), stopped and replaced by
 * the new release on the same port. Every order a customer was told was paid is paid in the
 * database once, the books add up, and no customer saw a 5xx or a lost answer.
 *
 * The old release is this checkout; the new one is a scratch worktree of it (HEAD and the server's
 * changes not yet committed) with one extra migration of the allowed kind (a column with a default
 * on orders, a table, an index). So the test does not depend on which earlier commits have
 * migrations, nor on an earlier commit having the same dependencies as this one.
 *
 * Needs TEST_DATABASE_URL and haproxy; without either it is skipped with a notice, unless
 * REQUIRE_POSTGRES=1 makes that a failure.
 */

const run = promisify(execFile);
/** Customers checking out at once, all the way through. */
const CUSTOMERS = 4;
/** Payments to see in each step before going on to the next. */
const STEP = 6;
const NEW_MIGRATION = '9999-12-31-1-rolling-upgrade-check';

const skipReason = haproxySkipReason('rolling upgrade', { postgres: true });

/** The worktree gets this checkout's server as it is: changes to tracked files, and new files. */
async function copyUncommitted(root: string): Promise<void> {
  const folders = ['apps/server', 'packages', 'scripts'];
  const git = (...args: string[]) => run('git', ['-C', REPO_ROOT, ...args], { maxBuffer: 64 * 1024 * 1024 });
  const { stdout: patch } = await git('diff', '--binary', 'HEAD', '--', ...folders);
  if (patch.trim()) {
    await new Promise<void>((resolve, reject) => {
      const apply = execFile('git', ['-C', root, 'apply', '--whitespace=nowarn'], (error) =>
        error ? reject(error) : resolve(),
      );
      apply.stdin!.end(patch);
    });
  }
  const { stdout: added } = await git('ls-files', '--others', '--exclude-standard', '--', ...folders);
  for (const file of added.split('\n').filter(Boolean)) {
    await mkdir(dirname(join(root, file)), { recursive: true });
    await copyFile(join(REPO_ROOT, file), join(root, file));
  }
}

/** The new release: a migration that adds, as every migration must (apps/server/src/db/migrations/README.md). */
async function addNewMigration(root: string): Promise<void> {
  const folder = join(root, 'apps/server/src/db');
  await writeFile(
    join(folder, `migrations/${NEW_MIGRATION}.ts`),
    `import type { Kysely } from 'kysely';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('upgrade_note', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.createTable('upgrade_checks').addColumn('id', 'integer', (c) => c.primaryKey()).execute();
  await db.schema.createIndex('orders_upgrade_note').on('orders').column('upgrade_note').execute();
}
`,
  );
  const migrate = join(folder, 'migrate.ts');
  const source = await readFile(migrate, 'utf8');
  const entry = 'export const MIGRATIONS: Record<string, Migration> = {\n';
  if (!source.includes(entry)) throw new Error(`${migrate} has no "${entry.trim()}"`);
  await writeFile(
    migrate,
    `import * as upgradeCheck from './migrations/${NEW_MIGRATION}.ts';\n${source.replace(
      entry,
      `${entry}  '${NEW_MIGRATION}': upgradeCheck,\n`,
    )}`,
  );
}

async function query<T extends pg.QueryResultRow>(databaseUrl: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 15_000 });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(skipReason !== null)('a rolling upgrade of two nodes behind HAProxy', () => {
  test('migrate once, then one node at a time, while customers pay: nothing lost', { timeout: 180_000 }, async () => {
    const started = Date.now();
    let worktree: Worktree | null = null;
    let database: TestDatabase | null = null;
    const servers: TestServer[] = [];
    let lb: Haproxy | null = null;
    let customers: CheckoutLoad | null = null;
    let stopLoad = false;
    try {
      worktree = await addWorktree('HEAD', () => undefined);
      await copyUncommitted(worktree.root);
      await addNewMigration(worktree.root);
      database = await createTestDatabase('upgrade');
      const shared = database.url;
      const lbPort = await freePort();
      const env = recipeNodeEnv(`http://127.0.0.1:${lbPort}`);
      const nodes = await Promise.all([0, 1].map(() => startServer({ databaseUrl: shared, env })));
      servers.push(...nodes);
      lb = await startHaproxy({
        port: lbPort,
        backends: nodes.map((node) => ({ host: '127.0.0.1', port: node.port })),
      });

      let phase = 'old nodes';
      const answers: Array<{ phase: string; status: number | 'network'; what: string }> = [];
      const load = new CheckoutLoad({ servers: [lb.url], vendorId: LOAD_VENDOR, basket: loadBasket });
      customers = load;
      load.onAnswer = ({ status, method, path }) => answers.push({ phase, status, what: `${method} ${path}` });
      const crowd = background(
        Promise.all(
          Array.from({ length: CUSTOMERS }, async () => {
            while (!stopLoad) await load.checkout(load.newCheckout());
          }),
        ),
      );
      /** Waits until `count` more customers have been told their order is paid. */
      const payments = async (count: number, what: string) => {
        const target = load.paid.length + count;
        await waitUntil(() => crowd.done || load.paid.length >= target, what, 60_000);
        if (crowd.done) await crowd.finish();
      };
      const ready = async (node: TestServer) => (await fetch(`${node.url}/ready`)).status;

      await payments(STEP, 'customers paid on the old nodes');

      // 1. The new release's migrations, once, while the old nodes serve.
      phase = 'migrate';
      const migrated = await run(process.execPath, ['scripts/venue.mjs', 'migrate'], {
        cwd: worktree.root,
        env: { ...process.env, DATABASE_URL: shared },
      });
      expect(migrated.stderr).toContain(`Applied ${NEW_MIGRATION}.`);
      const again = await run(process.execPath, ['scripts/venue.mjs', 'migrate'], {
        cwd: worktree.root,
        env: { ...process.env, DATABASE_URL: shared },
      });
      expect(again.stderr).toContain('Nothing to apply');

      // 2. The old nodes go on serving on the migrated schema, both of them.
      phase = 'old nodes, migrated schema';
      const servedBefore = new Map([...(await lb.stats()).entries()].map(([name, s]) => [name, s.total]));
      await payments(STEP, 'customers paid on the old nodes after the migration');
      for (const [i, node] of nodes.entries()) expect(await ready(node), `old node ${i + 1} ready`).toBe(200);
      for (const [name, s] of await lb.stats())
        expect(s.total, `${name} served after the migration`).toBeGreaterThan(servedBefore.get(name)!);

      // 3. One node at a time: drain (SIGTERM), stop, the new release on its port, wait for UP.
      for (const [i, name] of lb.serverNames.entries()) {
        phase = `replacing node ${i + 1}`;
        await nodes[i]!.stop();
        const next = await startServer({ databaseUrl: shared, env, repoRoot: worktree.root, port: nodes[i]!.port });
        servers.push(next);
        nodes[i] = next;
        await lb.waitForServer(name, 'UP', 30_000);
        phase = `node ${i + 1} upgraded`;
        await payments(STEP, `customers paid with node ${i + 1} upgraded`);
        expect(await ready(next), `new node ${i + 1} ready`).toBe(200);
      }

      stopLoad = true;
      await crowd.finish();

      // Nothing lost: every paid order is paid once in the books, which add up.
      const books = await readBooks(shared, LOAD_VENDOR);
      const figures = checkBooks(books, load, []);
      expect(answers.filter((a) => a.status === 'network' || a.status >= 500)).toEqual([]);
      const [row] = await query<{ count: string }>(shared, `select count(*) from orders where upgrade_note = ''`);
      expect(Number(row?.count), 'orders of old and new nodes alike got the new column').toBe(books.orders.length);
      const byPhase: Record<string, Record<string, number>> = {};
      for (const answer of answers) {
        const row = (byPhase[answer.phase] ??= {});
        row[answer.status] = (row[answer.status] ?? 0) + 1;
      }
      printFigures('Rolling upgrade (HAProxy, two nodes, one PostgreSQL database)', {
        'checkouts / paid': `${figures.checkouts} / ${figures.paidOrders}`,
        'requests sent again by customers': load.stats.retries,
        'answers by phase': byPhase,
        'test time (s)': ((Date.now() - started) / 1000).toFixed(1),
      });
    } catch (error) {
      for (const [i, server] of servers.entries())
        console.log(`Server ${i + 1} output (tail):\n${server.logs().slice(-4_000)}`);
      if (lb) console.log(`HAProxy output (tail):\n${lb.logs().slice(-4_000)}`);
      throw error;
    } finally {
      stopLoad = true;
      customers?.close();
      await lb?.stop();
      for (const server of servers) await server.dispose();
      await database?.drop();
      worktree?.dispose();
    }
  });
});
