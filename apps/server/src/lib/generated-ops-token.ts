/**
 * A generated OPS_TOKEN (OPS_TOKEN unset) must reach the operator without reaching the log: logs
 * are shipped, kept and read by more people than the venue's admin. It is written to a file only
 * this user can read, and shown once on the terminal when there is one; the log says where it is.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface GeneratedOpsToken {
  token: string;
  /** the file to write it to (Config.opsTokenFile) */
  file: string;
  /** the terminal to show it on, or null when standard output is not one (a service, a pipe) */
  terminal: { write(text: string): unknown } | null;
}

/** Writes the token where the operator finds it; answers the log line, which never holds it. */
export function announceGeneratedOpsToken({ token, file, terminal }: GeneratedOpsToken): string {
  let written = true;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${token}\n`, { mode: 0o600 });
    // A file that was there already keeps its old mode through a write.
    chmodSync(file, 0o600);
  } catch {
    written = false;
  }
  terminal?.write(`OPS token (generated for this run; set OPS_TOKEN to keep one): ${token}\n`);
  const where = [written ? `written to ${file} (readable by this user only)` : null, terminal ? 'shown above' : null]
    .filter((part) => part !== null)
    .join(' and ');
  return where === ''
    ? `OPS token: generated for this run, but ${file} could not be written; set OPS_TOKEN to choose one`
    : `OPS token: generated for this run, ${where}; set OPS_TOKEN to keep one`;
}
