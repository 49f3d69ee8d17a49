/** Opens the database a `DatabaseConfig` names: an SQLite file (embedded default) or PostgreSQL. */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type Dialect as KyselyDialect } from 'kysely';
import pg from 'pg';
import { GroupCommitDialect, type StatementSource } from './group-commit.ts';
import { PIPELINED_CONNECTIONS, PipelinedPool } from './pg-pipeline.ts';
import { nameStatements, StatementNames } from './pg-statement-names.ts';
import type { Database } from './schema.ts';
import { startWalCheckpointer } from './wal-checkpointer.ts';

/** Which database to open: an SQLite file, or PostgreSQL by URL (config.ts parses DATABASE_URL into it). */
export type DatabaseConfig = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

export type Dialect = 'sqlite' | 'postgres';

/** A PostgreSQL pool's connections at one moment (read when metrics are scraped). */
export interface PoolState {
  /** connections open (in use or idle) */
  open: number;
  idle: number;
  /** requests waiting for a connection */
  waiting: number;
  /** the most the pool opens */
  max: number;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Closes the pool or file; the handle is unusable afterwards. */
  close(): Promise<void>;
  /**
   * PostgreSQL only: a new, unconnected client outside the pool, with the pool's settings, for a
   * session that must stay its own (LISTEN).
   */
  createSessionClient?: () => pg.Client;
  /** PostgreSQL only: the pool's connections now. */
  poolState?: () => PoolState;
}

/** PostgreSQL type ids whose text form the app wants as JavaScript numbers. */
const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * Epoch-ms instants are `bigint` columns; pg returns int8 as strings by default to protect values
 * beyond 2^53, which instants and counts never reach. Set per pool, not globally.
 */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return pg.types.getTypeParser(oid, format as any);
  },
} as pg.CustomTypesConfig;

export interface OpenOptions {
  /** PostgreSQL only: the schema to work in (tests isolate each file in its own). */
  searchPath?: string;
  /** PostgreSQL only: which texts are sent by name (decision 047); each pool has its own by default. */
  statementNames?: StatementNames;
  /** PostgreSQL only: pool size (transactions and sessions). */
  poolSize?: number;
  /**
   * PostgreSQL only: how many pipelined connections statements that commit alone share, besides the
   * pool (decision 051); 0 sends every statement through the pool.
   */
  pipelinedConnections?: number;
  /**
   * PostgreSQL only: told when an idle pooled connection breaks (the database restarted or went
   * away). The pool drops that connection and opens new ones as requests need them.
   */
  onConnectionLost?: (error: Error) => void;
  /**
   * SQLite files only: checkpoint the WAL from a worker thread instead of on the event loop (the
   * server turns this on; see wal-checkpointer.ts).
   */
  checkpointInBackground?: boolean;
  /** Told when the background checkpointer fails (the connection then checkpoints itself). */
  onCheckpointError?: (error: Error) => void;
  /** Wraps the dialect once, where every statement passes (lib/tracing.ts makes statements spans). */
  wrapDialect?: (dialect: KyselyDialect, system: 'sqlite' | 'postgresql') => KyselyDialect;
}

/** How long a request waits for a new PostgreSQL connection before it fails (and answers 503). */
export const CONNECT_TIMEOUT_MS = 10_000;

/** Opens a database; SQLite files and their folder are created when missing. */
export function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): DatabaseHandle {
  if (config.kind === 'postgres') {
    const connection = {
      connectionString: config.url,
      types: pgTypes,
      // A database that is down or unreachable fails a request after a while instead of holding
      // it for ever, and TCP keep-alive notices connections that died without a word.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    };
    const max = options.poolSize ?? 10;
    const pool = new pg.Pool({ ...connection, max });
    // A connection that breaks (the database stopped or restarted) emits 'error' — through the
    // pool while it is idle, on the client itself while a request holds it. Without a listener
    // either would end the process. The broken connection is dropped when it goes back to the
    // pool (its request fails with a 503), and new ones are opened as requests need them.
    pool.on('connect', (client) => client.on('error', (error) => options.onConnectionLost?.(error)));
    // The pool passes an idle connection's error on as well: already reported by the line above.
    pool.on('error', () => undefined);
    // Repeated statements are sent by name, so each connection parses them once (decision 047).
    const names = options.statementNames ?? new StatementNames();
    nameStatements(pool, names);
    // Statements that commit alone share pipelined connections; transactions and sessions check
    // one out of the pool (decision 051).
    const pipelined = options.pipelinedConnections ?? PIPELINED_CONNECTIONS;
    const shared =
      pipelined > 0
        ? new PipelinedPool(pool, connection, names, {
            connections: pipelined,
            onConnectionLost: options.onConnectionLost,
          })
        : undefined;
    const dialect = new PostgresDialect({ pool: shared ?? pool });
    const db = new Kysely<Database>({ dialect: options.wrapDialect?.(dialect, 'postgresql') ?? dialect });
    return {
      db,
      dialect: 'postgres',
      close: () => db.destroy(),
      createSessionClient: () => new pg.Client(connection),
      poolState: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    };
  }

  if (config.path !== ':memory:') mkdirSync(dirname(config.path), { recursive: true });
  const sqlite = new SQLite(config.path);
  // WAL lets readers run while one writer commits; NORMAL sync is durable across app crashes in
  // WAL mode (only an OS crash can lose the last commits); busy_timeout waits for a lock instead of
  // failing at once. A 64 MiB page cache keeps a venue's working set in memory as the file grows
  // (the default is 2 MiB), and a WAL that a burst made large is cut back once it starts over.
  // Statement journals stay in memory: under group commit (db/group-commit.ts) every write with a
  // foreign key or a trigger runs inside the batch's transaction and journals the pages it
  // changes, and on a file past 64 KiB that is two system calls per page (decision 045).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('journal_size_limit = 67108864');
  sqlite.pragma('temp_store = MEMORY');
  const checkpointer =
    options.checkpointInBackground && config.path !== ':memory:'
      ? startWalCheckpointer(sqlite, config.path, { onError: options.onCheckpointError })
      : undefined;
  const dialect = new GroupCommitDialect(withStatementCache(sqlite));
  const db = new Kysely<Database>({ dialect: options.wrapDialect?.(dialect, 'sqlite') ?? dialect });
  return {
    db,
    dialect: 'sqlite',
    close: async () => {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

/** Distinct SQL texts kept prepared; the app issues a few dozen. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, and preparing costs more than running the small queries the
 * API makes. Queries are built from a fixed set of shapes with bound values, so statements are
 * kept by SQL text and reused (better-sqlite3 runs them synchronously, so reuse is safe).
 */
function withStatementCache(sqlite: SQLite.Database): StatementSource {
  const statements = new Map<string, SQLite.Statement>();
  const prepare = (source: string): SQLite.Statement => {
    let statement = statements.get(source);
    if (!statement) {
      statement = sqlite.prepare(source);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      statements.set(source, statement);
    }
    return statement;
  };
  return { prepare, inTransaction: () => sqlite.inTransaction, close: () => void sqlite.close() };
}
