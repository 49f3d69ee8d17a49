/**
 * Moves SQLite's WAL checkpoints off the event loop.
 *
 * By default the connection that commits checkpoints the WAL itself every 1,000 pages, and a
 * checkpoint copies pages into the database file and syncs it. With better-sqlite3 that runs on the
 * main thread: under load it froze every request for up to 200 ms a few times a second. Here the
 * server's connection stops checkpointing and a worker thread, with its own connection to the same
 * file, runs passive checkpoints (which never block readers or the writer) on a timer. Should the
 * worker fail, the connection goes back to checkpointing itself, so the WAL never grows unchecked.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the worker checkpoints. */
export const CHECKPOINT_INTERVAL_MS = 100;
/** WAL length (pages) after which the worker restarts the WAL rather than let it grow. */
export const RESTART_AFTER_PAGES = 4000;
/** Pages left to copy that a restarting checkpoint may copy while writers wait. */
const SMALL_REST_PAGES = 64;
/** SQLite's own default, restored when the worker is gone. */
const SELF_CHECKPOINT_PAGES = 1000;

// Plain CommonJS so the worker runs the same whether the server runs from TypeScript or a build.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
db.pragma('busy_timeout = 200');
const checkpoint = (mode) => db.pragma('wal_checkpoint(' + mode + ')', { simple: false })[0];
const timer = setInterval(() => {
  // Passive checkpoints never wait, but while writes keep coming they never end with the whole
  // WAL copied, and only then can the WAL start over. So they run until little is left to copy,
  // and once the WAL has grown a restarting checkpoint copies that little, holding writers back
  // only while it does. When much is left, a reader holds an older snapshot (a backup, a long
  // report): a restarting checkpoint would hold the writers back until that reader ends, so the
  // WAL grows meanwhile and starts over once the reader is done.
  let result = checkpoint('PASSIVE');
  for (let pass = 0; pass < 8 && result.log - result.checkpointed > workerData.smallRestPages; pass += 1) {
    result = checkpoint('PASSIVE');
  }
  const restarted =
    result.log >= workerData.restartPages && result.log - result.checkpointed <= workerData.smallRestPages;
  if (restarted) result = checkpoint('RESTART');
  if (workerData.report) parentPort.postMessage({ type: 'checkpoint', result: { ...result, restarted } });
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.postMessage({ type: 'stopped' });
  parentPort.close();
});
parentPort.postMessage({ type: 'ready' });
`;

export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
  /** whether this round ended with a restarting checkpoint (writers held back while it ran) */
  restarted: boolean;
}

export interface WalCheckpointer {
  /** Resolves once the worker has its connection open. */
  ready: Promise<void>;
  /** Stops the worker and closes its connection; the server's connection checkpoints itself again. */
  stop(): Promise<void>;
}

export interface CheckpointerOptions {
  intervalMs?: number;
  restartPages?: number;
  /** Told after each checkpoint (tests). */
  onCheckpoint?: (result: CheckpointResult) => void;
  /** Told when the worker fails; the connection has gone back to checkpointing itself by then. */
  onError?: (error: Error) => void;
}

/** Starts checkpointing `path` (the file `sqlite` has open in WAL mode) from a worker thread. */
export function startWalCheckpointer(
  sqlite: SQLite.Database,
  path: string,
  options: CheckpointerOptions = {},
): WalCheckpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      driver,
      path,
      intervalMs: options.intervalMs ?? CHECKPOINT_INTERVAL_MS,
      report: Boolean(options.onCheckpoint),
      restartPages: options.restartPages ?? RESTART_AFTER_PAGES,
      smallRestPages: SMALL_REST_PAGES,
    },
  });
  worker.unref();
  sqlite.pragma('wal_autocheckpoint = 0');

  let running = true;
  const fallBack = () => {
    if (!running) return;
    running = false;
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SELF_CHECKPOINT_PAGES}`);
  };
  let markReady: () => void = () => undefined;
  let failReady: (error: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failReady = reject;
  });
  ready.catch(() => undefined);
  let markStopped: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (markStopped = resolve));

  worker.on('message', (message: { type: string; result?: CheckpointResult }) => {
    if (message.type === 'ready') markReady();
    else if (message.type === 'checkpoint' && message.result) options.onCheckpoint?.(message.result);
  });
  worker.on('error', (error) => {
    fallBack();
    failReady(error);
    options.onError?.(error);
  });
  worker.on('exit', () => {
    fallBack();
    failReady(new Error('the checkpoint worker stopped'));
    markStopped();
  });

  return {
    ready,
    async stop() {
      fallBack();
      worker.postMessage('stop');
      // A worker that does not answer (stuck on a lock) is ended; its connection closes with it.
      const timeout = setTimeout(() => void worker.terminate(), 2000);
      await stopped;
      clearTimeout(timeout);
    },
  };
}
