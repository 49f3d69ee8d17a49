/**
 * The back office's menu and store editor (issue 26): every row a manager edits — a store, a menu
 * item, an option group (with its options), a coupon — carries an edit version, when it was last
 * saved and by whom, so a save based on an older version is refused (409, naming who changed it
 * and when) instead of overwriting someone else's change. A catalogue import that changes a row
 * moves its version too. 0 and null: not saved since these were recorded.
 * Frozen: never edit after release.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any>, never the app's types */
import type { Kysely } from 'kysely';

const EDITED_TABLES = ['vendors', 'menu_items', 'modifier_groups', 'coupons'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of EDITED_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('edit_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    /** epoch ms of the last save */
    await db.schema.alterTable(table).addColumn('edited_at', 'bigint').execute();
    /** the audit actor of the last save ('manager:<id>:<name>', 'ops' …) */
    await db.schema.alterTable(table).addColumn('edited_by', 'text').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [...EDITED_TABLES].reverse()) {
    await db.schema.alterTable(table).dropColumn('edited_by').execute();
    await db.schema.alterTable(table).dropColumn('edited_at').execute();
    await db.schema.alterTable(table).dropColumn('edit_version').execute();
  }
}
