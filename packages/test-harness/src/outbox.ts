import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eventually } from './ui.ts';

/**
 * The emails the server wrote to its outbox folder (OUTBOX_DIR, used when no SMTP_URL is set): one
 * `.eml` file each. Bodies are quoted-printable; `text` is the whole message with its soft line
 * breaks undone and `=XX` escapes decoded, so a test can find sentences and links in it.
 */
export interface OutboxEmail {
  file: string;
  /** the To header's value */
  to: string;
  subject: string;
  /** the whole message, quoted-printable decoded */
  text: string;
}

/** Undoes quoted-printable: `=` at a line's end joins it to the next, `=XX` is the byte XX (UTF-8). */
export function decodeQuotedPrintable(encoded: string): string {
  const joined = encoded.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined[index] === '=' ? joined.slice(index + 1, index + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function header(message: string, name: string): string {
  const head = message.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(unfolded);
  return match?.[1]?.trim() ?? '';
}

/** Every email in the outbox folder, oldest first (the files are named by the time they were sent). */
export async function readOutbox(dir: string): Promise<OutboxEmail[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(
    names.map(async (name) => {
      const raw = await readFile(join(dir, name), 'utf8');
      return { file: name, to: header(raw, 'To'), subject: header(raw, 'Subject'), text: decodeQuotedPrintable(raw) };
    }),
  );
}

/** Waits until the outbox holds emails to `address` that `accept`; returns them (empty after `timeout`). */
export async function emailsTo(
  dir: string,
  address: string,
  accept: (email: OutboxEmail) => boolean = () => true,
  timeout = 60_000,
): Promise<OutboxEmail[]> {
  const find = async () =>
    (await readOutbox(dir)).filter((email) => email.to.toLowerCase().includes(address.toLowerCase()) && accept(email));
  return eventually(find, (found) => found.length > 0, timeout);
}
