import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server.ts';

const run = promisify(execFile);

/**
 * A throwaway PostgreSQL cluster of our own (initdb into a temp dir, pg_ctl on a free port), for
 * tests that stop and start the database under a running server. The shared PostgreSQL service is
 * never touched. Root cannot run PostgreSQL, so as root the cluster belongs to the `postgres` user.
 */
export interface PgCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  readonly url: string;
  readonly port: number;
  /** Starts the cluster and waits until it accepts connections. */
  start(): Promise<void>;
  /** `pg_ctl stop -m <mode>`: fast rolls back open transactions and closes every connection. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** The cluster's log so far. */
  log(): Promise<string>;
  /** Stops the cluster and deletes its files. */
  dispose(): Promise<void>;
}

/** The directory holding initdb and pg_ctl (newest installed major version), or null. */
export function postgresBinDir(): string | null {
  const fromEnv = process.env.PG_BIN_DIR?.trim();
  if (fromEnv) return existsSync(join(fromEnv, 'initdb')) ? fromEnv : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

/** Why a private cluster cannot be made here, or null when it can. */
export function pgClusterUnavailable(): string | null {
  if (!postgresBinDir()) return 'initdb was not found (install postgresql, or set PG_BIN_DIR)';
  if (process.getuid?.() === 0) {
    if (!existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser'))
      return 'running as root without runuser to start PostgreSQL as the postgres user';
    if (
      !readFileSync('/etc/passwd', 'utf8')
        .split('\n')
        .some((line) => line.startsWith('postgres:'))
    )
      return 'running as root and there is no postgres user to own the cluster';
  }
  return null;
}

async function asClusterOwner(owner: string | null, command: string, args: string[]) {
  if (owner === null) return run(command, args, { timeout: 120_000 });
  return run('runuser', ['-u', owner, '--', command, ...args], { timeout: 120_000 });
}

export async function createPgCluster(): Promise<PgCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('initdb was not found: cannot make a private PostgreSQL cluster');
  const owner = process.getuid?.() === 0 ? 'postgres' : null;
  const dir = await mkdtemp(join(tmpdir(), 'venue-pg-'));
  if (owner) {
    const { stdout } = await run('id', ['-u', owner]);
    const { stdout: gid } = await run('id', ['-g', owner]);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  const port = await freePort();
  const pgCtl = join(bin, 'pg_ctl');
  let running = false;

  await asClusterOwner(owner, join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--no-sync',
    '--no-instructions',
  ]);
  // Only TCP on loopback, its socket in the temp dir, and no fsync: the machine does not crash
  // during a test, and a fast or immediate stop loses nothing that was committed.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;

  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await asClusterOwner(owner, pgCtl, ['-D', data, '-l', logFile, '-o', options, '-w', '-t', '120', 'start']);
      running = true;
    },
    async stop(mode = 'fast') {
      await asClusterOwner(owner, pgCtl, ['-D', data, '-m', mode, '-w', '-t', '120', 'stop']);
      running = false;
    },
    log: () => readFile(logFile, 'utf8').catch(() => ''),
    async dispose() {
      if (running) await cluster.stop('immediate').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
  try {
    await cluster.start();
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return cluster;
}
