/** SQL for display assets (pictures stored as SVG source, or uploaded image bytes). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function findDisplayAsset(db: Kysely<Database>, assetId: number) {
  return db
    .selectFrom('display_assets')
    .select(['id', 'svg', 'image', 'alt_text', 'updated_at'])
    .where('id', '=', assetId)
    .executeTakeFirst();
}

/** A picture uploaded through the operations API; answers its id. */
export async function insertUploadedPicture(
  db: Kysely<Database>,
  picture: { image: Buffer; contentType: string; nowMs: number },
): Promise<number> {
  const row = await db
    .insertInto('display_assets')
    .values({
      kind: 'upload',
      svg: '',
      alt_text: '',
      updated_at: picture.nowMs,
      content_type: picture.contentType,
      image: picture.image,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Which of these asset ids exist. */
export async function existingDisplayAssetIds(db: Kysely<Database>, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('display_assets')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}
