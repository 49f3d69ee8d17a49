import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './paths.ts';
import { createTestSchema, type TestSchema } from './postgres.ts';

/** The operations API token every test server is started with. */
export const OPS_TOKEN = 'e2e-ops-token-0123456789';

/** Where the server's entry point lives in a checkout of this repository. */
const SERVER_ENTRY = 'apps/server/src/main.ts';
const START_TIMEOUT_MS = 180_000;
const STOP_GRACE_MS = 10_000;

export interface ServerOptions {
  /** Directory of a built web app to serve (WEB_DIST). */
  webDist?: string;
  /** 'sqlite' (default): a fresh file in a temp dir; 'postgres': a private schema in TEST_DATABASE_URL. */
  database?: 'sqlite' | 'postgres';
  /** A database of the caller's to use instead (kept on dispose); several servers can share one. */
  databaseUrl?: string;
  /** Extra environment for the server. */
  env?: Record<string, string>;
  /**
   * A checkout of this repository to run the server from (default: this one): its
   * apps/server/src/main.ts, started in that directory with its own node_modules. The bench
   * compares another commit's server this way.
   */
  repoRoot?: string;
  /** The port to listen on (default: a free one), e.g. a stopped node's, to take its place behind a balancer. */
  port?: number;
  /** Options for Node itself, before the server's entry (e.g. `--cpu-prof`, which NODE_OPTIONS may not carry). */
  nodeArgs?: string[];
}

export interface TestServer {
  /** e.g. http://127.0.0.1:41234 */
  readonly url: string;
  readonly port: number;
  readonly databaseUrl: string;
  /** Everything the server printed so far (stdout and stderr, in order). */
  logs(): string;
  /** Whether the server process is running. */
  readonly running: boolean;
  /** The running server's process id (null while stopped). */
  readonly pid: number | null;
  /** Kills the server at once (SIGKILL: no shutdown, requests in flight are cut off); `start()` brings it back. */
  kill(): Promise<void>;
  /** Stops the server (SIGTERM, then SIGKILL); the database stays, so `start()` brings it back. */
  stop(): Promise<void>;
  /** Starts a stopped server again on the same port and database and waits for /health. */
  start(): Promise<void>;
  restart(): Promise<void>;
  /** Stops the server and removes its database. */
  dispose(): Promise<void>;
}

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not pick a free port'));
      });
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the real server (apps/server/src/main.ts, of `repoRoot`) as a child process and waits until it is healthy. */
export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const root = options.repoRoot ?? REPO_ROOT;
  const entry = join(root, SERVER_ENTRY);
  if (!existsSync(entry)) throw new Error(`${entry} does not exist yet: there is no server to start.`);

  let tempDir: string | null = null;
  let schema: TestSchema | null = null;
  let databaseUrl: string;
  if (options.databaseUrl) {
    databaseUrl = options.databaseUrl;
  } else if (options.database === 'postgres') {
    schema = await createTestSchema('e2e');
    databaseUrl = schema.url;
  } else {
    tempDir = await mkdtemp(join(tmpdir(), 'venue-e2e-'));
    databaseUrl = join(tempDir, 'venue.db');
  }

  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();

  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'WEB_DIST', 'PORT', 'OPS_TOKEN', 'KITCHEN_SIMULATOR', 'PUBLIC_URL'])
    delete inherited[key];
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    OPS_TOKEN,
    KITCHEN_SIMULATOR: 'off',
    PUBLIC_URL: url,
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
    ...options.env,
  };

  const launch = async (): Promise<void> => {
    // Node with tsx's loader, not `npx tsx`: one process, so signals reach the server itself.
    const proc = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', entry], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    proc.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    proc.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let hasExited = false;
    exited = new Promise((resolve) => {
      proc.on('exit', (code, signal) => {
        hasExited = true;
        output += `\n[server process exited: ${signal ?? code}]\n`;
        if (child === proc) child = null;
        resolve();
      });
    });

    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (hasExited) throw new Error(`The server exited before it was healthy. Its output:\n${output}`);
      try {
        const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(5_000) });
        if (response.ok) {
          const body = (await response.json()) as { ok?: unknown };
          if (body.ok === true) return;
        }
      } catch {
        // not listening yet
      }
      await sleep(250);
    }
    await stop();
    throw new Error(
      `The server did not answer GET /health with {ok:true} within ${START_TIMEOUT_MS / 1000} s. Its output:\n${output}`,
    );
  };

  const stop = async (): Promise<void> => {
    const proc = child;
    if (!proc) return;
    proc.kill('SIGTERM');
    const killed = await Promise.race([exited.then(() => true), sleep(STOP_GRACE_MS).then(() => false)]);
    if (!killed) {
      output += `\n[server ignored SIGTERM for ${STOP_GRACE_MS / 1000} s; sending SIGKILL]\n`;
      proc.kill('SIGKILL');
      await exited;
    }
  };

  try {
    await launch();
  } catch (error) {
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
    if (schema) await schema.drop();
    throw error;
  }

  return {
    url,
    port,
    databaseUrl,
    logs: () => output,
    get running() {
      return child !== null;
    },
    get pid() {
      return child?.pid ?? null;
    },
    stop,
    kill: async () => {
      const proc = child;
      if (!proc) return;
      proc.kill('SIGKILL');
      await exited;
    },
    start: async () => {
      if (child) return;
      await launch();
    },
    restart: async () => {
      await stop();
      await launch();
    },
    dispose: async () => {
      await stop();
      if (tempDir) await rm(tempDir, { recursive: true, force: true });
      if (schema) await schema.drop();
    },
  };
}

/**
 * How many payment calls the server ran again for a retry because their first try was cut off
 * (the server logs each: apps/server/src/lib/idempotency.ts).
 */
export function takenOver(server: TestServer): number {
  return server.logs().split('took over an Idempotency-Key').length - 1;
}
