import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config.ts';
import { announceGeneratedOpsToken } from './generated-ops-token.ts';

describe('a generated OPS_TOKEN', () => {
  const dir = mkdtempSync(join(tmpdir(), 'venue-ops-token-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const token = 'generated-token-0123456789abcdef';

  it('is written to a file only its owner can read, and the log line says where, not what', () => {
    const file = join(dir, 'data', 'ops-token');
    const line = announceGeneratedOpsToken({ token, file, terminal: null });
    expect(readFileSync(file, 'utf8')).toBe(`${token}\n`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(line).toContain(file);
    expect(line).not.toContain(token);
  });

  it('is shown on the terminal when there is one, and a file left readable by others is closed', () => {
    const file = join(dir, 'old-token');
    writeFileSync(file, 'old\n', { mode: 0o644 });
    const shown: string[] = [];
    const line = announceGeneratedOpsToken({ token, file, terminal: { write: (text: string) => shown.push(text) } });
    expect(shown.join('')).toContain(token);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(line).not.toContain(token);
    expect(line).toMatch(/shown above/);
  });

  it('is never written into the log line, even when the file cannot be written', () => {
    const notADirectory = join(dir, 'a-file');
    writeFileSync(notADirectory, '');
    const line = announceGeneratedOpsToken({ token, file: join(notADirectory, 'ops-token'), terminal: null });
    expect(line).not.toContain(token);
    expect(line).toMatch(/set OPS_TOKEN/);
  });

  it('goes beside the SQLite database, or into ./data with PostgreSQL', () => {
    expect(parseConfig({ DATABASE_URL: join(dir, 'venue.db') }).opsTokenFile).toBe(join(dir, 'ops-token'));
    expect(parseConfig({ DATABASE_URL: 'postgres://db.example/venue' }).opsTokenFile).toMatch(/\/data\/ops-token$/);
  });
});
