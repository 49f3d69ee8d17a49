/**
 * Where a PostgreSQL run's time goes, measured from outside the server:
 *
 * - round trips: servers started with `PG_COUNTER_ENV` count every node-postgres query (one round
 *   trip each), the time each took and the waits for a pooled connection (pg-counter.mjs);
 * - what the server's backends were doing: pg_stat_activity sampled every few milliseconds for the
 *   connections of one `application_name` (running, waiting on a lock, on the WAL, on the client …);
 * - CPU: each process's CPU time from /proc over the run (servers, PostgreSQL, HAProxy, this
 *   process — the load generator).
 */
import { readFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestServer } from '@venue/test-harness/server';

const COUNTER = fileURLToPath(new URL('./pg-counter.mjs', import.meta.url));

/** Environment that makes a server count its PostgreSQL round trips (read with readPgCounter). */
export const PG_COUNTER_ENV = { NODE_OPTIONS: `--import=${COUNTER}` };

export interface PgCounts {
  queries: number;
  transactions: number;
  queryMs: number;
  poolWaits: number;
  poolWaitMs: number;
  statements: Record<string, [number, number]>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's counts so far (it prints them on SIGUSR2). */
export async function readPgCounter(server: TestServer): Promise<PgCounts | null> {
  if (!server.pid) return null;
  const before = server.logs().length;
  process.kill(server.pid, 'SIGUSR2');
  for (let i = 0; i < 100; i += 1) {
    await sleep(20);
    const line = /pg-counter (\{.*\})\n/.exec(server.logs().slice(before));
    if (line) return JSON.parse(line[1]!) as PgCounts;
  }
  return null;
}

/** b − a, summed over servers. */
export function countsBetween(before: Array<PgCounts | null>, after: Array<PgCounts | null>): PgCounts | null {
  const total: PgCounts = { queries: 0, transactions: 0, queryMs: 0, poolWaits: 0, poolWaitMs: 0, statements: {} };
  for (let i = 0; i < after.length; i += 1) {
    const a = before[i];
    const b = after[i];
    if (!a || !b) return null;
    total.queries += b.queries - a.queries;
    total.transactions += b.transactions - a.transactions;
    total.queryMs += b.queryMs - a.queryMs;
    total.poolWaits += b.poolWaits - a.poolWaits;
    total.poolWaitMs += b.poolWaitMs - a.poolWaitMs;
    for (const [text, [count, ms]] of Object.entries(b.statements)) {
      const [count0, ms0] = a.statements[text] ?? [0, 0];
      const entry = (total.statements[text] ??= [0, 0]);
      entry[0] += count - count0;
      entry[1] += ms - ms0;
    }
  }
  return total;
}

/** The statements run most often, as "count × text" lines, per order. */
export function topStatements(counts: PgCounts, orders: number, limit = 40): string[] {
  return Object.entries(counts.statements)
    .filter(([, [count]]) => count > 0)
    .sort((a, b) => b[1][0] - a[1][0])
    .slice(0, limit)
    .map(
      ([text, [count, ms]]) =>
        `${(count / orders).toFixed(2).padStart(6)} × ${(ms / count).toFixed(2).padStart(6)} ms  ${text.replace(/\s+/g, ' ')}`,
    );
}

/** Adds application_name to a PostgreSQL URL, so its connections can be told apart in pg_stat_activity. */
export function withApplicationName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', name);
  return parsed.toString();
}

/** Share of sampled backend-moments by state: "running", "Lock:advisory", "IO:WALSync", "Client:ClientRead", "idle" … */
export interface WaitSampler {
  stop(): Promise<{ samples: number; shares: Record<string, number>; meanBusy: number }>;
}

