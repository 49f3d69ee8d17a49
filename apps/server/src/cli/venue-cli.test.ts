import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { smallCatalogue } from '@venue/contract/venue-catalogue.fixture';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { withoutNpmBanner } from './venue-cli.ts';

const stem = join(tmpdir(), `venue-cli-${process.pid}-${randomBytes(4).toString('hex')}`);
const databasePath = `${stem}.db`;
const documentPath = `${stem}.json`;

/** Runs `node scripts/venue.mjs …` as `npm run venue` does, on a temporary SQLite file. */
function venue(...args: string[]) {
  return venueOn(databasePath, ...args);
}

/** The same on another DATABASE_URL. */
function venueOn(databaseUrl: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts/venue.mjs'), ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** An exported document without the instant it was taken at, which differs between two exports. */
function withoutExportedAt(text: string) {
  const { exportedAt: _, ...rest } = JSON.parse(text) as Record<string, unknown>;
  return rest;
}

const backupPath = `${stem}-backup.db`;
const migratedPath = `${stem}-migrated.db`;
const restoredPath = `${stem}-restored.db`;

afterAll(() => {
  for (const path of [documentPath, databasePath, backupPath, restoredPath, migratedPath])
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
});

// Each test starts the command several times (about a second each, far more on a busy machine).
describe('npm run venue', { timeout: 120_000 }, () => {
  it('imports a catalogue into a new database, then exports exactly it on standard output', () => {
    writeFileSync(documentPath, JSON.stringify(smallCatalogue()));
    const imported = venue('import', documentPath);
    expect(imported.stderr).toContain('Imported the catalogue of venue 50 (a new venue):');
    expect(imported.stderr).toContain('created    2 vendors, 4 items, 1 modifierGroups, 2 modifiers, 2 coupons');
    expect(imported.status).toBe(0);
    expect(imported.stdout).toBe('');

    const exported = venue('export', '--venue', '50');
    expect(exported.status, exported.stderr).toBe(0);
    expect(JSON.parse(exported.stdout)).toEqual({ ...smallCatalogue(), exportedAt: expect.any(String) });

    // Round trip through the file: nothing changes.
    writeFileSync(documentPath, exported.stdout);
    const again = venue('import', documentPath);
    expect(again.status).toBe(0);
    expect(again.stderr).toContain('unchanged  2 vendors, 4 items, 1 modifierGroups, 2 modifiers, 2 coupons');
    expect(withoutExportedAt(venue('export', '--venue', '50').stdout)).toEqual(withoutExportedAt(exported.stdout));
  });

  it('prints every problem as "path: message" and exits 1, changing nothing', () => {
    const doc = smallCatalogue();
    doc.vendors[0]!.items[0]!.price = -5;
    doc.vendors[0]!.items[1]!.displayAssetId = 424_242;
    writeFileSync(documentPath, JSON.stringify(doc));
    const refused = venue('import', documentPath);
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim().split('\n')).toEqual([
      'The catalogue has 2 problems; nothing was changed.',
      '$.vendors[0].items[0].price: A price must not be negative.',
      '$.vendors[0].items[1].displayAssetId: Display asset 424242 does not exist; upload the picture first (POST /ops/v1/display-assets), or export the catalogue with its pictures (?pictures=include, --pictures).',
    ]);
    expect(withoutExportedAt(venue('export', '--venue', '50').stdout)).toEqual(smallCatalogue());
  });

  it('says what is wrong with a file that is not JSON, a venue that does not exist, and a wrong command', () => {
    writeFileSync(documentPath, '{ "version": 1,');
    const broken = venue('import', documentPath);
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(/^\$: The file is not valid JSON: /);
    const missing = venue('export', '--venue', '9');
    expect(missing).toMatchObject({ status: 1, stdout: '', stderr: 'Venue 9 not found\n' });
    const wrong = venue('publish');
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain('Unknown command "publish".');
    expect(wrong.stderr).toContain('Usage:');
  });
});

