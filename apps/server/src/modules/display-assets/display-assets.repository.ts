/** SQL for display assets (pictures stored as SVG source). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function findDisplayAsset(db: Kysely<Database>, assetId: number) {
  return db
    .selectFrom('display_assets')
    .select(['id', 'svg', 'alt_text', 'updated_at'])
    .where('id', '=', assetId)
    .executeTakeFirst();
}
