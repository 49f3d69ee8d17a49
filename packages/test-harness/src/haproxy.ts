import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { freePort } from './server.ts';

/**
 * HAProxy (Debian's `haproxy` package) in front of server processes, as docs/deploy.md recommends:
 * `haproxyConfig` writes the recipe's configuration (the document shows its output for two nodes,
 * and a test checks they agree), `startHaproxy` runs it in the foreground on a free port with its
 * own temp dir and admin socket, never touching a system haproxy service.
 */

export interface HaproxyBackend {
  host: string;
  port: number;
  /** the server's name in HAProxy (logs, stats, the X-Served-By header); node1, node2… by default */
  name?: string;
}

export interface HaproxyConfigOptions {
  /** where clients connect, e.g. ':80' or '127.0.0.1:41234' */
  bind: string;
  backends: HaproxyBackend[];
  /** HAProxy's own connection limit (each open event stream holds one) */
  maxconn?: number;
  /** the admin socket (show stat, disable server…) */
  statsSocket?: string;
  /** a syslog address such as /dev/log, or 'stdout' for a foreground run */
  log?: string;
  /** the user and group HAProxy drops to after binding (Debian's package has `haproxy`); null: stay */
  user?: string | null;
}

/** The recipe's values for the document: two nodes on a private network, HAProxy on port 80. */
export const DOCUMENTED_CONFIG: HaproxyConfigOptions = {
  bind: ':80',
  backends: [
    { name: 'node1', host: '10.0.0.11', port: 3000 },
    { name: 'node2', host: '10.0.0.12', port: 3000 },
  ],
};

/** The recipe's DRAIN_DELAY_MS (docs/deploy.md): longer than HAProxy takes to mark a node down. */
export const DRAIN_DELAY_MS = 4_000;

/** The recipe's settings for a test's nodes behind HAProxy, equal on every node; `publicUrl` is HAProxy's address. */
export function recipeNodeEnv(publicUrl: string): Record<string, string> {
  return {
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '1',
    // Every client of a test comes from 127.0.0.1 through HAProxy: one address, one allowance.
    RATE_LIMIT_MAX: '100000',
    STREAM_MAX_PER_ADDRESS: '100000',
    KITCHEN_SIMULATOR: 'off',
    // A draining node answers until HAProxy's checks have marked it down (about 3 s).
    DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
    PUBLIC_URL: publicUrl,
  };
}

/**
 * How long HAProxy keeps a client's idle connection between two requests (`timeout http-keep-alive`),
 * in seconds. Its answers say so in `Keep-Alive: timeout=…`, replacing the nodes' own 65 s: clients
 * that read the hint (undici's fetch; Node's http agent when its own timeout is longer) close an
 * idle connection a second or two before it runs out, instead of sending a request on a connection
 * HAProxy is closing, which loses the request ("socket hang up"). Decision 055.
 */
export const CLIENT_KEEP_ALIVE_S = 10;

export function backendName(backend: HaproxyBackend, index: number): string {
  return backend.name ?? `node${index + 1}`;
}

/**
 * The configuration file. Every line is explained in docs/deploy.md; the comments here say the
 * least an operator editing the file needs.
 */
