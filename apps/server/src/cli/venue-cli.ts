/**
 * `npm run venue -- export --venue 0 > venue.json`, `npm run venue -- import venue.json` and
 * `npm run -s venue -- add-admin --email you@example.com` (the back office's first admin): a
 * venue's catalogue against the database of DATABASE_URL (default ./data/venue.db), migrated
 * first. The same checks and messages as PUT /ops/v1/venue/{venueId}/catalogue: problems are
 * printed one a line as `path: message` and the exit code is 1. Standard output carries only the
 * exported document; everything else goes to standard error.
 * `npm run venue -- backup FILE` and `restore FILE`: the SQLite database as a whole
 * (db/backup.ts, docs/operations.md). `npm run venue -- migrate`: applies this build's pending
 * migrations to DATABASE_URL and exits, the first step of a rolling upgrade (docs/deploy.md).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { backupSqlite, BackupRefused, restoreSqlite } from '../db/backup.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { CatalogueImportSummary } from '@venue/contract/venue-catalogue';
import { HttpError } from '../lib/http-error.ts';
import { CatalogueRejected, exportCatalogue, importCatalogue } from '../modules/catalogue/catalogue.service.ts';
import { ManagerInvite } from '@venue/contract/admin-accounts';
import { createManager, setPasswordUrl } from '../modules/managers/managers.service.ts';

const USAGE = `Usage:
  npm run -s venue -- export --venue <venueId> [--pictures] [--output <file.json>]
      the venue's catalogue as JSON on standard output (or into the file); with --pictures
      it carries its pictures, so it can be imported into another database
  npm run venue -- import <file.json> [--venue <venueId>] [--force]
      replaces the venue's catalogue with the file's, all or nothing; the venue is the
      document's venue.id unless given; "-" reads standard input. Stock, open and paused
      values changed since the file was exported are kept, unless --force
  npm run -s venue -- add-admin --email <email> [--name <name>]
      makes a venue admin of the back office (/admin) and prints, on its last line, a
      one-time link that sets the password (valid 24 hours)
  npm run venue -- backup <file.db> [--force]
      a consistent copy of the SQLite database while the server runs; --force replaces
      an existing file
  npm run venue -- restore <file.db> [--force]
      puts a backup in the place of the SQLite database; stop the server first. A
      database that holds orders is replaced only with --force
  npm run venue -- migrate
      applies this build's pending migrations and exits (the first step of a rolling
      upgrade, docs/deploy.md); the running nodes go on serving
The database is DATABASE_URL: a SQLite file (default ./data/venue.db) or postgres://…`;

/** Messages go to standard error, so standard output stays the document alone. */
const say = (line: string) => process.stderr.write(`${line}\n`);

class UsageError extends Error {}

function venueOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,10}$/.test(value) || Number(value) > 2_147_483_647)
    throw new UsageError(`--venue must be a venue id (a whole number), not "${value}".`);
  return Number(value);
}

