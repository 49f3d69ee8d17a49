/** SQL for display assets (pictures stored as SVG source, or uploaded image bytes). */
import type { Insertable, Kysely } from 'kysely';
import type { Database, DisplayAssetsTable } from '../../db/schema.ts';

/** Ids per `in (…)` list. */
const ID_CHUNK = 1_000;

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
  picture: { image: Buffer; contentType: string; contentHash: string; nowMs: number },
): Promise<number> {
  const row = await db
    .insertInto('display_assets')
    .values({
      kind: 'upload',
      svg: '',
      alt_text: '',
      updated_at: picture.nowMs,
      content_type: picture.contentType,
      content_hash: picture.contentHash,
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

/** Pictures with everything a catalogue carries of them, by id. */
export async function listDisplayAssets(db: Kysely<Database>, ids: readonly number[]) {
  const rows = [];
  for (let i = 0; i < ids.length; i += ID_CHUNK)
    rows.push(
      ...(await db
        .selectFrom('display_assets')
        .select(['id', 'kind', 'svg', 'alt_text', 'content_type', 'image'])
        .where('id', 'in', ids.slice(i, i + ID_CHUNK))
        .orderBy('id')
        .execute()),
    );
  return rows;
}

/** Pictures stored before their content was hashed. */
export function listUnhashedDisplayAssets(db: Kysely<Database>) {
  return db
    .selectFrom('display_assets')
    .select(['id', 'svg', 'content_type', 'image'])
    .where('content_hash', 'is', null)
    .execute();
}

export async function setDisplayAssetHash(db: Kysely<Database>, id: number, contentHash: string): Promise<void> {
  await db.updateTable('display_assets').set({ content_hash: contentHash }).where('id', '=', id).execute();
}

/** The stored picture holding each of these content hashes (the oldest, if several do). */
export async function findDisplayAssetIdsByHashes(
  db: Kysely<Database>,
  hashes: readonly string[],
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (let i = 0; i < hashes.length; i += ID_CHUNK) {
    const rows = await db
      .selectFrom('display_assets')
      .select(['id', 'content_hash'])
      .where('content_hash', 'in', hashes.slice(i, i + ID_CHUNK))
      .orderBy('id')
      .execute();
    for (const row of rows)
      if (row.content_hash !== null && !found.has(row.content_hash)) found.set(row.content_hash, row.id);
  }
  return found;
}

/** A picture a catalogue brought; answers its id. */
export async function insertDisplayAsset(
  db: Kysely<Database>,
  picture: Omit<Insertable<DisplayAssetsTable>, 'id'>,
): Promise<number> {
  const row = await db.insertInto('display_assets').values(picture).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
