/**
 * Bench only: loaded into a server process (NODE_OPTIONS=--import …/pg-counter.mjs) to count what
 * it asks of PostgreSQL. Every `Client.query` of node-postgres is one round trip (it does not
 * pipeline), so counting them counts round trips, BEGIN and COMMIT included; the time from sending
 * a query to its answer, and the time requests wait for a pooled connection, are summed too.
 *
 * The bench reads the counts by sending SIGUSR2: the process prints one line
 * `pg-counter {json}` to stderr (cumulative since start; the bench subtracts two readings). The
 * server itself is not changed by any of this, and nothing here runs outside the bench.
 */
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The server's copy of pg, the one its pool uses: resolved from the entry point the process runs
// (apps/server/src/main.ts of whichever checkout is measured), else from this checkout's server.
const require = createRequire(
  process.argv[1]
    ? resolve(process.argv[1])
    : fileURLToPath(new URL('../../apps/server/package.json', import.meta.url)),
);
const pg = require('pg');

const counts = {
  queries: 0,
  transactions: 0,
  queryMs: 0,
  poolWaits: 0,
  poolWaitMs: 0,
  poolWaitMaxMs: 0,
  /** SQL text → [count, ms] */
  statements: {},
};

const kind = (text) => /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? '?';

function record(text, ms) {
  counts.queries += 1;
  counts.queryMs += ms;
  if (kind(text) === 'begin') counts.transactions += 1;
  const key = text.length > 300 ? `${text.slice(0, 300)}…` : text;
  const entry = (counts.statements[key] ??= [0, 0]);
  entry[0] += 1;
  entry[1] += ms;
}

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(config, values, callback) {
  const text = typeof config === 'string' ? config : (config?.text ?? '');
  const started = performance.now();
  const result = query.call(this, config, values, callback);
  if (result && typeof result.then === 'function') {
    result.then(
      () => record(text, performance.now() - started),
      () => record(text, performance.now() - started),
    );
  } else {
    record(text, 0);
  }
  return result;
};

const connect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function countedConnect(callback) {
  if (callback) return connect.call(this, callback);
  const started = performance.now();
  return connect.call(this).then((client) => {
    const ms = performance.now() - started;
    counts.poolWaits += 1;
    counts.poolWaitMs += ms;
    counts.poolWaitMaxMs = Math.max(counts.poolWaitMaxMs, ms);
    return client;
  });
};

process.on('SIGUSR2', () => {
  process.stderr.write(`pg-counter ${JSON.stringify(counts)}\n`);
});