export function haproxyConfig(options: HaproxyConfigOptions): string {
  const {
    bind,
    backends,
    maxconn = 50_000,
    statsSocket = '/run/haproxy/admin.sock',
    log = '/dev/log',
    user = 'haproxy',
  } = options;
  if (backends.length === 0) throw new Error('haproxyConfig: at least one backend');
  const lines = [
    '# HAProxy in front of the venue ordering server (docs/deploy.md explains every line).',
    'global',
    `    log ${log === 'stdout' ? 'stdout format raw' : log} local0`,
    '    # every open event stream holds a connection for as long as it is open',
    `    maxconn ${maxconn}`,
    `    stats socket ${statsSocket} mode 600 level admin`,
    ...(user ? [`    user ${user}`, `    group ${user}`] : []),
    '',
    'defaults',
    '    mode http',
    '    log global',
    "    # HAProxy's httplog line, but the path without its query string: the payment page's card",
    '    # request carries the card number in its query, and it must not reach the log',
    '    log-format "%ci:%cp [%tr] %ft %b/%s %TR/%Tw/%Tc/%Tr/%Ta %ST %B %CC %CS %tsc %ac/%fc/%bc/%sc/%rc %sq/%bq %hr %hs %{+Q}HM %{+Q}HPO %{+Q}HV"',
    '    option dontlognull',
    '    # pass each event of a stream on at once: by default HAProxy tells the kernel more is coming',
    '    # and a lone event waits up to 200 ms for company',
    '    option http-no-delay',
    '    timeout connect 3s',
    '    timeout http-request 10s',
    `    timeout http-keep-alive ${CLIENT_KEEP_ALIVE_S}s`,
    '    # a busy node may take a while to answer its health check: that is not a dead node',
    '    timeout check 5s',
    '    # event streams send a heartbeat every 15 s: both sides must wait well past that',
    '    timeout client 60s',
    '    timeout server 60s',
    '    timeout tunnel 1h',
    '    # a refused connection (node dead or draining) is tried again at once on another node;',
    "    # so is the server's 503 (it did nothing); a request cut off mid-way is never sent twice",
    '    retries 3',
    '    option redispatch 1',
    '    retry-on conn-failure 503',
    '',
    'frontend venue',
    `    bind ${bind}`,
    '    # at most 250 connections at once from one client address (a venue Wi-Fi is one address',
    '    # for many phones), so one client cannot hold every connection; this host is exempt',
    '    stick-table type ipv6 size 1m expire 10m store conn_cur',
    '    tcp-request connection track-sc0 src',
    '    tcp-request connection reject if { sc0_conn_cur gt 250 } !{ src 127.0.0.0/8 ::1 }',
    '    # the client address for rate limits and logs (the server runs with TRUST_PROXY=1)',
    '    option forwardfor',
    "    # how long HAProxy keeps an idle client connection, told to clients in place of the node's",
    '    # own 65 s, so a client that reads it closes the connection before HAProxy does',
    `    http-response set-header Keep-Alive timeout=${CLIENT_KEEP_ALIVE_S}`,
    '    default_backend venue_nodes',
    '',
    'backend venue_nodes',
    '    # long-lived event streams: the node with the fewest open connections takes the next one',
    '    balance leastconn',
    '    # a node takes traffic only while GET /ready answers 200 (database up, migrated, not draining)',
    '    option httpchk GET /ready',
    '    http-check expect status 200',
    '    default-server check inter 2s fastinter 500ms fall 3 rise 2',
    '    # which node answered, for the operator (names only, no addresses)',
    '    http-response set-header X-Served-By %s',
    ...backends.map((backend, i) => `    server ${backendName(backend, i)} ${backend.host}:${backend.port}`),
    '',
  ];
  return lines.join('\n');
}

const INSTALL_HINT = "install Debian's package (`apt-get install -y haproxy`) or set HAPROXY_PATH";

/** The haproxy executable: HAPROXY_PATH, else the PATH, else /usr/sbin (not on a normal user's PATH). */
export function haproxyPath(): string | null {
  const fromEnv = process.env.HAPROXY_PATH?.trim();
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs) {
    if (dir && existsSync(join(dir, 'haproxy'))) return join(dir, 'haproxy');
  }
  return null;
}

/** Why HAProxy cannot run here, or null when it can. */
export function haproxyUnavailable(): string | null {
  if (haproxyPath()) return null;
  return process.env.HAPROXY_PATH
    ? `HAPROXY_PATH points at ${process.env.HAPROXY_PATH}, which does not exist`
    : `haproxy was not found (${INSTALL_HINT})`;
}

/** One row of HAProxy's `show stat` for a server: its state and counters. */
export interface HaproxyServerStat {
  /** UP, DOWN, MAINT, 'UP 1/2' (going down), 'DOWN 1/2' (coming up), … */
  status: string;
  /** connections open now, and in all */
  current: number;
  total: number;
  /** connection errors, response errors (cut off mid-answer), retries and redispatches */
  connectErrors: number;
  responseErrors: number;
  retries: number;
  redispatches: number;
  /** answers by class, as HAProxy passed them on (or made them: 502 for a cut answer) */
  http5xx: number;
}

export interface HaproxyOptions {
  backends: HaproxyBackend[];
  /** the port clients connect to; a free one by default */
  port?: number;
  /** the address it listens on; loopback by default */
  host?: string;
  maxconn?: number;
  /** wait until every backend's health check passed before returning (default true) */
  waitForBackends?: boolean;
  /** how long to wait for that (ms) */
  startTimeoutMs?: number;
}

