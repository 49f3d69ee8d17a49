/**
 * A fingerprint of everything the server keeps: the row count and a hash of the rows of every
 * table of the database (found by asking the database, so tables added later are included), and
 * a hash of every vendor's current-menu answer (the menu cache included). Two equal fingerprints
 * mean a request stored nothing.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../src/db/database.ts';
import type { Database } from '../../src/db/schema.ts';

export type Fingerprint = Map<string, string>;

export interface TableShape {
  name: string;
  columns: string[];
}

/** The app's tables in the database (the test's own PostgreSQL schema, or the SQLite file), with their columns. */
export async function listTables(db: Kysely<Database>, dialect: Dialect): Promise<TableShape[]> {
  const schema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  return tables
    .filter((table) => !table.isView && (schema === undefined || table.schema === schema))
    .map((table) => ({ name: table.name, columns: table.columns.map((column) => column.name) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

const hash = (text: string) => createHash('sha1').update(text).digest('hex');

/** Big columns compared by length only: pictures' SVG source, written by the seed alone. */
const LARGE_COLUMNS = new Set(['display_assets.svg']);

async function tableFingerprint(db: Kysely<Database>, table: TableShape): Promise<string> {
  const columns = table.columns.map((column) =>
    LARGE_COLUMNS.has(`${table.name}.${column}`)
      ? sql`length(${sql.ref(column)}) as ${sql.ref(`${column}_length`)}`
      : sql.ref(column),
  );
  const { rows } = await sql<
    Record<string, unknown>
  >`select ${sql.join(columns)} from ${sql.table(table.name)}`.execute(db);
  // Row order is not fixed without ORDER BY (PostgreSQL moves updated rows), so sort the rows' texts.
  const lines = rows.map((row) => JSON.stringify(row)).sort();
  return `${rows.length} rows, ${hash(lines.join('\n'))}`;
}

async function menuFingerprint(app: FastifyInstance, vendorId: number): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/v1/vendor/${vendorId}/current-menu` });
  return `${res.statusCode} ${hash(res.body)}`;
}

export async function fingerprint(
  app: FastifyInstance,
  db: Kysely<Database>,
  tables: readonly TableShape[],
  vendorIds: readonly number[],
): Promise<Fingerprint> {
  const [stored, menus] = await Promise.all([tablesFingerprint(db, tables), menusFingerprint(app, vendorIds)]);
  return new Map([...stored, ...menus]);
}

async function tablesFingerprint(db: Kysely<Database>, tables: readonly TableShape[]): Promise<Fingerprint> {
  return new Map(
    await Promise.all(tables.map(async (table) => [`table ${table.name}`, await tableFingerprint(db, table)] as const)),
  );
}

async function menusFingerprint(app: FastifyInstance, vendorIds: readonly number[]): Promise<Fingerprint> {
  return new Map(
    await Promise.all(vendorIds.map(async (id) => [`menu of vendor ${id}`, await menuFingerprint(app, id)] as const)),
  );
}

/**
 * A value that moves whenever anything is written to the database: on SQLite the rows changed
 * through the app's one connection (`total_changes()`), on PostgreSQL the WAL's insert position
 * (every change to a table is written to the WAL first). It also moves for writes that were rolled
 * back or changed nothing; it never stays put across a change.
 */
async function writeMarker(db: Kysely<Database>, dialect: Dialect): Promise<string> {
  const query =
    dialect === 'sqlite'
      ? sql<{ marker: number }>`select total_changes() as marker`
      : sql<{ marker: string }>`select pg_current_wal_insert_lsn()::text as marker`;
  const { rows } = await query.execute(db);
  return String(rows[0]?.marker);
}

/**
 * `fingerprint` for many readings in a row: the tables are read again only when something was
 * written since the last reading (see writeMarker); the menus are always asked for, since a
 * request could change what the menu cache answers without writing anything.
 */
export function fingerprinter(
  app: FastifyInstance,
  db: Kysely<Database>,
  dialect: Dialect,
  tables: readonly TableShape[],
  vendorIds: readonly number[],
): () => Promise<Fingerprint> {
  let last: { marker: string; tables: Fingerprint } | null = null;
  return async () => {
    const marker = await writeMarker(db, dialect);
    const [stored, menus] = await Promise.all([
      last?.marker === marker ? last.tables : tablesFingerprint(db, tables),
      menusFingerprint(app, vendorIds),
    ]);
    last = { marker, tables: stored };
    return new Map([...stored, ...menus]);
  };
}

/** What differs between two fingerprints, e.g. ["table orders: 3 rows, ab12… → 4 rows, cd34…"]. */
export function differences(before: Fingerprint, after: Fingerprint): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys]
    .filter((key) => before.get(key) !== after.get(key))
    .map((key) => `${key}: ${before.get(key) ?? 'absent'} → ${after.get(key) ?? 'absent'}`);
}
