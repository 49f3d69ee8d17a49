/**
 * The VAPID key pair this server signs pushes with (docs/decisions/023-web-push.md). Set both
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to choose them; otherwise the first node to need them
 * generates a pair and stores it in `server_settings` with an insert that does nothing when a pair
 * is there already, then every node reads back the stored one. Two nodes starting together thus
 * end with the same keys, and a browser subscribed through one node gets pushes signed by another.
 */
import webpush from 'web-push';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { insertSettingIfAbsent, readSetting } from './push.repository.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export const VAPID_SETTING_KEY = 'vapid-keys';

function parseStored(text: string): VapidKeys {
  const value = JSON.parse(text) as Partial<VapidKeys>;
  if (typeof value.publicKey !== 'string' || typeof value.privateKey !== 'string') {
    throw new Error(`server_settings '${VAPID_SETTING_KEY}' does not hold a VAPID key pair`);
  }
  return { publicKey: value.publicKey, privateKey: value.privateKey };
}

/** Reads the stored pair, generating and storing one first when there is none. */
export async function storedVapidKeys(db: Kysely<Database>, nowMs: number): Promise<VapidKeys> {
  const stored = await readSetting(db, VAPID_SETTING_KEY);
  if (stored !== undefined) return parseStored(stored);
  const generated = webpush.generateVAPIDKeys();
  await insertSettingIfAbsent(db, VAPID_SETTING_KEY, JSON.stringify(generated), nowMs);
  // Read back: another node may have stored its pair first, and that one is everybody's.
  const winner = await readSetting(db, VAPID_SETTING_KEY);
  if (winner === undefined) throw new Error('the VAPID keys were not stored');
  return parseStored(winner);
}

/**
 * The keys of this process, resolved once: from the settings when given, else from the database.
 * A failed read (the database away) is not remembered, so the next caller tries again.
 */
export class VapidKeySource {
  private resolved: Promise<VapidKeys> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly configured: VapidKeys | null,
    private readonly clock: () => number,
  ) {}

  keys(): Promise<VapidKeys> {
    if (this.configured) return Promise.resolve(this.configured);
    if (!this.resolved) {
      this.resolved = storedVapidKeys(this.db, this.clock());
      this.resolved.catch(() => {
        this.resolved = null;
      });
    }
    return this.resolved;
  }
}
