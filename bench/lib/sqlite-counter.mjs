/**
 * Bench only: loaded into a server process (NODE_OPTIONS=--import …/sqlite-counter.mjs) to count
 * what it asks of SQLite: every run, all and get of a better-sqlite3 statement (BEGIN and COMMIT
 * included), with the time each took, by SQL text. SIGUSR2 makes the process print one line
 * `sqlite-counter {json}` to stderr (cumulative since start; subtract two readings). The server
 * itself is not changed by any of this, and nothing here runs outside the bench.
 */
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The server's copy of better-sqlite3, resolved from the entry point the process runs.
const require = createRequire(
  process.argv[1]
    ? resolve(process.argv[1])
    : fileURLToPath(new URL('../../apps/server/package.json', import.meta.url)),
);
const SQLite = require('better-sqlite3');
const probe = new SQLite(':memory:');
const statementPrototype = Object.getPrototypeOf(probe.prepare('select 1'));
probe.close();

const counts = { statements: 0, ms: 0, /** SQL text → [count, ms] */ bySql: {} };

for (const name of ['run', 'all', 'get']) {
  const original = statementPrototype[name];
  statementPrototype[name] = function counted(...args) {
    const started = performance.now();
    try {
      return original.apply(this, args);
    } finally {
      const ms = performance.now() - started;
      counts.statements += 1;
      counts.ms += ms;
      const text = this.source.replace(/\s+/g, ' ');
      const key = text.length > 300 ? `${text.slice(0, 300)}…` : text;
      const entry = (counts.bySql[key] ??= [0, 0]);
      entry[0] += 1;
      entry[1] += ms;
    }
  };
}

process.on('SIGUSR2', () => process.stderr.write(`sqlite-counter ${JSON.stringify(counts)}\n`));