export interface Haproxy {
  /** e.g. http://127.0.0.1:41234 */
  readonly url: string;
  readonly port: number;
  /** the generated configuration file (in a temp dir of its own) */
  readonly configPath: string;
  readonly config: string;
  /** the servers' names, in the order of `backends` */
  readonly serverNames: string[];
  /** what HAProxy printed (its request log among it; the last few megabytes under heavy load) */
  logs(): string;
  readonly running: boolean;
  /** `show stat` of every server, by name */
  stats(): Promise<Map<string, HaproxyServerStat>>;
  /** Waits until HAProxy's health checks say `name` is UP (or DOWN). */
  waitForServer(name: string, state: 'UP' | 'DOWN', timeoutMs?: number): Promise<void>;
  /** Stops HAProxy and removes its temp dir. */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends one command to the admin socket and returns the answer. */
function adminCommand(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    let answer = '';
    socket.setTimeout(5_000, () => socket.destroy(new Error(`haproxy's admin socket did not answer "${command}"`)));
    socket.on('connect', () => socket.end(`${command}\n`));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parseStats(csv: string, backend: string): Map<string, HaproxyServerStat> {
  const [header, ...rows] = csv.trim().split('\n');
  const columns = (header ?? '').replace(/^# /, '').split(',');
  const at = (cells: string[], name: string) => cells[columns.indexOf(name)] ?? '';
  const count = (cells: string[], name: string) => Number(at(cells, name)) || 0;
  const servers = new Map<string, HaproxyServerStat>();
  for (const row of rows) {
    const cells = row.split(',');
    const name = at(cells, 'svname');
    if (at(cells, 'pxname') !== backend || name === 'BACKEND' || name === 'FRONTEND') continue;
    servers.set(name, {
      status: at(cells, 'status'),
      current: count(cells, 'scur'),
      total: count(cells, 'stot'),
      connectErrors: count(cells, 'econ'),
      responseErrors: count(cells, 'eresp'),
      retries: count(cells, 'wretr'),
      redispatches: count(cells, 'wredis'),
      http5xx: count(cells, 'hrsp_5xx'),
    });
  }
  return servers;
}

/** Whether something accepts connections on host:port. */
function listening(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    socket.setTimeout(1_000, () => socket.destroy());
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(false));
  });
}

/**
 * Starts HAProxy in the foreground (`haproxy -f <generated cfg> -db`) in front of `backends`, with
 * the recipe's configuration. Fails with how to install it when haproxy is missing, and with its
 * output when it does not start.
 */
export async function startHaproxy(options: HaproxyOptions): Promise<Haproxy> {
  const binary = haproxyPath();
  if (!binary) throw new Error(`Cannot start HAProxy: ${haproxyUnavailable()}.`);
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? (await freePort());
  const dir = await mkdtemp(join(tmpdir(), 'venue-haproxy-'));
  const statsSocket = join(dir, 'admin.sock');
  const config = haproxyConfig({
    bind: `${host}:${port}`,
    backends: options.backends,
    maxconn: options.maxconn ?? 4_096,
    statsSocket,
    log: 'stdout',
    user: null,
  });
  const configPath = join(dir, 'haproxy.cfg');
  await writeFile(configPath, config);
  const serverNames = options.backends.map(backendName);

  let output = '';
  let exited = false;
  const child: ChildProcess = spawn(binary, ['-f', configPath, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  // A line per request: under a benchmark's load only the most recent part is kept.
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 8_000_000) output = output.slice(-4_000_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exit = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      exited = true;
      output += `\n[haproxy exited: ${signal ?? code}]\n`;
      resolve();
    });
    child.on('error', (error) => {
      exited = true;
      output += `\n[haproxy could not run: ${error.message}]\n`;
      resolve();
    });
  });

  const stats = async () => parseStats(await adminCommand(statsSocket, 'show stat'), 'venue_nodes');
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const stopped = await Promise.race([exit.then(() => true), sleep(5_000).then(() => false)]);
      if (!stopped) {
        child.kill('SIGKILL');
        await exit;
      }
    }
    await rm(dir, { recursive: true, force: true });
  };
  const waitForServer = async (name: string, state: 'UP' | 'DOWN', timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    let last = '';
    for (;;) {
      if (exited) throw new Error(`HAProxy exited. Its output:\n${output.slice(-4_000)}`);
      last = (await stats().catch(() => null))?.get(name)?.status ?? last;
      if (last === state) return;
      if (Date.now() > deadline) {
        throw new Error(`HAProxy did not see ${name} ${state} within ${timeoutMs / 1000} s (last: ${last || '?'})`);
      }
      await sleep(100);
    }
  };

  try {
    const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
    while (!(await listening(host, port))) {
      if (exited) throw new Error(`HAProxy did not start. Its output:\n${output}\nConfiguration:\n${config}`);
      if (Date.now() > deadline) throw new Error(`HAProxy did not listen on ${host}:${port}. Its output:\n${output}`);
      await sleep(100);
    }
    if (options.waitForBackends ?? true) {
      for (const name of serverNames) await waitForServer(name, 'UP', Math.max(1_000, deadline - Date.now()));
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url: `http://${host}:${port}`,
    port,
    configPath,
    config,
    serverNames,
    logs: () => output,
    get running() {
      return !exited;
    },
    stats,
    waitForServer,
    stop,
  };
}
