import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { MediaVariant } from '../db/schema.ts';
import type { Storage } from '../media/storage.ts';
import { MediaStatus } from '../posts/post-status.ts';
import type { AvatarRendition } from './avatar-images.ts';

/** Avatar files in the Storage and their media_files row; the only place that writes either. */
export class AvatarsRepository {
  private readonly db: Db;
  private readonly storage: Storage;

  constructor(db: Db, storage: Storage) {
    this.db = db;
    this.storage = storage;
  }

  /**
   * Stores the renditions under a new unguessable media name, makes them the user's avatar and removes
   * the previous avatar (row and files). Files are written first: a failure leaves orphans, never a
   * profile pointing at missing files.
   */
  async replace(userId: number, renditions: readonly AvatarRendition[]): Promise<Record<string, MediaVariant>> {
    const name = randomBytes(15).toString('base64url');
    const variants: Record<string, MediaVariant> = {};
    for (const rendition of renditions) {
      const key = `media/${name}/${rendition.rendition}.${rendition.extension}`;
      await this.storage.put(key, rendition.bytes);
      variants[rendition.rendition] = {
        key,
        mime: rendition.mime,
        width: rendition.size,
        height: rendition.size,
        bytes: rendition.bytes.length,
      };
    }
    const original = variants['avatar-retina-jpg'] as MediaVariant;
    const previous = await this.db.transaction().execute(async (trx) => {
      const old = await trx
        .selectFrom('users as u')
        .innerJoin('media_files as m', 'm.id', 'u.avatar_media_id')
        .select(['m.id', 'm.variants', 'm.owner_id as ownerId'])
        .where('u.id', '=', userId)
        .executeTakeFirst();
      const row = await trx
        .insertInto('media_files')
        .values({
          name,
          owner_id: userId,
          kind: 'image',
          mime_type: 'image/jpeg',
          status: MediaStatus.ready,
          width: original.width ?? null,
          height: original.height ?? null,
          size_bytes: original.bytes ?? null,
          original_key: original.key,
          variants: JSON.stringify(variants),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('users').set({ avatar_media_id: row.id, updated_at: new Date() }).where('id', '=', userId).execute();
      // Only the user's own avatar files go; anything shared (none today) stays.
      if (old && old.ownerId === userId) await trx.deleteFrom('media_files').where('id', '=', old.id).execute();
      return old?.ownerId === userId ? old : undefined;
    });
    if (previous) await Promise.all(Object.values(previous.variants).map((variant) => this.storage.delete(variant.key)));
    return variants;
  }
}
