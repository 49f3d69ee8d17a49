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
  const entries = await Promise.all([
    ...tables.map(async (table) => [`table ${table.name}`, await tableFingerprint(db, table)] as const),
    ...vendorIds.map(async (id) => [`menu of vendor ${id}`, await menuFingerprint(app, id)] as const),
  ]);
  return new Map(entries);
}

/** What differs between two fingerprints, e.g. ["table orders: 3 rows, ab12… → 4 rows, cd34…"]. */
export function differences(before: Fingerprint, after: Fingerprint): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys]
    .filter((key) => before.get(key) !== after.get(key))
    .map((key) => `${key}: ${before.get(key) ?? 'absent'} → ${after.get(key) ?? 'absent'}`);
}