export async function sampleWaits(databaseUrl: string, applicationName: string, everyMs = 10): Promise<WaitSampler> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const tally = new Map<string, number>();
  let samples = 0;
  let busy = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ state: string | null; type: string | null; event: string | null }>(
        'select state, wait_event_type as type, wait_event as event from pg_stat_activity where application_name = $1',
        [applicationName],
      );
      samples += 1;
      for (const row of rows) {
        const key =
          row.state === 'idle'
            ? 'idle'
            : row.state === 'idle in transaction'
              ? 'idle in transaction (waiting for the server)'
              : row.type
                ? `${row.type}:${row.event}`
                : 'running';
        if (row.state !== 'idle') busy += 1;
        tally.set(key, (tally.get(key) ?? 0) + 1);
      }
      await sleep(everyMs);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await client.end();
      const total = [...tally.values()].reduce((a, b) => a + b, 0) || 1;
      return {
        samples,
        shares: Object.fromEntries([...tally].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, v / total])),
        meanBusy: busy / Math.max(1, samples),
      };
    },
  };
}

const TICKS_PER_SECOND = 100;

/** A process's command name and CPU seconds so far (user + system, all its threads), or null once it ended. */
async function processTime(pid: number | string): Promise<{ comm: string; seconds: number } | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    // fields[0] is field 3 (state): utime is field 14, stime field 15.
    return { comm, seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
  } catch {
    return null; // the process ended meanwhile
  }
}

/** CPU seconds (user + system) of every process, by pid, with its command name. */
async function processTimes(): Promise<Map<number, { comm: string; seconds: number }>> {
  const times = new Map<number, { comm: string; seconds: number }>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const time = await processTime(entry);
    if (time) times.set(Number(entry), time);
  }
  return times;
}

/**
 * The CPU seconds the given processes (the servers) have used so far, by their own account
 * (/proc/<pid>/stat, in 10 ms ticks): subtract two readings to get a window's, whatever else the
 * machine was doing meanwhile.
 */
export async function processCpuSeconds(pids: number[]): Promise<number> {
  const times = await Promise.all(pids.map(processTime));
  return times.reduce((sum, time) => sum + (time?.seconds ?? 0), 0);
}

async function machineBusySeconds(): Promise<number> {
  const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0]!;
  const [user, nice, system, , , irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) / TICKS_PER_SECOND;
}

export interface CpuSplit {
  seconds: number;
  /** CPU seconds per second of run, by part: "servers", "PostgreSQL", "HAProxy", "load generator", "other" */
  cores: Record<string, number>;
}

/**
 * Starts measuring CPU by part. `servers` are process ids; PostgreSQL is every `postgres` process
 * and HAProxy every `haproxy` process (others' work on the machine included, if any); the load
 * generator is this process; "other" is the rest of the machine's busy time.
 */
export async function measureCpu(parts: { servers: number[]; haproxy: boolean }): Promise<() => Promise<CpuSplit>> {
  const started = performance.now();
  const before = await processTimes();
  const machineBefore = await machineBusySeconds();
  const own = process.cpuUsage();
  return async () => {
    const after = await processTimes();
    const machine = (await machineBusySeconds()) - machineBefore;
    const seconds = (performance.now() - started) / 1000;
    const used = (pid: number) => (after.get(pid)?.seconds ?? 0) - (before.get(pid)?.seconds ?? 0);
    let postgres = 0;
    let haproxy = 0;
    for (const [pid, { comm }] of after) {
      if (comm === 'postgres') postgres += used(pid);
      else if (comm === 'haproxy' && parts.haproxy) haproxy += used(pid);
    }
    const servers = parts.servers.reduce((sum, pid) => sum + used(pid), 0);
    const self = process.cpuUsage(own);
    const generator = (self.user + self.system) / 1e6;
    const other = Math.max(0, machine - servers - postgres - haproxy - generator);
    const perSecond = (value: number) => value / seconds;
    return {
      seconds,
      cores: {
        servers: perSecond(servers),
        PostgreSQL: perSecond(postgres),
        ...(parts.haproxy ? { HAProxy: perSecond(haproxy) } : {}),
        'load generator': perSecond(generator),
        other: perSecond(other),
      },
    };
  };
}