async function readInput(file: string): Promise<string> {
  if (file !== '-') return readFile(file, 'utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * `npm run venue -- export … > file` writes npm's own banner ("> venue", "> node scripts/…") to the
 * file before the document (only `npm run -s` leaves it out); those lines are skipped.
 */
export function withoutNpmBanner(text: string): string {
  return text.replace(/^(\s*\n)*(> [^\n]*\n)+/, '');
}

function documentVenueId(document: unknown): number | undefined {
  const venue = (document as { venue?: { id?: unknown } } | null)?.venue;
  return Number.isInteger(venue?.id) ? (venue?.id as number) : undefined;
}

const shown = (value: boolean | number | null) => (value === null ? 'not counted' : String(value));

/** What an import's summary says beyond its counts, as sentences: kept live values, pictures, build settings. */
export function importNotes(summary: CatalogueImportSummary): string[] {
  const notes: string[] = [];
  if (summary.pictures.stored + summary.pictures.alreadyStored > 0)
    notes.push(
      `Pictures: ${summary.pictures.stored} stored, ${summary.pictures.alreadyStored} already stored with the same content.`,
    );
  for (const kept of summary.keptLiveValues)
    notes.push(
      `Kept ${kept.path} (${kept.field}) at ${shown(kept.kept)}, not the file's ${shown(kept.document)}: ` +
        `it changed at ${kept.changedAt}, after the file was exported (--force applies the file's).`,
    );
  const build = Object.entries(summary.buildSettings)
    .map(([name, value]) => `${name}=${JSON.stringify(value)}`)
    .join(' ');
  notes.push(
    `The customer app serves venue ${summary.venueId} when built with ${build} ` +
      '(npm start rebuilds it when these differ from its build).',
  );
  return notes;
}

/** Runs one command; answers the exit code. */
export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      venue: { type: 'string' },
      output: { type: 'string', short: 'o' },
      pictures: { type: 'boolean' },
      force: { type: 'boolean' },
      email: { type: 'string' },
      name: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
  });
  const [command, ...rest] = positionals;
  if (values.help || command === undefined) {
    say(USAGE);
    return values.help ? 0 : 1;
  }
  if (command === 'add-admin') return addAdmin(values.email, values.name, rest);
  if (command === 'migrate') return migrate(rest, values);
  if (command === 'backup' || command === 'restore') return backupOrRestore(command, rest, values);
  if (values.email !== undefined || values.name !== undefined)
    throw new UsageError('--email and --name are for add-admin.');
  if (command !== 'export' && command !== 'import') throw new UsageError(`Unknown command "${command}".`);
  const venueId = venueOption(values.venue);
  if (command === 'export' && (venueId === undefined || rest.length > 0))
    throw new UsageError('export takes --venue <venueId> and, if wanted, --output <file>.');
  if (command === 'import' && (values.output !== undefined || values.pictures))
    throw new UsageError('--output and --pictures are for export.');
  if (command === 'export' && values.force) throw new UsageError('--force is for import, backup and restore.');
  if (command === 'import' && rest.length !== 1) throw new UsageError('import takes one file name (or "-").');

  let document: unknown;
  if (command === 'import') {
    const file = rest[0] ?? '-';
    let text: string;
    try {
      text = await readInput(file);
    } catch (error) {
      say(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
    try {
      document = JSON.parse(withoutNpmBanner(text));
    } catch (error) {
      say(`$: The file is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
  }

  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    if (command === 'export') {
      const catalogue = await exportCatalogue(database.db, venueId ?? 0, {
        nowMs: Date.now(),
        pictures: values.pictures === true,
      });
      const text = `${JSON.stringify(catalogue, null, 2)}\n`;
      if (values.output === undefined) process.stdout.write(text);
      else await writeFile(values.output, text);
      return 0;
    }
    const target = venueId ?? documentVenueId(document);
    if (target === undefined) {
      say('$.venue.id: This field is required (or give --venue <venueId>).');
      return 1;
    }
    const { summary } = await importCatalogue(database.db, target, document, {
      actor: 'cli',
      nowMs: Date.now(),
      force: values.force === true,
    });
    const line = (name: string, counts: Record<string, number>) =>
      `  ${name.padEnd(10)} ${Object.entries(counts)
        .map(([kind, n]) => `${n} ${kind}`)
        .join(', ')}`;
    say(`Imported the catalogue of venue ${summary.venueId}${summary.venueCreated ? ' (a new venue)' : ''}:`);
    say(line('created', summary.created));
    say(line('updated', summary.updated));
    say(line('unchanged', summary.unchanged));
    say(line('hidden', summary.hidden));
    for (const note of importNotes(summary)) say(note);
    return 0;
  } catch (error) {
    if (error instanceof CatalogueRejected) {
      say(error.message);
      for (const problem of error.problems) say(`${problem.path}: ${problem.message}`);
      return 1;
    }
    if (error instanceof HttpError) {
      say(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

/**
 * `add-admin`: a venue admin of the back office, and on the last line the one-time link that sets
 * its password (the first admin has no one to invite it).
 */
async function addAdmin(email: string | undefined, name: string | undefined, rest: string[]): Promise<number> {
  if (email === undefined || rest.length > 0)
    throw new UsageError('add-admin takes --email <email> and, if wanted, --name <name>.');
  const invite = ManagerInvite.safeParse({ email, name: name ?? email.split('@')[0] ?? email, role: 'admin' });
  if (!invite.success) {
    for (const issue of invite.error.issues) say(`--${String(issue.path[0] ?? 'email')}: ${issue.message}`);
    return 1;
  }
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const { manager, token } = await createManager(database.db, invite.data, 'cli', Date.now());
    say(`Made ${manager.email} (${manager.name}) a venue admin. Open this link within 24 hours to set the password:`);
    process.stdout.write(`${setPasswordUrl(config.publicUrl, token)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof HttpError) {
      say(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

/** `migrate`: this build's pending migrations, once, without starting a server. */
async function migrate(rest: string[], values: Record<string, string | boolean | undefined>): Promise<number> {
  const given = Object.keys(values).filter((name) => values[name] !== undefined);
  if (rest.length > 0 || given.length > 0) throw new UsageError('migrate takes no arguments.');
  const database = openDatabase(loadConfig().database);
  try {
    const { results = [] } = await migrateToLatest(database.db);
    const applied = results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
    say(applied.length > 0 ? `Applied ${applied.join(', ')}.` : 'Nothing to apply: the database is up to date.');
    return 0;
  } finally {
    await database.close();
  }
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** `backup <file>` and `restore <file>`: the SQLite database as a whole; PostgreSQL has its own tools. */
async function backupOrRestore(
  command: 'backup' | 'restore',
  rest: string[],
  values: Record<string, string | boolean | undefined>,
): Promise<number> {
  const others = ['venue', 'output', 'pictures', 'email', 'name'].filter((name) => values[name] !== undefined);
  if (others.length > 0) throw new UsageError(`${command} takes only a file name and, if wanted, --force.`);
  if (rest.length !== 1) throw new UsageError(`${command} takes one file name.`);
  const file = rest[0]!;
  const { database } = loadConfig();
  if (database.kind === 'postgres') {
    say(
      command === 'backup'
        ? 'DATABASE_URL is PostgreSQL: back it up with pg_dump (README, "Backups and restores").'
        : 'DATABASE_URL is PostgreSQL: restore a pg_dump file with pg_restore (README, "Backups and restores").',
    );
    return 1;
  }
  const force = values.force === true;
  try {
    if (command === 'backup') {
      const done = await backupSqlite(database.path, file, { force });
      say(
        `Backed up ${database.path} to ${done.file}: ${megabytes(done.bytes)} in ${seconds(done.ms)}, ` +
          `as it was at ${done.snapshotAt.toISOString()}.`,
      );
    } else {
      const done = await restoreSqlite(file, database.path, { force });
      const replaced =
        done.replacedOrders === null ? 'a new file' : `replacing a database of ${done.replacedOrders} orders`;
      say(
        `Restored ${file} into ${done.target} (${replaced}): ${megabytes(done.bytes)}, ${done.orders} orders, ` +
          `migrated to ${done.lastMigration}, in ${seconds(done.ms)}. Start the server.`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof BackupRefused) {
      say(error.message);
      return 1;
    }
    throw error;
  }
}

/** The command line's entry: sets the exit code, prints usage for a wrong command. */
export async function main(argv: string[]): Promise<void> {
  try {
    process.exitCode = await run(argv);
  } catch (error) {
    const usage =
      error instanceof UsageError || String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');
    say(error instanceof Error ? error.message : String(error));
    if (usage) say(USAGE);
    else say('The venue command failed.');
    process.exitCode = 1;
  }
}