describe('npm run venue -- migrate', { timeout: 120_000 }, () => {
  it('applies the pending migrations once and exits; run again it applies nothing', () => {
    const first = venueOn(migratedPath, 'migrate');
    expect(first.status, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/^Applied 2026-11-22-1-catalogue, .*\.$/m);
    const again = venueOn(migratedPath, 'migrate');
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).toContain('Nothing to apply: the database is up to date.');
    const wrong = venueOn(migratedPath, 'migrate', 'now');
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain('migrate takes no arguments.');
  });
});

describe('withoutNpmBanner', () => {
  it("skips the lines npm writes before a script's output, and nothing else", () => {
    expect(withoutNpmBanner('\n> venue\n> node scripts/venue.mjs export --venue 0\n\n{"a":1}')).toBe('\n{"a":1}');
    expect(withoutNpmBanner('{"a":"> b"}')).toBe('{"a":"> b"}');
  });

  it('add-admin makes the first venue admin and prints, on its last line, a one-time link with the token', () => {
    const made = venue('add-admin', '--email', 'Owner@Example.com', '--name', 'Pat Owner');
    expect(made.status, made.stderr).toBe(0);
    const lines = `${made.stderr}${made.stdout}`.trim().split('\n');
    const link = new URL(lines.at(-1)!);
    expect(link.pathname).toBe('/admin/set-password');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(made.stdout.trim()).toBe(link.toString());
    expect(made.stderr).toMatch(/owner@example\.com \(Pat Owner\) a venue admin/);

    const again = venue('add-admin', '--email', 'owner@example.com');
    expect(again).toMatchObject({ status: 1, stdout: '' });
    expect(again.stderr).toMatch(/already has an account/);
    const wrong = venue('add-admin', '--email', 'not-an-address');
    expect(wrong).toMatchObject({ status: 1, stdout: '' });
    expect(wrong.stderr).toMatch(/--email: email must be an e-mail address/);
  });
});

describe('npm run venue -- backup / restore', { timeout: 120_000 }, () => {
  it('backs the database up and restores it into another DATABASE_URL, each saying what it did in one line', () => {
    const backedUp = venue('backup', backupPath);
    expect(backedUp.status, backedUp.stderr).toBe(0);
    expect(backedUp.stderr).toMatch(
      new RegExp(
        `^Backed up .+ to ${backupPath}: \\d+\\.\\d MB in \\d+\\.\\d\\d s, as it was at [\\d-]+T[\\d:.]+Z\\.\\n$`,
      ),
    );
    const again = venue('backup', backupPath);
    expect(again).toMatchObject({
      status: 1,
      stderr: `${backupPath} exists already; choose a new file, or add --force to replace it.\n`,
    });

    const restored = venueOn(restoredPath, 'restore', backupPath);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stderr).toMatch(
      /^Restored .+ \(a new file\): .+ 0 orders, migrated to 2\d{3}-.+ in \d+\.\d\d s\. Start the server\.\n$/,
    );
    // The first test's catalogue, as it is in the database backed up.
    expect(withoutExportedAt(venueOn(restoredPath, 'export', '--venue', '50').stdout)).toEqual(
      withoutExportedAt(venue('export', '--venue', '50').stdout),
    );
  });

  it('refuses PostgreSQL, pointing to pg_dump and pg_restore, and says how it is used', () => {
    const url = 'postgres://nobody@127.0.0.1:1/none';
    expect(venueOn(url, 'backup', backupPath)).toMatchObject({
      status: 1,
      stderr: expect.stringMatching(/^DATABASE_URL is PostgreSQL: back it up with pg_dump \(README.*\n$/),
    });
    expect(venueOn(url, 'restore', backupPath)).toMatchObject({
      status: 1,
      stderr: expect.stringMatching(
        /^DATABASE_URL is PostgreSQL: restore a pg_dump file with pg_restore \(README.*\n$/,
      ),
    });
    const wrong = venue('restore');
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain('restore takes one file name.');
    expect(wrong.stderr).toContain('npm run venue -- restore <file.db> [--force]');
  });
});
